// The earlier retrieval evaluation (Brightwater only, over HTTP to a server process, lexical and
// hybrid search). The full evaluation of every handbook, format and the chatbot: bench/knowledge-eval.ts.
// Retrieval quality of the knowledge base, as parents will feel it: the Brightwater handbook
// (bench/knowledge-eval/handbook.pdf and .docx) uploaded through the API, then every question of
// questions.json asked through POST /api/knowledge/test-search (limit 5, threshold 0.5, so ranking and
// not the threshold is measured). Prints hit@1/3/5 and MRR for lexical search and for the hybrid path
// (the server pointed at the local fake OpenAI-compatible embeddings server), and the misses.
// Usage: npx tsx bench/knowledge-eval-http.ts [--db postgres|pglite] [--mode both|lexical|hybrid]
//        [--format both|pdf|docx] [--questions questions-holdout.json] [--markdown out.md]
//        [--dump-chunks dir] [--results]
// Runs the server from source (no build needed), on a throwaway database.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type {
  ChunkList,
  KnowledgeDocument,
  KnowledgeSearchResponse,
  KnowledgeStats,
  KnowledgeUploadResponse,
} from '../packages/contracts/src/knowledge';
import { startFakeOpenAi } from '../apps/server/src/providers/ai/fake-openai';
import { startCluster } from '../scripts/postgres-cluster.mjs';
import {
  evalDir,
  figures,
  figuresTable,
  firstRank,
  loadQuestions,
  missesTable,
  answers,
  type Outcome,
  type RunInfo,
  type SearchHit,
} from './knowledge-eval/eval-lib';
import { reportResult, root, startServer, stopServer, waitForHealth } from './lib.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    mode: { type: 'string', default: 'both' },
    format: { type: 'string', default: 'both' },
    markdown: { type: 'string' },
    /** Writes each run's chunk texts to <dir>/chunks-<mode>-<format>.json, to read what search saw. */
    'dump-chunks': { type: 'string' },
    /** Puts the figures and misses into bench/knowledge-eval/RESULTS.md, between its run markers. */
    results: { type: 'boolean', default: false },
    /** The question set, in bench/knowledge-eval/ (questions-holdout.json: written after tuning). */
    questions: { type: 'string', default: 'questions.json' },
  },
});
const modes = values.mode === 'both' ? ['lexical', 'hybrid'] : [values.mode!];
const formats = values.format === 'both' ? ['pdf', 'docx'] : [values.format!];
const port = 3371;
const base = `http://127.0.0.1:${port}`;
const questions = loadQuestions(values.questions);

// Answers are typed by the caller, from the knowledge contracts.
type Api = <T = { error?: string }>(
  method: string,
  url: string,
  body?: unknown,
) => Promise<{ status: number; json: T }>;

