import { KNOWLEDGE_CHUNK_TARGET_TOKENS } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { knowledgeClient } from './knowledge-test-helpers';
import { readFixture } from './test-fixtures/documents';
import {
  handbookSourceText,
  handbookTables,
  willowDocx,
  willowMarkdown,
  willowPdf,
  willowText,
} from './test-fixtures/handbook-documents';

/**
 * Nothing lost at import: the Willow Creek handbook (headings in a row, lists, four tables, one
 * longer than a chunk, a two-column PDF page, a Q&A section) uploaded in every document format,
 * and a scanned notice read by OCR, must reach the chunks whole. Words are counted as a multiset:
 * every occurrence of a source word (case and punctuation aside) needs its own occurrence in the
 * chunks, so a line lost among repeated words is still missed.
 */
let t: TestApp;
let k: ReturnType<typeof knowledgeClient>;

beforeAll(async () => {
  t = await createTestApp();
  k = knowledgeClient(t, await loginToken(t.app));
});
afterAll(() => t.close());

type StoredChunk = { chunk_text: string; chunk_index: number; token_count: number; heading?: string };

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’']/g, '')
    .match(/[a-z0-9]+/g) ?? [];

/** The share of the source's word occurrences found in the chunks (each chunk word used once). */
function coverage(source: string, chunks: StoredChunk[]) {
  const available = new Map<string, number>();
  for (const word of wordsOf(chunks.map((c) => c.chunk_text).join('\n')))
    available.set(word, (available.get(word) ?? 0) + 1);
  const missing: string[] = [];
  const words = wordsOf(source);
  for (const word of words) {
    const left = available.get(word) ?? 0;
    if (left > 0) available.set(word, left - 1);
    else missing.push(word);
  }
  return { share: 1 - missing.length / words.length, missing };
}

/** A table row as the spec renders it: the first cell as its label, then "Header: value" pairs. */
const renderedRow = (header: string[], row: string[]) =>
  `${row[0]}: ${header
    .slice(1)
    .map((name, i) => `${name}: ${row[i + 1]}`)
    .join('; ')}`;

async function uploadChunks(name: string, content: Buffer | string) {
  const body = await k.uploadOk(name, content);
  const { chunks } = await k.chunksOf(body.document.id);
  return { body, chunks: (chunks as unknown as StoredChunk[]).sort((a, b) => a.chunk_index - b.chunk_index) };
}

const FORMATS: [string, () => Promise<Buffer | string>][] = [
  ['handbook.pdf', () => willowPdf()],
  ['handbook.docx', () => willowDocx()],
  ['handbook.md', async () => willowMarkdown()],
  ['handbook.txt', async () => willowText()],
  // The DOCX saved as PDF by LibreOffice Writer (make-office-pdf.ts): a PDF no code of ours wrote.
  ['handbook-office.pdf', async () => readFixture('willow-creek-office.pdf')],
  // The same with its prose justified and hyphenated: words broken at line ends ('regis-' / 'tration').
  ['handbook-hyphenated.pdf', async () => readFixture('willow-creek-hyphenated.pdf')],
];

describe.each(FORMATS)('the Willow Creek handbook as %s', (name, make) => {
  let chunks: StoredChunk[];
  let extractedQAs: number;

  beforeAll(async () => {
    const uploaded = await uploadChunks(name, await make());
    chunks = uploaded.chunks;
    extractedQAs = uploaded.body.extractedQAs;
  });

  it('keeps at least 99.5% of the source words in its chunks', () => {
    const { share, missing } = coverage(handbookSourceText(), chunks);
    expect(share, `missing: ${missing.join(' ')}`).toBeGreaterThanOrEqual(0.995);
  });

  it('keeps every table row whole, on one line, with its column headers', () => {
    const lines = new Set(chunks.flatMap((c) => c.chunk_text.split('\n')));
    for (const table of handbookTables())
      for (const row of table.rows) expect(lines, table.caption).toContain(renderedRow(table.header, row));
  });

  it('goes on with a table cut across chunks under its caption', () => {
    const calendar = handbookTables().find((table) => table.rows.length > 20)!;
    const holding = chunks.filter((c) =>
      calendar.rows.some((row) => c.chunk_text.includes(renderedRow(calendar.header, row))),
    );
    expect(holding.length).toBeGreaterThan(1);
    for (const chunk of holding) expect(chunk.chunk_text).toContain(calendar.caption);
  });

  it('keeps headings in a row, each in the text', () => {
    const text = chunks.map((c) => c.chunk_text).join('\n');
    expect(text).toContain('Part 2: Fees and Payment\nTuition\n');
    expect(text).toContain('Part 1: Joining Willow Creek\nHow to Apply\n');
    expect(text).toContain('Part 3: The School Day\nHours\nTable 3: Daily schedule\n');
  });

  it('makes chunks of about the target size', () => {
    const sizes = chunks.map((c) => c.token_count);
    const average = sizes.reduce((a, b) => a + b, 0) / sizes.length;
    expect(average).toBeGreaterThanOrEqual(KNOWLEDGE_CHUNK_TARGET_TOKENS * 0.7);
    expect(average).toBeLessThanOrEqual(KNOWLEDGE_CHUNK_TARGET_TOKENS * 1.05);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(KNOWLEDGE_CHUNK_TARGET_TOKENS * 1.1);
  });

  it('finds the questions and answers of its FAQ', () => {
    expect(extractedQAs).toBe(3);
  });
});

describe('a scanned notice read by OCR', () => {
  it('reaches its chunks whole once the extraction is approved', async () => {
    const upload = await k.uploadOk('scanned-notice.png', readFixture('scanned-notice.png'));
    const { extractions } = (await k.call('GET', '/api/knowledge/extractions?status=pending')).json() as {
      extractions: { id: string; document_id: string }[];
    };
    const approved = await k.call('PUT', `/api/knowledge/extractions/${extractions[0]!.id}`, {
      status: 'approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const { chunks } = await k.chunksOf(upload.document.id);
    const { lines } = JSON.parse(readFixture('scanned-notice.json').toString('utf8')) as {
      lines: { text: string }[];
    };
    const { share, missing } = coverage(
      lines.map((l) => l.text).join('\n'),
      chunks as unknown as StoredChunk[],
    );
    expect(share, `missing: ${missing.join(' ')}`).toBeGreaterThanOrEqual(0.995);
    expect(chunks[0]!.chunk_text).toMatch(/^Willow Creek School\nWinter Sports Notice\n/);
  }, 60_000);
});
