import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible API, for tests and benchmarks: a real HTTP server with
 * POST /v1/embeddings (deterministic vectors: a hashed bag of word stems, normalised, so texts that
 * share words are near) and POST /v1/chat/completions (scripted replies, streaming too), with
 * switches for failures (an HTTP status, or no answer at all until the client gives up).
 * Test support kept in src so other modules' tests (the chat engine) can start it.
 */
export type FakeOpenAiRequest = { path: string; body: Record<string, unknown>; authorization?: string };
export type ChatScript = string | ((request: Record<string, unknown>) => string);

export type FakeOpenAi = {
  /** Base URL for AI_BASE_URL, e.g. http://127.0.0.1:PORT/v1 */
  url: string;
  requests: FakeOpenAiRequest[];
  /** Replies for the next chat completions, in order; afterwards `defaultReply`. */
  scriptReplies(...replies: ChatScript[]): void;
  defaultReply: ChatScript;
  /** The next n requests (to `path` when given, e.g. '/v1/embeddings') answer this status. */
  failNext(n: number, status?: number, path?: string): void;
  /** The next n requests get no answer for `ms` milliseconds (a client timeout). */
  stallNext(n: number, ms: number, path?: string): void;
  close(): Promise<void>;
};

export const FAKE_EMBEDDING_DIMENSIONS = 256;

const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from has have how i if in is it its my of on or our the this to we what when where which who will with you your'.split(
    ' ',
  ),
);

/** A crude English stem, enough that "sessions" and "session", "enrolling" and "enroll" meet. */
export function fakeStem(word: string): string {
  return word
    .replace(/(ies)$/, 'y')
    .replace(/(ing|ed|es|s|ly)$/, '')
    .slice(0, 12);
}

/** The fake's embedding of a text: word stems hashed into `dimensions` buckets, unit length. */
export function fakeEmbedding(text: string, dimensions = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  for (const word of words) {
    if (STOP_WORDS.has(word)) continue;
    const digest = crypto.createHash('md5').update(fakeStem(word)).digest();
    const bucket = digest.readUInt32LE(0) % dimensions;
    vector[bucket]! += digest[4]! & 1 ? 1 : -1;
  }
  const norm = Math.hypot(...vector);
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  return vector.map((x) => x / norm);
}

type Fault = { remaining: number; path?: string; status?: number; stallMs?: number };

export async function startFakeOpenAi(
  options: { dimensions?: number; apiKey?: string } = {},
): Promise<FakeOpenAi> {
  const dimensions = options.dimensions ?? FAKE_EMBEDDING_DIMENSIONS;
  const requests: FakeOpenAiRequest[] = [];
  const script: ChatScript[] = [];
  const faults: Fault[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const fake: FakeOpenAi = {
    url: '',
    requests,
    defaultReply: 'This is a scripted reply from the fake AI provider.',
    scriptReplies: (...replies) => void script.push(...replies),
    failNext: (n, status = 500, path) => void faults.push({ remaining: n, path, status }),
    stallNext: (n, ms, path) => void faults.push({ remaining: n, path, stallMs: ms }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  function takeFault(path: string): Fault | undefined {
    const fault = faults.find((f) => f.remaining > 0 && (!f.path || f.path === path));
    if (fault) fault.remaining -= 1;
    return fault;
  }

  function send(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  function embeddings(body: Record<string, unknown>, res: http.ServerResponse) {
    const input = body.input;
    const texts = typeof input === 'string' ? [input] : input;
    if (!Array.isArray(texts) || texts.some((t) => typeof t !== 'string'))
      return send(res, 400, { error: { message: "'input' must be a string or a list of strings" } });
    const size = typeof body.dimensions === 'number' ? body.dimensions : dimensions;
    send(res, 200, {
      object: 'list',
      model: body.model,
      data: texts.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: fakeEmbedding(text, size),
      })),
      usage: { prompt_tokens: 0, total_tokens: 0 },
    });
  }

  function chat(body: Record<string, unknown>, res: http.ServerResponse) {
    if (!Array.isArray(body.messages))
      return send(res, 400, { error: { message: "'messages' is required" } });
    const next = script.shift() ?? fake.defaultReply;
    const content = typeof next === 'function' ? next(body) : next;
    if (body.stream === true) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of content.match(/.{1,8}/gs) ?? [])
        res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: piece } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
      return;
    }
    send(res, 200, {
      id: `chatcmpl-${crypto.randomUUID()}`,
      object: 'chat.completion',
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length
          ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>)
          : {};
      } catch {
        return send(res, 400, { error: { message: 'Invalid JSON body' } });
      }
      requests.push({ path, body, authorization: req.headers.authorization });
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`)
        return send(res, 401, { error: { message: 'Incorrect API key provided' } });
      const fault = takeFault(path);
      if (fault?.stallMs) {
        setTimeout(
          () => (res.writableEnded ? undefined : send(res, 504, { error: { message: 'stalled' } })),
          fault.stallMs,
        );
        return;
      }
      if (fault?.status)
        return send(res, fault.status, { error: { message: 'The fake server failed on purpose' } });
      if (req.method === 'POST' && path === '/v1/embeddings') return embeddings(body, res);
      if (req.method === 'POST' && path === '/v1/chat/completions') return chat(body, res);
      send(res, 404, { error: { message: `Unknown path ${path}` } });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
