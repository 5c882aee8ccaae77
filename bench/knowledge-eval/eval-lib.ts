// Scoring and reporting for the Brightwater retrieval evaluation (bench/knowledge-eval-http.ts): which returned chunk
// answers a question, hit@k and MRR, and the tables the server engineer tunes from.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const evalDir = path.dirname(fileURLToPath(import.meta.url));

export type Question = { id: number; topic: string; question: string; passage: string | string[] };
export type SearchHit = { text: string; similarity: number; chunk_index: number };

export type Outcome = {
  question: Question;
  /** 1-based rank of the first result holding the passage within the top 5, or null. */
  rank: number | null;
  /** The answering result's similarity (when found in the top 5). */
  similarity: number | null;
  top: SearchHit | null;
  /** For misses: the rank within a top 20 (threshold 0.5), null when not there either. */
  rankIn20: number | null;
  /** Whether any chunk of the document holds the passage (false: the chunker split it). */
  passageInSomeChunk: boolean;
  ms: number;
};

/** questions.json, or another set beside it (questions-holdout.json). */
export function loadQuestions(file = 'questions.json'): Question[] {
  return JSON.parse(fs.readFileSync(path.resolve(evalDir, file), 'utf8')) as Question[];
}

/**
 * Text compared for a hit: case and whitespace folded, typographic quotes and dashes made plain, and
 * hyphens inside words dropped, so a word wrapped at its hyphen in the PDF matches however the
 * extractor rejoined it ("fever-\nreducing" comes back as "feverreducing"). The evaluation measures
 * ranking, not the PDF layout.
 */
export function normalise(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/(\w)-\s*(?=\w)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export function passages(question: Question): string[] {
  return Array.isArray(question.passage) ? question.passage : [question.passage];
}

export function answers(question: Question, text: string): boolean {
  const haystack = normalise(text);
  return passages(question).some((p) => haystack.includes(normalise(p)));
}

export function firstRank(question: Question, results: SearchHit[]): number | null {
  const index = results.findIndex((r) => answers(question, r.text));
  return index < 0 ? null : index + 1;
}

export type Figures = {
  questions: number;
  hit1: number;
  hit3: number;
  hit5: number;
  mrr: number;
  /** Hits in the top 5 whose similarity is under the default threshold 0.7 (hidden by default). */
  hitsBelowDefault: number;
  /** hit@5 as the chatbot sees it with the default threshold 0.7. */
  hit5AtDefault: number;
  splitPassages: number;
  p50Ms: number;
};

export function figures(outcomes: Outcome[]): Figures {
  const n = outcomes.length;
  const within = (k: number) => outcomes.filter((o) => o.rank !== null && o.rank <= k).length / n;
  const hits = outcomes.filter((o) => o.rank !== null);
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  return {
    questions: n,
    hit1: within(1),
    hit3: within(3),
    hit5: within(5),
    mrr: outcomes.reduce((sum, o) => sum + (o.rank ? 1 / o.rank : 0), 0) / n,
    hitsBelowDefault: hits.filter((o) => (o.similarity ?? 0) < 0.7).length,
    hit5AtDefault: hits.filter((o) => (o.similarity ?? 0) >= 0.7).length / n,
    splitPassages: outcomes.filter((o) => !o.passageInSomeChunk).length,
    p50Ms: times[Math.floor(n / 2)] ?? 0,
  };
}

export type RunInfo = {
  label: string;
  mode: string;
  format: string;
  totalChunks: number;
  averageChunkSize: number;
  withEmbeddings: number;
  extractedQAs: number;
  outcomes: Outcome[];
};

const pct = (x: number) => x.toFixed(2);
/** A rate with its count, since 50/59 = 0.847 prints as 0.85 yet misses a 0.85 target. */
const share = (rate: number, n: number) => `${pct(rate)} (${Math.round(rate * n)}/${n})`;
const cell = (s: string, max: number) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return (flat.length > max ? `${flat.slice(0, max - 1)}…` : flat).replace(/\|/g, '\\|');
};

export function figuresTable(runs: RunInfo[]): string {
  const lines = [
    '| run | search_mode | chunks (avg tokens) | Q&A pairs | hit@1 | hit@3 | hit@5 | MRR | hits < 0.7 | hit@5 at 0.7 | passage split by chunker | p50 ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const run of runs) {
    const f = figures(run.outcomes);
    lines.push(
      `| ${run.label} | ${run.mode} | ${run.totalChunks} (${run.averageChunkSize}) | ${run.extractedQAs} | ` +
        `${share(f.hit1, f.questions)} | ${share(f.hit3, f.questions)} | ${share(f.hit5, f.questions)} | ` +
        `${pct(f.mrr)} | ${f.hitsBelowDefault} | ` +
        `${pct(f.hit5AtDefault)} | ${f.splitPassages} | ${f.p50Ms.toFixed(0)} |`,
    );
  }
  return lines.join('\n');
}

export function missesTable(run: RunInfo): string {
  const misses = run.outcomes.filter((o) => o.rank !== 1);
  if (!misses.length) return `No misses in ${run.label}: every question answered first.`;
  const lines = [
    `Misses in ${run.label} (not first; "rank" is the answering chunk's rank in a top 20, "-" when absent):`,
    '',
    '| # | question | expected passage | rank | top result (similarity) |',
    '|---|---|---|---|---|',
  ];
  for (const o of misses) {
    const rank = o.rank ?? o.rankIn20 ?? (o.passageInSomeChunk ? '-' : 'split');
    const top = o.top ? `${cell(o.top.text, 110)} (${o.top.similarity.toFixed(2)})` : '(no result)';
    lines.push(
      `| ${o.question.id} | ${cell(o.question.question, 70)} | ${cell(passages(o.question)[0]!, 60)} | ${rank} | ${top} |`,
    );
  }
  return lines.join('\n');
}
