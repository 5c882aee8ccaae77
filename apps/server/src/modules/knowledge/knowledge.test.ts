import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KNOWLEDGE_MESSAGES } from '@lantern/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginToken, queryRows, type TestApp } from '../../test/test-app';
import { knowledgeClient } from './knowledge-test-helpers';
import {
  corruptPdf,
  handbookDocx,
  handbookMarkdown,
  handbookPdf,
  handbookText,
  passwordPdf,
  readFixture,
} from './test-fixtures/documents';
import { docxBomb, makeDocx } from '../../security/test-fixtures/zip-files';

let t: TestApp;
let k: ReturnType<typeof knowledgeClient>;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-knowledge-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  k = knowledgeClient(t, await loginToken(t.app));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const clearKnowledge = async () => {
  await queryRows(t.database, sql`delete from knowledge_documents`);
  await queryRows(t.database, sql`delete from knowledge_chunks`);
};

describe('uploading documents', () => {
  it('turns a Markdown handbook into chunks that follow its headings, with its Q&A pairs', async () => {
    const body = await k.uploadOk('handbook.md', handbookMarkdown(), {
      category: 'admissions',
      priority: '3',
    });
    expect(body.status).toBe('chunked');
    expect(body.totalChunks).toBeGreaterThan(0);
    expect(body.extractedQAs).toBe(2);
    expect(body.document.question_answers[0]).toEqual({
      question: 'Do you offer lunch?',
      answer: 'Yes. A hot lunch is served daily and dietary needs are accommodated.',
    });
    expect(body.document).toMatchObject({
      document_name: 'handbook.md',
      category: 'admissions',
      priority: 3,
      is_chunked: true,
      total_chunks: body.totalChunks,
      file_type: 'md',
      failure_reason: null,
    });
    const { chunks } = await k.chunksOf(body.document.id);
    expect(chunks.map((c) => c.chunk_index)).toEqual(chunks.map((_, i) => i));
    expect(chunks[0]).toMatchObject({
      category: 'admissions',
      extraction_method: 'markdown',
      document_name: 'handbook.md',
    });
    expect(chunks.every((c) => (c.token_count as number) > 0)).toBe(true);
  });

  it('reads a PDF, a DOCX and a plain text file into chunks', async () => {
    for (const [name, content, method] of [
      ['handbook.pdf', await handbookPdf(), 'pdf'],
      ['handbook.docx', await handbookDocx(), 'docx'],
      ['handbook.txt', handbookText(), 'text'],
    ] as const) {
      const body = await k.uploadOk(name, content);
      expect(body.totalChunks, name).toBeGreaterThan(0);
      const { chunks } = await k.chunksOf(body.document.id);
      const text = chunks.map((c) => c.chunk_text).join('\n');
      expect(text, name).toContain('two speech therapy sessions per week');
      expect(chunks[0]!.extraction_method, name).toBe(method);
    }
  });

  it('finds the FAQ of a PDF and of a plain text file', async () => {
    const pdf = await k.uploadOk('faq.pdf', await handbookPdf());
    expect(pdf.extractedQAs).toBe(2);
    const txt = await k.uploadOk('faq.txt', handbookText());
    expect(txt.extractedQAs).toBe(2);
  });

  it('lists documents newest first with their status and counts', async () => {
    const res = await k.call('GET', '/api/knowledge');
    expect(res.statusCode).toBe(200);
    const { documents } = res.json() as {
      documents: { document_name: string; status: string; total_chunks: number }[];
    };
    expect(documents[0]!.document_name).toBe('faq.txt');
    expect(documents.every((d) => d.status === 'chunked' && d.total_chunks > 0)).toBe(true);
  });
});

