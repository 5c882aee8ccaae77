/**
 * The one AI provider (DESIGN.md): chat completion and embeddings over the OpenAI-compatible HTTP
 * API (OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio...), configured by environment (AI_*).
 * With nothing configured every call throws AiNotConfiguredError and callers use their offline path
 * (lexical search, scripted chat, OCR with tesseract).
 *
 * Usage (chat engine, knowledge base):
 *   if (ai.hasChat) { const { content } = await ai.chat({ messages, temperature: 0.2 }); }
 *   const { content } = await ai.chat({ messages, responseFormat: 'json' }); // JSON-only reply
 *   for await (const delta of ai.chatStream({ messages })) reply.raw.write(delta);
 *   const [vector] = await ai.embed(['text']);
 */

export type ChatContentPart =
  | { type: 'text'; text: string }
  /** An image for a vision model: a data: URL or an https URL. */
  | { type: 'image_url'; image_url: { url: string } };

export type ChatMessage = {
  role: 'system' | 'user' | 'assistant';
  content: string | ChatContentPart[];
};

export type ChatRequest = {
  messages: ChatMessage[];
  /** 0..2; the provider's default when unset. */
  temperature?: number;
  /** 'json' asks the model for a single JSON object (OpenAI's response_format json_object). */
  responseFormat?: 'json';
  maxTokens?: number;
  /** Defaults to AI_CHAT_MODEL (AI_VISION_MODEL for image requests made through `vision`). */
  model?: string;
  /** Cancels the request (the caller's own deadline); AI_TIMEOUT_MS applies in any case. */
  signal?: AbortSignal;
};

export type ChatResponse = { content: string };

export interface AiProvider {
  /** A chat model is configured (AI_CHAT_MODEL). */
  readonly hasChat: boolean;
  /** An embeddings model is configured (AI_EMBEDDING_MODEL). */
  readonly hasEmbeddings: boolean;
  /** A vision-capable chat model is configured (AI_VISION_MODEL): images are read by it, not by OCR. */
  readonly hasVision: boolean;
  /** The embeddings model's name, stored beside each vector so a model change is noticed. */
  readonly embeddingModel: string | null;
  chat(request: ChatRequest): Promise<ChatResponse>;
  /** The reply's text as it arrives (server-sent events of the streaming API). */
  chatStream(request: ChatRequest): AsyncIterable<string>;
  /** A text reply about images, through the vision model. */
  vision(request: Omit<ChatRequest, 'model'>): Promise<ChatResponse>;
  /** One vector per text, in order. Texts are sent in batches of up to 64. */
  embed(texts: string[], options?: { signal?: AbortSignal }): Promise<number[][]>;
}

export type AiConfig = {
  baseUrl: string | null;
  apiKey: string | null;
  chatModel: string | null;
  visionModel: string | null;
  embeddingModel: string | null;
  /** Asked of models that can shorten their vectors (OpenAI text-embedding-3); null: the model's own. */
  embeddingDimensions: number | null;
  timeoutMs: number;
};

export const AI_NOT_CONFIGURED = 'AI provider not configured';

/** Thrown when a feature needs a model that is not configured. */
export class AiNotConfiguredError extends Error {
  constructor(what: string) {
    super(`${AI_NOT_CONFIGURED} (${what})`);
    this.name = 'AiNotConfiguredError';
  }
}

/** A failed call: timeout, refused connection, an HTTP error status, or an answer we cannot read. */
export class AiProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'network' | 'http' | 'bad_response',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AiProviderError';
  }
}

const EMBED_BATCH = 64;

