import { KNOWLEDGE_MESSAGES } from '@lantern/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginToken, queryRows, type TestApp } from '../../test/test-app';
import { knowledgeClient } from './knowledge-test-helpers';
import { handbookMarkdown, readFixture } from './test-fixtures/documents';

let t: TestApp;
let k: ReturnType<typeof knowledgeClient>;
let handbookId: string;

beforeAll(async () => {
  t = await createTestApp();
  k = knowledgeClient(t, await loginToken(t.app));
  handbookId = (await k.uploadOk('handbook.md', handbookMarkdown(), { category: 'programs' })).document.id;
});
afterAll(() => t.close());

type Chunk = {
  id: string;
  knowledge_base_id: string | null;
  document_name: string | null;
  category: string;
  chunk_index: number;
  chunk_text: string;
  token_count: number;
  extraction_method: string;
};

describe('text extractions from images', () => {
  let extractionId: string;

  it('reads a printed notice by OCR into a pending extraction with its confidence', async () => {
    const body = await k.uploadOk('notice.png', readFixture('printed-notice.png'), { category: 'policies' });
    expect(body).toMatchObject({ status: 'chunked', totalChunks: 0, textExtractions: 1 });
    const res = await k.call('GET', '/api/knowledge/extractions?status=pending');
    expect(res.statusCode).toBe(200);
    const { extractions, total } = res.json() as { extractions: Record<string, unknown>[]; total: number };
    expect(total).toBe(1);
    expect(extractions[0]).toMatchObject({
      original_filename: 'notice.png',
      file_type: 'png',
      extraction_method: 'ocr',
      status: 'pending',
      reviewed_text: null,
      reviewed_at: null,
    });
    expect(String(extractions[0]!.extracted_text)).toMatch(/library is open every weekday/i);
    expect(extractions[0]!.confidence_score).toBeGreaterThan(0.6);
    expect(extractions[0]!.confidence_score).toBeLessThanOrEqual(1);
    extractionId = String(extractions[0]!.id);
  }, 60_000);

  it('serves the image an extraction was read from, to staff only', async () => {
    const res = await k.call('GET', `/api/knowledge/extractions/${extractionId}/image`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(readFixture('printed-notice.png'))).toBe(true);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/knowledge/extractions/${extractionId}/image`,
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await k.call(
      'GET',
      '/api/knowledge/extractions/00000000-0000-4000-8000-000000000000/image',
    );
    expect(unknown.statusCode).toBe(404);
    expect((await k.call('GET', '/api/knowledge/extractions/not-an-id/image')).statusCode).toBe(400);
  });

  it('counts extractions by status with their average confidence', async () => {
    const res = await k.call('GET', '/api/knowledge/extractions/stats');
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats).toMatchObject({ total: 1, byStatus: { pending: 1, approved: 0, rejected: 0 } });
    expect(stats.averageConfidence).toBeGreaterThan(0.6);
  });

  it('turns an approved extraction, as the reviewer edited it, into chunks of its document', async () => {
    const res = await k.call('PUT', `/api/knowledge/extractions/${extractionId}`, {
      status: 'approved',
      reviewed_text: 'School Notice\n\nThe library is open every weekday from 8 am to 6 pm.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ createdChunks: 1, extraction: { status: 'approved' } });
    expect(res.json().extraction.reviewed_at).toBeTruthy();
    const found = await k.searchOk('library open weekday');
    expect(found.results[0]).toMatchObject({ document: 'notice.png', category: 'policies' });
    expect(found.results[0]!.text).toContain('8 am to 6 pm');
    const chunks = (await k.call('GET', '/api/knowledge/chunks?search=6%20pm')).json() as { chunks: Chunk[] };
    expect(chunks.chunks[0]!.extraction_method).toBe('ocr');
  });

  it('refuses to review an extraction twice', async () => {
    const res = await k.call('PUT', `/api/knowledge/extractions/${extractionId}`, { status: 'rejected' });
    expect(res.statusCode).toBe(409);
  });

  it('keeps a rejected extraction out of the knowledge base', async () => {
    const upload = await k.uploadOk('notice-2.png', readFixture('printed-notice.png'));
    const { extractions } = (await k.call('GET', '/api/knowledge/extractions?status=pending')).json() as {
      extractions: { id: string }[];
    };
    const res = await k.call('PUT', `/api/knowledge/extractions/${extractions[0]!.id}`, {
      status: 'rejected',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ createdChunks: 0, extraction: { status: 'rejected' } });
    expect((await k.chunksOf(upload.document.id)).total).toBe(0);
    const stats = (await k.call('GET', '/api/knowledge/extractions/stats')).json();
    expect(stats.byStatus).toEqual({ pending: 0, approved: 1, rejected: 1 });
  }, 60_000);

  it('refuses to approve an empty text and an unknown status', async () => {
    const bad = await k.call('PUT', `/api/knowledge/extractions/${extractionId}`, { status: 'pending' });
    expect(bad.statusCode).toBe(400);
    const missing = await k.call('PUT', '/api/knowledge/extractions/00000000-0000-4000-8000-000000000000', {
      status: 'approved',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('chunk browser', () => {
  it('pages chunks 50 at a time with the total and whether more exist', async () => {
    for (let i = 0; i < 3; i++)
      await k.call('POST', '/api/knowledge/chunks', {
        chunk_text: `Filler chunk number ${i} about nothing.`,
      });
    const all = (await k.call('GET', '/api/knowledge/chunks')).json() as { total: number };
    const first = (await k.call('GET', '/api/knowledge/chunks?limit=2&offset=0')).json();
    expect(first).toMatchObject({ total: all.total, hasMore: true });
    expect(first.chunks).toHaveLength(2);
    const last = (await k.call('GET', `/api/knowledge/chunks?limit=2&offset=${all.total - 1}`)).json();
    expect(last).toMatchObject({ hasMore: false });
    expect(last.chunks).toHaveLength(1);
  });

  it('filters by document and by text, treating % and _ as plain characters', async () => {
    const byDoc = (await k.chunksOf(handbookId)).chunks as unknown as Chunk[];
    expect(byDoc.length).toBeGreaterThan(0);
    expect(byDoc.every((c) => c.knowledge_base_id === handbookId && c.category === 'programs')).toBe(true);
    const bySearch = (await k.call('GET', '/api/knowledge/chunks?search=SIBLING%20discount')).json();
    expect(bySearch.total).toBe(1);
    expect((await k.call('GET', '/api/knowledge/chunks?search=10%25')).json().total).toBe(1);
    // As wildcards, "1_%" would match "10%"; typed, it matches nothing.
    expect((await k.call('GET', '/api/knowledge/chunks?search=1_%25')).json().total).toBe(0);
    expect((await k.call('GET', '/api/knowledge/chunks?document_id=nope')).statusCode).toBe(400);
  });

  it('creates a manual chunk on its own, or attached to a document with its category', async () => {
    const alone = await k.call('POST', '/api/knowledge/chunks', {
      chunk_text: '  Parking is free on campus.  ',
    });
    expect(alone.statusCode, alone.body).toBe(201);
    expect(alone.json().chunk).toMatchObject({
      knowledge_base_id: null,
      document_name: null,
      category: 'manual',
      chunk_text: 'Parking is free on campus.',
      extraction_method: 'manual',
    });
    const attached = await k.call('POST', '/api/knowledge/chunks', {
      chunk_text: 'Robotics club meets on Fridays.',
      knowledge_base_id: handbookId,
      category: 'manual',
    });
    expect(attached.statusCode).toBe(201);
    const chunk = attached.json().chunk as Chunk;
    expect(chunk).toMatchObject({
      knowledge_base_id: handbookId,
      category: 'programs',
      document_name: 'handbook.md',
    });
    const others = (await k.chunksOf(handbookId)).chunks as unknown as Chunk[];
    expect(chunk.chunk_index).toBe(
      Math.max(...others.filter((c) => c.id !== chunk.id).map((c) => c.chunk_index)) + 1,
    );
    expect((await k.searchOk('robotics club fridays')).results[0]!.chunk_id).toBe(chunk.id);
  });

  it('refuses a blank chunk with the spec message, and an unknown document', async () => {
    const blank = await k.call('POST', '/api/knowledge/chunks', { chunk_text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toContain(KNOWLEDGE_MESSAGES.emptyChunk);
    const unknown = await k.call('POST', '/api/knowledge/chunks', {
      chunk_text: 'x',
      knowledge_base_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('shows, edits and deletes a chunk, and search follows', async () => {
    const created = (
      await k.call('POST', '/api/knowledge/chunks', { chunk_text: 'The canteen serves pasta.' })
    ).json().chunk as Chunk;
    const got = await k.call('GET', `/api/knowledge/chunks/${created.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().chunk.chunk_text).toBe('The canteen serves pasta.');
    const edited = await k.call('PUT', `/api/knowledge/chunks/${created.id}`, {
      chunk_text: 'The canteen serves vegetarian curry on Wednesdays.',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().chunk.token_count).toBeGreaterThan(created.token_count);
    expect((await k.searchOk('vegetarian curry canteen')).results[0]!.chunk_id).toBe(created.id);
    // The old wording is no longer searched: 'pasta' finds nothing, not even at the broadest threshold.
    expect(
      (await k.searchOk('pasta', { threshold: 0.5 })).results.some((r) => r.chunk_id === created.id),
    ).toBe(false);
    const deleted = await k.call('DELETE', `/api/knowledge/chunks/${created.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await k.call('GET', `/api/knowledge/chunks/${created.id}`)).statusCode).toBe(404);
    expect((await k.call('DELETE', `/api/knowledge/chunks/${created.id}`)).statusCode).toBe(404);
    expect((await k.call('PUT', `/api/knowledge/chunks/${created.id}`, { chunk_text: 'x' })).statusCode).toBe(
      404,
    );
    const audit = await queryRows(
      t.database,
      sql`select details from audit_events where action = 'knowledge.chunk_deleted'`,
    );
    expect(audit.at(-1)!.details).toMatchObject({ chunkId: created.id });
  });

  it('keeps the word counts search weighs words by in step with every change', async () => {
    const df = async (lexeme: string) =>
      Number(
        (await queryRows(t.database, sql`select df from knowledge_terms where lexeme = ${lexeme}`))[0]?.df ??
          0,
      );
    const created = (
      await k.call('POST', '/api/knowledge/chunks', { chunk_text: 'Zebracorn rides are on Fridays.' })
    ).json().chunk as Chunk;
    expect(await df('zebracorn')).toBe(1);
    await k.call('PUT', `/api/knowledge/chunks/${created.id}`, {
      chunk_text: 'Unicornfish swim on Fridays.',
    });
    expect(await df('zebracorn')).toBe(0);
    expect(await df('unicornfish')).toBe(1);
    await k.call('DELETE', `/api/knowledge/chunks/${created.id}`);
    expect(await df('unicornfish')).toBe(0);
    const doc = await k.uploadOk('zebra.txt', 'Zebracorn Club\n\nThe zebracorn club meets on Mondays.');
    expect(await df('zebracorn')).toBe(1);
    await k.call('DELETE', `/api/knowledge/${doc.document.id}`);
    expect(await df('zebracorn')).toBe(0);
  });
});
