import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiNotConfiguredError, AiProviderError, createAiProvider, type AiConfig } from './ai-provider';
import { fakeEmbedding, startFakeOpenAi, type FakeOpenAi } from './fake-openai';

let fake: FakeOpenAi;
const KEY = 'sk-test-key-never-shown';
const config = (overrides: Partial<AiConfig> = {}): AiConfig => ({
  baseUrl: fake.url,
  apiKey: KEY,
  chatModel: 'fake-chat',
  visionModel: 'fake-vision',
  embeddingModel: 'fake-embed',
  embeddingDimensions: null,
  timeoutMs: 2000,
  ...overrides,
});

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: KEY });
});
afterAll(() => fake.close());

describe('the AI provider', () => {
  it('answers a chat completion, asking for JSON when told', async () => {
    fake.scriptReplies('{"ok":true}');
    const ai = createAiProvider(config());
    const reply = await ai.chat({
      messages: [{ role: 'user', content: 'hi' }],
      temperature: 0,
      responseFormat: 'json',
    });
    expect(reply.content).toBe('{"ok":true}');
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.body).toMatchObject({
      model: 'fake-chat',
      temperature: 0,
      response_format: { type: 'json_object' },
    });
    expect(sent.authorization).toBe(`Bearer ${KEY}`);
  });

  it('streams a reply piece by piece', async () => {
    fake.scriptReplies('Our school day starts at 8:15.');
    const ai = createAiProvider(config());
    const pieces: string[] = [];
    for await (const piece of ai.chatStream({ messages: [{ role: 'user', content: 'when?' }] }))
      pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('Our school day starts at 8:15.');
  });

  it('embeds texts in order, in batches, near for texts that share words', async () => {
    const ai = createAiProvider(config());
    const texts = Array.from({ length: 70 }, (_, i) => `text number ${i}`);
    const vectors = await ai.embed(texts);
    expect(vectors).toHaveLength(70);
    expect(vectors[69]).toEqual(fakeEmbedding('text number 69'));
    const [a, b, c] = await ai.embed(['speech therapy sessions', 'speech therapy session', 'tuition fees']);
    const dot = (x: number[], y: number[]) => x.reduce((s, v, i) => s + v * y[i]!, 0);
    expect(dot(a!, b!)).toBeGreaterThan(0.99);
    expect(dot(a!, c!)).toBeLessThan(0.5);
  });

  it('gives up after the timeout with a clear error', async () => {
    fake.stallNext(1, 3000, '/v1/chat/completions');
    const ai = createAiProvider(config({ timeoutMs: 300 }));
    const error = await ai.chat({ messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error).toMatchObject({ kind: 'timeout', message: 'The AI provider did not answer within 300 ms' });
  });

  it('reports the provider’s error status and message, never the key', async () => {
    fake.failNext(1, 500, '/v1/embeddings');
    const ai = createAiProvider(config());
    const error = (await ai.embed(['x']).catch((e: unknown) => e)) as AiProviderError;
    expect(error).toMatchObject({ kind: 'http', status: 500 });
    expect(error.message).toContain('500');
    const wrongKey = createAiProvider(config({ apiKey: 'sk-wrong' }));
    const refused = (await wrongKey.chat({ messages: [] }).catch((e: unknown) => e)) as AiProviderError;
    expect(refused).toMatchObject({ kind: 'http', status: 401 });
    expect(refused.message).not.toContain('sk-wrong');
  });

  it('says it is not configured when no model is set, and reaches nothing', async () => {
    const before = fake.requests.length;
    const ai = createAiProvider({ ...config(), baseUrl: null, apiKey: null });
    expect(ai).toMatchObject({ hasChat: false, hasEmbeddings: false, hasVision: false });
    await expect(ai.chat({ messages: [] })).rejects.toBeInstanceOf(AiNotConfiguredError);
    await expect(ai.embed(['x'])).rejects.toThrow('AI provider not configured');
    expect(fake.requests.length).toBe(before);
  });

  it('reports a refused connection as a network error', async () => {
    const ai = createAiProvider(config({ baseUrl: 'http://127.0.0.1:9/v1' }));
    await expect(ai.chat({ messages: [] })).rejects.toMatchObject({ kind: 'network' });
  });
});