export function createAiProvider(config: AiConfig): AiProvider {
  const baseUrl = (config.baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
  // Talking to OpenAI itself needs a key; a local server (Ollama, vLLM, the fake) may not.
  const reachable = !!config.baseUrl || !!config.apiKey;
  const chatModel = reachable ? config.chatModel : null;
  const visionModel = reachable ? config.visionModel : null;
  const embeddingModel = reachable ? config.embeddingModel : null;

  async function post(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
    const timeout = AbortSignal.timeout(config.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: combined,
      });
    } catch (error) {
      if (timeout.aborted)
        throw new AiProviderError(`The AI provider did not answer within ${config.timeoutMs} ms`, 'timeout');
      if (signal?.aborted) throw error;
      throw new AiProviderError(
        `The AI provider could not be reached: ${(error as Error).message}`,
        'network',
      );
    }
    if (!response.ok) {
      // The provider's own message helps staff fix their configuration; it never holds our key.
      const text = await response.text().catch(() => '');
      const detail = readErrorMessage(text) ?? response.statusText;
      throw new AiProviderError(
        `The AI provider answered ${response.status}: ${detail}`,
        'http',
        response.status,
      );
    }
    return response;
  }

  function chatBody(request: ChatRequest, model: string, stream: boolean) {
    return {
      model,
      messages: request.messages,
      stream,
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
      ...(request.responseFormat === 'json' ? { response_format: { type: 'json_object' } } : {}),
    };
  }

  async function complete(request: ChatRequest, model: string | null, what: string): Promise<ChatResponse> {
    if (!model) throw new AiNotConfiguredError(what);
    const response = await post('/chat/completions', chatBody(request, model, false), request.signal);
    const json = (await response.json().catch(() => null)) as {
      choices?: { message?: { content?: unknown } }[];
    } | null;
    const content = json?.choices?.[0]?.message?.content;
    if (typeof content !== 'string')
      throw new AiProviderError('The AI provider answered without a message', 'bad_response');
    return { content };
  }

  return {
    hasChat: !!chatModel,
    hasEmbeddings: !!embeddingModel,
    hasVision: !!visionModel,
    embeddingModel,

    chat: (request) => complete(request, request.model ?? chatModel, 'chat model'),
    vision: (request) => complete(request, visionModel, 'vision model'),

    async *chatStream(request) {
      const model = request.model ?? chatModel;
      if (!model) throw new AiNotConfiguredError('chat model');
      const response = await post('/chat/completions', chatBody(request, model, true), request.signal);
      if (!response.body)
        throw new AiProviderError('The AI provider answered without a body', 'bad_response');
      yield* readServerSentDeltas(response.body);
    },

    async embed(texts, options = {}) {
      if (!embeddingModel) throw new AiNotConfiguredError('embeddings model');
      const vectors: number[][] = [];
      for (let start = 0; start < texts.length; start += EMBED_BATCH) {
        const input = texts.slice(start, start + EMBED_BATCH);
        const response = await post(
          '/embeddings',
          {
            model: embeddingModel,
            input,
            ...(config.embeddingDimensions ? { dimensions: config.embeddingDimensions } : {}),
          },
          options.signal,
        );
        vectors.push(...(await readEmbeddings(response, input.length)));
      }
      return vectors;
    },
  };
}

function readErrorMessage(text: string): string | null {
  try {
    const json = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
    const message = typeof json.error === 'string' ? json.error : (json.error?.message ?? json.message);
    return message ? String(message).slice(0, 300) : null;
  } catch {
    return text ? text.slice(0, 300) : null;
  }
}

async function readEmbeddings(response: Response, expected: number): Promise<number[][]> {
  const json = (await response.json().catch(() => null)) as {
    data?: { embedding?: unknown; index?: number }[];
  } | null;
  const data = json?.data;
  if (!Array.isArray(data) || data.length !== expected)
    throw new AiProviderError('The AI provider answered the wrong number of embeddings', 'bad_response');
  const ordered = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  return ordered.map((item) => {
    const v = item.embedding;
    if (!Array.isArray(v) || v.length === 0 || v.some((x) => typeof x !== 'number' || !Number.isFinite(x)))
      throw new AiProviderError(
        'The AI provider answered an embedding that is not a list of numbers',
        'bad_response',
      );
    return v as number[];
  });
}

/** The `delta.content` pieces of an OpenAI streaming answer (lines `data: {...}`, ending `data: [DONE]`). */
async function* readServerSentDeltas(body: ReadableStream<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      const delta = (JSON.parse(data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta
        ?.content;
      if (delta) yield delta;
    }
  }
}
