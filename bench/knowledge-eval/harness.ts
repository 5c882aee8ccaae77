// The knowledge evaluation's moving parts: the handbooks and their questions, and a Lantern app
// built in this process (PGlite, or PostgreSQL with TEST_DB=postgres and TEST_DATABASE_URL) that
// they are uploaded to and asked through the public HTTP API (app.inject).
import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, bearer, loginToken, type TestApp } from '../../apps/server/src/test/test-app';
import { multipart } from '../../apps/server/src/test/multipart';
import { evalDir, normalise } from './eval-lib';

export type EvalQuestion = {
  id: string;
  school: string;
  question: string;
  /** Verbatim text of the chunk that answers (any of them); absent when the handbook does not say. */
  passages: string[];
  /** What a correct chatbot answer must contain (all of them); the passage when none are listed. */
  facts: string[];
  answerable: boolean;
  split: 'dev' | 'holdout';
};

/**
 * 'printed': the handbook printed to PDF by a web browser (print-handbooks.ts); 'office': its DOCX
 * saved as PDF by a word processor (office-handbooks.ts); beside pdfkit's 'pdf'.
 */
export const FORMATS = ['pdf', 'docx', 'md', 'printed', 'office'] as const;
export type School = { name: string; files: Record<(typeof FORMATS)[number], string | null> };

export type Format = (typeof FORMATS)[number];

const schoolsDir = path.join(evalDir, 'schools');
const existing = (file: string) => (fs.existsSync(file) ? file : null);

/** Brightwater (the first handbook) and the schools under schools/. */
export function loadSchools(): School[] {
  const schools: School[] = [
    {
      name: 'brightwater',
      files: {
        pdf: existing(path.join(evalDir, 'handbook.pdf')),
        docx: existing(path.join(evalDir, 'handbook.docx')),
        md: existing(path.join(evalDir, 'handbook.md')),
        printed: existing(path.join(evalDir, 'handbook-printed.pdf')),
        office: existing(path.join(evalDir, 'handbook-office.pdf')),
      },
    },
  ];
  if (fs.existsSync(schoolsDir))
    for (const name of fs.readdirSync(schoolsDir).sort()) {
      const dir = path.join(schoolsDir, name);
      if (!fs.statSync(dir).isDirectory()) continue;
      schools.push({
        name,
        files: {
          pdf: existing(path.join(dir, 'handbook.pdf')),
          docx: existing(path.join(dir, 'handbook.docx')),
          md: existing(path.join(dir, 'handbook.md')),
          printed: existing(path.join(dir, 'handbook-printed.pdf')),
          office: existing(path.join(dir, 'handbook-office.pdf')),
        },
      });
    }
  return schools;
}

const asList = (p: unknown): string[] => (Array.isArray(p) ? p.map(String) : p ? [String(p)] : []);

/**
 * Every question: Brightwater's questions.json was its development set and questions-holdout.json
 * its held-out set (written after its tuning); the schools' questions carry their own split,
 * fixed when they were written, before any tuning.
 */
export function loadQuestions(): EvalQuestion[] {
  const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>[];
  const out: EvalQuestion[] = [];
  for (const [file, split] of [
    ['questions.json', 'dev'],
    ['questions-holdout.json', 'holdout'],
  ] as const) {
    for (const q of read(path.join(evalDir, file)))
      out.push({
        id: `brightwater-${split}-${q.id}`,
        school: 'brightwater',
        question: String(q.question),
        passages: asList(q.passage),
        facts: asList(q.facts),
        answerable: true,
        split,
      });
  }
  if (fs.existsSync(schoolsDir))
    for (const name of fs.readdirSync(schoolsDir).sort()) {
      const file = path.join(schoolsDir, name, 'questions.json');
      if (!fs.existsSync(file)) continue;
      for (const q of read(file))
        out.push({
          id: `${name}-${q.id}`,
          school: name,
          question: String(q.question),
          passages: asList(q.passage),
          facts: asList(q.facts),
          answerable: q.answerable !== false,
          split: q.split === 'holdout' ? 'holdout' : 'dev',
        });
    }
  return out;
}