async function signIn(): Promise<Api> {
  const hint = (await (await fetch(`${base}/admin/login-hint`)).json()) as { devCredentials: unknown };
  const login = await fetch(`${base}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(hint.devCredentials),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  return async <T>(method: string, url: string, body?: unknown) => {
    const form = body instanceof FormData;
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
      },
      body: form ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
  };
}

/** Uploads the handbook and waits until it is chunked (and embedded, on the hybrid path). */
async function ingest(api: Api, format: string, hybrid: boolean) {
  const file = path.join(evalDir, `handbook.${format}`);
  const type =
    format === 'pdf'
      ? 'application/pdf'
      : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  const form = new FormData();
  form.append('category', 'general');
  form.append('priority', '0');
  form.append('document', new Blob([fs.readFileSync(file)], { type }), `brightwater-handbook.${format}`);
  const started = performance.now();
  const upload = await api<KnowledgeUploadResponse>('POST', '/api/knowledge/upload', form);
  if (upload.status !== 201 && upload.status !== 202)
    throw new Error(`upload ${format}: ${upload.status} ${JSON.stringify(upload.json)}`);
  const id = upload.json.document.id;
  let extractedQAs = upload.json.extractedQAs;
  for (let waited = 0; ; waited += 250) {
    const list = await api<{ documents: KnowledgeDocument[] }>('GET', '/api/knowledge');
    const doc = list.json.documents.find((d) => d.id === id);
    if (!doc) throw new Error(`${format}: the document vanished from the list`);
    if (doc.status === 'failed') throw new Error(`${format} failed: ${doc.failure_reason}`);
    const stats = (await api<KnowledgeStats>('GET', '/api/knowledge/stats')).json;
    const embedded = !hybrid || stats.chunksWithEmbeddings >= stats.totalChunks;
    if (doc.status === 'chunked' && embedded) {
      extractedQAs = doc.question_answers.length;
      break;
    }
    if (waited > 180_000) throw new Error(`${format} not chunked/embedded within 180 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const stats = (await api<KnowledgeStats>('GET', '/api/knowledge/stats')).json;
  const chunks = await api<ChunkList>('GET', `/api/knowledge/chunks?document_id=${id}&limit=200`);
  const texts = chunks.json.chunks.map((c) => c.chunk_text);
  return { id, stats, texts, extractedQAs, seconds: (performance.now() - started) / 1000 };
}

async function search(api: Api, query: string, limit: number): Promise<SearchHit[]> {
  const res = await api<KnowledgeSearchResponse>('POST', '/api/knowledge/test-search', {
    query,
    limit,
    threshold: 0.5,
  });
  if (res.status !== 200) throw new Error(`test-search: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.results;
}

async function evaluate(api: Api, chunkTexts: string[]): Promise<{ outcomes: Outcome[]; mode: string }> {
  const outcomes: Outcome[] = [];
  let mode = '';
  for (const question of questions) {
    const t0 = performance.now();
    const res = await api<KnowledgeSearchResponse>('POST', '/api/knowledge/test-search', {
      query: question.question,
      limit: 5,
      threshold: 0.5,
    });
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`test-search: ${res.status} ${JSON.stringify(res.json)}`);
    mode = res.json.search_mode;
    const results: SearchHit[] = res.json.results;
    const rank = firstRank(question, results);
    const rankIn20 = rank ? rank : firstRank(question, await search(api, question.question, 20));
    outcomes.push({
      question,
      rank,
      similarity: rank ? results[rank - 1]!.similarity : null,
      top: results[0] ?? null,
      rankIn20,
      passageInSomeChunk: chunkTexts.some((t) => answers(question, t)),
      ms,
    });
  }
  return { outcomes, mode };
}

async function databaseFor(
  mode: string,
  cluster: Awaited<ReturnType<typeof startCluster>> | null,
): Promise<Record<string, string>> {
  if (!cluster) return {};
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  await client.query(`create database kb_${mode}`);
  await client.end();
  return { DATABASE_URL: cluster.url.replace(/\/postgres$/, `/kb_${mode}`) };
}

const cluster = values.db === 'pglite' ? null : await startCluster();
const fake = await startFakeOpenAi();
const runs: RunInfo[] = [];
const dirs: string[] = [];
try {
  for (const mode of modes) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lantern-bench-kb-${mode}-`));
    dirs.push(dataDir);
    const env: Record<string, string> = { ...(await databaseFor(mode, cluster)) };
    if (mode === 'hybrid')
      Object.assign(env, {
        AI_BASE_URL: fake.url,
        AI_API_KEY: 'bench-key',
        AI_EMBEDDING_MODEL: 'fake-embed',
      });
    const server = startServer({
      port,
      dataDir,
      env,
      command: ['--import', 'tsx', 'apps/server/src/server.ts'],
    });
    try {
      await waitForHealth(port, 120_000, server);
      const api = await signIn();
      for (const format of formats) {
        const doc = await ingest(api, format, mode === 'hybrid');
        console.log(
          `${mode}/${format}: ingested in ${doc.seconds.toFixed(1)} s, ${doc.stats.totalChunks} chunks ` +
            `(avg ${doc.stats.averageChunkSize} tokens, ${doc.stats.chunksWithEmbeddings} with embeddings), ` +
            `${doc.extractedQAs} Q&A pairs`,
        );
        if (values['dump-chunks'])
          fs.writeFileSync(
            path.join(values['dump-chunks'], `chunks-${mode}-${format}.json`),
            JSON.stringify(doc.texts, null, 1),
          );
        const { outcomes, mode: searchMode } = await evaluate(api, doc.texts);
        const run: RunInfo = {
          label: `${format.toUpperCase()}, ${mode}`,
          mode: searchMode,
          format,
          totalChunks: doc.stats.totalChunks,
          averageChunkSize: doc.stats.averageChunkSize,
          withEmbeddings: doc.stats.chunksWithEmbeddings,
          extractedQAs: doc.extractedQAs,
          outcomes,
        };
        runs.push(run);
        const f = figures(outcomes);
        console.log(
          `${run.label}: hit@1 ${f.hit1.toFixed(2)}, hit@5 ${f.hit5.toFixed(2)}, MRR ${f.mrr.toFixed(2)}`,
        );
        // Each format is measured alone: the other copy would compete for the same top 5.
        const removed = await api('DELETE', `/api/knowledge/${doc.id}`);
        if (removed.status !== 200) throw new Error(`delete: ${removed.status}`);
        const left = (await api<ChunkList>('GET', '/api/knowledge/chunks?limit=1')).json.total;
        if (left) throw new Error(`deleting the ${format} left ${left} chunks behind`);
      }
    } finally {
      await stopServer(server);
    }
  }
} finally {
  await fake.close();
  cluster?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}

