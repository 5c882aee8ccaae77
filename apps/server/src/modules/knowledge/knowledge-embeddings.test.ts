import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../providers/ai/fake-openai';
import { createTestApp, loginToken, queryRows, type TestApp } from '../../test/test-app';
import { knowledgeClient } from './knowledge-test-helpers';
import { handbookMarkdown } from './test-fixtures/documents';

let fake: FakeOpenAi;
let t: TestApp;
let k: ReturnType<typeof knowledgeClient>;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await createTestApp({ AI_BASE_URL: fake.url, AI_EMBEDDING_MODEL: 'fake-embed', AI_TIMEOUT_MS: '2000' });
  k = knowledgeClient(t, await loginToken(t.app));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const stats = async () =>
  (await k.call('GET', '/api/knowledge/stats')).json() as {
    totalChunks: number;
    chunksWithEmbeddings: number;
    search_mode: string;
  };

/** The embedding job runs in the background: waits until every chunk has its vector. */
async function allEmbedded() {
  for (let i = 0; i < 200; i++) {
    const s = await stats();
    if (s.totalChunks > 0 && s.chunksWithEmbeddings === s.totalChunks) return s;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`chunks not embedded: ${JSON.stringify(await stats())}`);
}

describe('embeddings through the AI provider', () => {
  it('embeds every chunk in the background, and the statistics say so', async () => {
    await k.uploadOk('handbook.md', handbookMarkdown());
    const s = await allEmbedded();
    expect(s.search_mode).toBe('hybrid');
    const calls = fake.requests.filter((r) => r.path === '/v1/embeddings');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls[0]!.body.model).toBe('fake-embed');
  });

  it('searches hybrid, the right chunk first', async () => {
    const { results, search_mode } = await k.searchOk('speech therapy sessions per week');
    expect(search_mode).toBe('hybrid');
    expect(results[0]!.text).toContain('two speech therapy sessions per week');
    expect(results[0]!.similarity).toBeGreaterThanOrEqual(0.7);
    expect(results[0]!.similarity).toBeLessThanOrEqual(1);
  });

  it('ranks with the HNSW index where pgvector exists (PGlite), exactly where it does not', async () => {
    const indexes = await queryRows(
      t.database,
      sql`select indexname from pg_indexes where tablename = 'knowledge_chunks' and indexname like '%hnsw%'`,
    );
    if (t.database.kind === 'pglite')
      expect(indexes.map((r) => r.indexname)).toEqual(['knowledge_chunks_embedding_hnsw_256']);
    else expect(indexes).toEqual([]);
  });

  it('embeds a chunk again after it is edited, and a new manual chunk', async () => {
    const created = (
      await k.call('POST', '/api/knowledge/chunks', { chunk_text: 'Chess club meets on Tuesdays.' })
    ).json().chunk as { id: string; has_embedding: boolean };
    expect(created.has_embedding).toBe(false);
    await allEmbedded();
    await k.call('PUT', `/api/knowledge/chunks/${created.id}`, {
      chunk_text: 'Chess club meets on Thursdays.',
    });
    const s = await allEmbedded();
    expect(s.chunksWithEmbeddings).toBe(s.totalChunks);
    expect((await k.searchOk('chess club thursdays')).results[0]!.chunk_id).toBe(created.id);
  });

  it('falls back to lexical search when the provider fails, still answering', async () => {
    fake.failNext(1, 500, '/v1/embeddings');
    const { results, search_mode } = await k.searchOk('sibling discount');
    expect(search_mode).toBe('lexical');
    expect(results[0]!.text).toContain('sibling discount');
    fake.stallNext(1, 4000, '/v1/embeddings');
    const stalled = await k.searchOk('sibling discount');
    expect(stalled.search_mode).toBe('lexical');
    expect(stalled.results[0]!.text).toContain('sibling discount');
  });
});