export const holdsPassage = (q: EvalQuestion, text: string) =>
  q.passages.some((p) => normalise(text).includes(normalise(p)));

const MIME: Record<Format, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  md: 'text/markdown',
  printed: 'application/pdf',
  office: 'application/pdf',
};

export type Lantern = Awaited<ReturnType<typeof startLantern>>;

/** A Lantern app in this process, signed in, with one school's handbook as its knowledge base. */
export async function startLantern(env: Record<string, string> = {}) {
  const t: TestApp = await createTestApp({
    CHAT_MESSAGES_PER_MINUTE: '100000',
    CHAT_REQUESTS_PER_MINUTE_PER_ADDRESS: '100000',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const token = await loginToken(t.app);
  const headers = bearer(token);
  let documentId: string | null = null;

  return {
    t,
    /** Replaces the knowledge base with this handbook (waits until it is chunked). */
    async useHandbook(school: string, format: Format, file: string) {
      if (documentId) await t.app.inject({ method: 'DELETE', url: `/api/knowledge/${documentId}`, headers });
      const body = multipart({ category: 'general', priority: '0' }, [
        {
          field: 'document',
          filename: `${school}-handbook.${MIME[format] === 'application/pdf' ? 'pdf' : format}`,
          contentType: MIME[format],
          content: fs.readFileSync(file),
        },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/knowledge/upload',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      if (res.statusCode !== 201 && res.statusCode !== 202)
        throw new Error(`upload ${file}: ${res.statusCode} ${res.body}`);
      documentId = res.json().document.id as string;
      for (let i = 0; i < 600; i++) {
        const list = await t.app.inject({ method: 'GET', url: '/api/knowledge', headers });
        const doc = (list.json().documents as { id: string; status: string }[]).find(
          (d) => d.id === documentId,
        );
        if (doc?.status === 'chunked') break;
        if (doc?.status === 'failed') throw new Error(`${file} failed: ${JSON.stringify(doc)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const chunks = await t.app.inject({
        method: 'GET',
        url: `/api/knowledge/chunks?document_id=${documentId}&limit=200`,
        headers,
      });
      return chunks.json().chunks as { id: string; chunk_text: string; token_count?: number }[];
    },

    async search(query: string, threshold: number, limit = 5) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/knowledge/test-search',
        headers,
        payload: { query, limit, threshold },
      });
      if (res.statusCode !== 200) throw new Error(`search: ${res.statusCode} ${res.body}`);
      return res.json().results as { text: string; similarity: number; chunk_id: string }[];
    },

    /** Asks the chatbot in a new conversation, as a parent on the school's website would. */
    async ask(question: string) {
      const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
      const visitor = (await post('/widget/visits', {})).json().visitor_id as string;
      const conversation = (await post('/widget/conversations', { visitor_id: visitor })).json().conversation;
      const res = await post(`/widget/conversations/${conversation.id}/messages`, {
        visitor_id: visitor,
        content: question,
      });
      if (res.statusCode !== 200) throw new Error(`chat: ${res.statusCode} ${res.body}`);
      return res.json().message.content as string;
    },

    close: () => t.close(),
  };
}

/**
 * The chatbot's answer judged: correct (it quotes every fact), unknown (it says it does not know,
 * or quotes nothing at all), or wrong (it quotes a passage without the facts, or quotes anything
 * for a question the handbook does not answer).
 */
export function judgeAnswer(q: EvalQuestion, reply: string): 'correct' | 'unknown' | 'wrong' {
  if (/don't have information about that|I'd rather not guess/i.test(reply)) return 'unknown';
  const quotes = /Here's what (?:our "[^"]*" says|I found):/.test(reply);
  if (!quotes) return 'unknown';
  if (!q.answerable) return 'wrong';
  const facts = q.facts.length ? q.facts : q.passages.slice(0, 1);
  const text = normalise(reply);
  return facts.every((f) => text.includes(normalise(f))) ? 'correct' : 'wrong';
}