describe('bad uploads', () => {
  const before = async () => (await k.call('GET', '/api/knowledge/stats')).json() as { totalChunks: number };

  it('asks for a file when none is sent', async () => {
    const json = await k.call('POST', '/api/knowledge/upload', { category: 'general' });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe(KNOWLEDGE_MESSAGES.noFile);
    const fieldsOnly = await k.uploadParts({ category: 'general' }, []);
    expect(fieldsOnly.statusCode).toBe(400);
    expect(fieldsOnly.json().error).toBe(KNOWLEDGE_MESSAGES.noFile);
  });

  it('refuses a file type the knowledge base does not read, with the spec message', async () => {
    const res = await k.upload('setup.exe', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(KNOWLEDGE_MESSAGES.fileType);
  });

  it('refuses an empty file and a .md that is really binary', async () => {
    const empty = await k.upload('empty.txt', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/empty/);
    const binary = await k.upload(
      'notes.md',
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    );
    expect(binary.statusCode).toBe(400);
    expect(binary.json().error).toContain('is not really a MD file');
  });

  it('refuses a 12 MB file with the spec message', async () => {
    const res = await k.upload('big.txt', Buffer.alloc(12 * 1024 * 1024, 'a'));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(KNOWLEDGE_MESSAGES.fileSize);
  });

  it('keeps a corrupt or password-protected PDF as a failed document with its reason, harming nothing', async () => {
    const { totalChunks } = await before();
    const corrupt = await k.upload('damaged.pdf', corruptPdf());
    expect(corrupt.statusCode).toBe(422);
    expect(corrupt.json().error).toMatch(/could not be read/);
    const locked = await k.upload('locked.pdf', await passwordPdf());
    expect(locked.statusCode).toBe(422);
    expect(locked.json().error).toMatch(/password-protected/);
    const { documents } = (await k.call('GET', '/api/knowledge')).json() as {
      documents: {
        document_name: string;
        status: string;
        failure_reason: string | null;
        total_chunks: number;
      }[];
    };
    const failed = documents.filter((d) => d.status === 'failed');
    expect(failed.map((d) => d.document_name).sort()).toEqual(['damaged.pdf', 'locked.pdf']);
    expect(failed.every((d) => d.failure_reason && d.total_chunks === 0)).toBe(true);
    expect((await before()).totalChunks).toBe(totalChunks);
  });

  it('fails an image with no text, saying so', async () => {
    const res = await k.upload('blank.png', readFixture('blank.png'));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('No text was found in this image');
  });

  it('refuses a category outside the list and a priority outside 0 to 10', async () => {
    const category = await k.upload('a.txt', 'Some text here.', { category: 'sports' });
    expect(category.statusCode).toBe(400);
    const priority = await k.upload('a.txt', 'Some text here.', { priority: '11' });
    expect(priority.statusCode).toBe(400);
    expect(priority.json().error).toBe(KNOWLEDGE_MESSAGES.priority);
  });
});

describe('search', () => {
  beforeAll(async () => {
    await clearKnowledge();
    await k.uploadOk('handbook.md', handbookMarkdown());
  });

  it.each([
    ['speech therapy sessions per week', 'two speech therapy sessions per week'],
    ['How much is tuition?', 'Annual tuition for the 2026 school year'],
    ['Is there a sibling discount?', 'sibling discount of 10%'],
    ['when does after-care close', 'after-care closes at 6 pm'],
    ['application fee', 'application fee is $75'],
  ])('puts the chunk that answers "%s" first, scoring it 0.7 or more', async (query, expected) => {
    const { results, search_mode } = await k.searchOk(query);
    expect(search_mode).toBe('lexical');
    expect(results[0]?.text).toContain(expected);
    expect(results[0]!.similarity).toBeGreaterThanOrEqual(0.7);
    expect(results[0]!.similarity).toBeLessThanOrEqual(1);
    expect(results[0]!.document).toBe('handbook.md');
  });

  it('keeps noise under the default threshold', async () => {
    const { results } = await k.searchOk('What is the weather on the moon tonight?');
    expect(results).toEqual([]);
  });

  it('answers results best first, at most the limit (default 3)', async () => {
    const res = await k.search('students school therapy', { threshold: 0.5 });
    const { results } = res.json() as { results: { similarity: number }[] };
    expect(results.length).toBeLessThanOrEqual(3);
    expect(results.map((r) => r.similarity)).toEqual(
      [...results.map((r) => r.similarity)].sort((a, b) => b - a),
    );
  });

  it('finds a short query with a typo by trigram similarity', async () => {
    const { results } = await k.searchOk('occupationl');
    expect(results[0]?.text).toContain('Occupational therapy supports handwriting');
  });

  it('refuses an empty query and a threshold outside 0.5 to 1', async () => {
    const empty = await k.search('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain(KNOWLEDGE_MESSAGES.emptyQuery);
    expect((await k.search('tuition', { threshold: 0.3 })).statusCode).toBe(400);
    expect((await k.search('tuition', { limit: 21 })).statusCode).toBe(400);
  });

  it('treats tsquery syntax in a query as plain words', async () => {
    const res = await k.search("tuition & | ! ( ' :* <-> fees", { threshold: 0.5 });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { results: { text: string }[] }).results[0]?.text).toContain('tuition');
  });
});