const database = values.db === 'pglite' ? 'PGlite' : 'PostgreSQL (throwaway cluster)';
const report = [
  `${questions.length} questions (${values.questions}), top 5 at threshold 0.5, database: ${database}`,
  '',
  figuresTable(runs),
  '',
  ...runs.flatMap((run) => [missesTable(run), '']),
].join('\n');
console.log(`\n${report}`);
if (values.markdown) fs.writeFileSync(values.markdown, report);
if (values.results) writeResults(report);
const lexical = runs.find((r) => r.format === 'pdf' && r.mode === 'lexical');
if (lexical && figures(lexical.outcomes).hit5 < 0.85) {
  const f = figures(lexical.outcomes);
  console.log(`lexical hit@5 on the PDF is ${f.hit5.toFixed(3)}, under the 0.85 target`);
  process.exitCode = 1;
}
if (lexical)
  reportResult({
    name: 'lexical hit@5 on the PDF',
    figure: Number(figures(lexical.outcomes).hit5.toFixed(3)),
    unit: '',
    target: '>= 0.85',
  });

/** The run's section of RESULTS.md: when, how, on which commit (and whether the tree had changes). */
function writeResults(report: string) {
  // Each question set has its own section: <!-- run:start --> for questions.json, else its name.
  const marker = values.questions === 'questions.json' ? 'run' : path.basename(values.questions!, '.json');
  const file = path.join(evalDir, 'RESULTS.md');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const knowledgeCode = [
    'apps/server/src/modules/knowledge',
    'apps/server/src/providers',
    'packages/contracts/src/knowledge.ts',
  ];
  const dirty = git('status', '--short', ...knowledgeCode)
    ? ' (with uncommitted changes to the knowledge code)'
    : '';
  const command = `npx tsx bench/knowledge-eval-http.ts ${process.argv.slice(2).join(' ')}`.trim();
  const section = [
    `<!-- ${marker}:start -->`,
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, \`${command}\`, ` +
      `knowledge code at ${git('log', '-1', '--format=%h %s', '--', ...knowledgeCode).slice(0, 60)}...${dirty}.`,
    '',
    report.trim(),
    `<!-- ${marker}:end -->`,
  ].join('\n');
  const current = fs.readFileSync(file, 'utf8');
  const span = new RegExp(`<!-- ${marker}:start -->[\\s\\S]*<!-- ${marker}:end -->`);
  if (!span.test(current)) throw new Error(`RESULTS.md has no <!-- ${marker}:start/end --> section`);
  fs.writeFileSync(
    file,
    current.replace(span, () => section),
  );
}