describe('statistics, editing and deleting documents', () => {
  it('counts chunks, categories and their average size, and says the search mode', async () => {
    const res = await k.call('GET', '/api/knowledge/stats');
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats).toMatchObject({ chunksWithEmbeddings: 0, search_mode: 'lexical' });
    expect(stats.totalChunks).toBeGreaterThan(0);
    expect(stats.categories).toBeGreaterThanOrEqual(1);
    expect(stats.averageChunkSize).toBeGreaterThan(0);
  });

  it('changes a document’s name, category and priority, its chunks following the category', async () => {
    const doc = await k.uploadOk('policies.txt', 'Phones\n\nPhones stay in lockers during lessons.');
    const res = await k.call('PUT', `/api/knowledge/${doc.document.id}`, {
      document_name: 'Phone policy',
      category: 'policies',
      priority: 9,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().document).toMatchObject({
      document_name: 'Phone policy',
      category: 'policies',
      priority: 9,
    });
    const { chunks } = await k.chunksOf(doc.document.id);
    expect(chunks.every((c) => c.category === 'policies' && c.document_name === 'Phone policy')).toBe(true);
    expect(
      (await k.call('PUT', `/api/knowledge/${doc.document.id}`, { category: 'sports' })).statusCode,
    ).toBe(400);
    expect((await k.call('PUT', `/api/knowledge/${doc.document.id}`, { is_chunked: false })).statusCode).toBe(
      400,
    );
  });

  it('deletes a document with its chunks, answers how many, and records who did it', async () => {
    const doc = await k.uploadOk('to-delete.md', handbookMarkdown());
    const res = await k.call('DELETE', `/api/knowledge/${doc.document.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, deletedChunks: doc.totalChunks });
    expect((await k.chunksOf(doc.document.id)).total).toBe(0);
    const audit = await queryRows(
      t.database,
      sql`select details from audit_events where action = 'knowledge.document_deleted'`,
    );
    expect(audit.at(-1)!.details).toMatchObject({
      documentId: doc.document.id,
      deletedChunks: doc.totalChunks,
    });
    expect((await k.call('DELETE', `/api/knowledge/${doc.document.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown document and 400 for an id that is not one', async () => {
    expect(
      (await k.call('PUT', '/api/knowledge/00000000-0000-4000-8000-000000000000', { priority: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await k.call('DELETE', '/api/knowledge/not-an-id')).statusCode).toBe(400);
  });

  it('needs a session for every knowledge call', async () => {
    for (const [method, url] of [
      ['GET', '/api/knowledge'],
      ['POST', '/api/knowledge/test-search'],
      ['GET', '/api/knowledge/chunks'],
      ['GET', '/api/knowledge/extractions'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? { query: 'x' } : undefined,
      });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('uploads refused before they are stored', () => {
  it('refuses a DOCX zip bomb with a 400, storing and reading nothing of it', async () => {
    const before = (await k.call('GET', '/api/knowledge')).json().documents.length;
    const res = await k.upload('handbook.docx', docxBomb());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'handbook.docx would expand to more than 10 MB when opened, far more than any ordinary document, so it was refused. Please save it again and upload that copy.',
    );
    expect((await k.call('GET', '/api/knowledge')).json().documents).toHaveLength(before);
  });

  it('reads a small DOCX built the same way', async () => {
    const body = await k.uploadOk('welcome.docx', makeDocx());
    const { chunks } = await k.chunksOf(body.document.id);
    expect(chunks.map((c) => c.chunk_text).join('\n')).toContain('Tours run every Tuesday');
  });

  it('stores a document name without its bidi, invisible or control characters', async () => {
    const body = await k.uploadOk('hand\u202Ekoob\u200B\u2067.md', handbookMarkdown());
    expect(body.document.document_name).toBe('handkoob.md');
  });
});
