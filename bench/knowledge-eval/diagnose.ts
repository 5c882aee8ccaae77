// Why a question misses, word by word: for each question, its English stems (PostgreSQL's
// to_tsvector('english'), as the server's lexical search uses), which of them the handbook never
// uses, and which the answering chunk lacks; plus the idf-weighted share of the question's words
// that the answering chunk holds (the "coverage" a lexical score can reach at best).
// Then, over the same chunks, the hit@1/hit@5 that plain reference rankings reach (BM25 over the same
// stems; with question filler words dropped; with stem-prefix matching), to show what each generic
// change is worth. No synonyms here: a synonym list written while reading these questions would flatter.
// Usage: npx tsx bench/knowledge-eval-http.ts --mode lexical --format pdf --dump-chunks /tmp/kb
//        npx tsx bench/knowledge-eval/diagnose.ts /tmp/kb/chunks-lexical-pdf.json [questions file] [ids...]
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { answers, loadQuestions } from './eval-lib';

const [dump, ...rest] = process.argv.slice(2);
if (!dump) throw new Error('usage: diagnose.ts <chunks.json> [questions-holdout.json] [question ids]');
const questionFile = rest.find((a) => a.endsWith('.json'));
const ids = rest.filter((a) => !a.endsWith('.json'));
const chunks = JSON.parse(fs.readFileSync(dump, 'utf8')) as string[];
const wanted = new Set(ids.map(Number));
const questions = loadQuestions(questionFile).filter((q) => !wanted.size || wanted.has(q.id));

const db = new PGlite();
const stemsOf = async (text: string) =>
  (
    await db.query<{ s: string[] | null }>(`select tsvector_to_array(to_tsvector('english', $1)) as s`, [
      text,
    ])
  ).rows[0]?.s ?? [];

const chunkStems = await Promise.all(chunks.map(async (t) => new Set(await stemsOf(t))));
const termCounts = await Promise.all(
  chunks.map(async (t) => {
    const { rows } = await db.query<{ lexeme: string; n: number }>(
      `select lexeme, coalesce(array_length(positions, 1), 1) as n from unnest(to_tsvector('english', $1))`,
      [t],
    );
    return new Map(rows.map((r) => [r.lexeme, r.n]));
  }),
);
const df = (stem: string) => chunkStems.filter((s) => s.has(stem)).length;
const n = chunks.length;
const idf = (d: number) => Math.log(1 + (n - d + 0.5) / (d + 0.5));

// Words of a parent's question that say nothing about the topic (stems, after PostgreSQL's own list).
const FILLER = new Set(
  'how much mani often get got happen possibl realli actual usual know let ever still come see go find want would could should mayb today also what whats there'.split(
    ' ',
  ),
);
/** Coverage the answering chunk reaches, three ways of counting the question's words. */
const reach = { all: [] as number[], known: [] as number[], informative: [] as number[] };

for (const q of questions) {
  const stems = await stemsOf(q.question);
  const answering = chunks.findIndex((t) => answers(q, t));
  const inChunk = answering >= 0 ? chunkStems[answering]! : new Set<string>();
  const unknown = stems.filter((s) => df(s) === 0);
  const missing = stems.filter((s) => df(s) > 0 && !inChunk.has(s));
  const weight = (s: string) => (df(s) ? idf(df(s)) : 0);
  const total = stems.reduce((sum, s) => sum + weight(s), 0);
  const held = stems.filter((s) => inChunk.has(s)).reduce((sum, s) => sum + weight(s), 0);
  // As the server counts (a word the handbook never uses weighs half an average word), known words
  // only, and known words without question filler.
  const known = stems.filter((x) => df(x) > 0);
  const average = known.length ? known.reduce((sum, x) => sum + weight(x), 0) / known.length : 1;
  const allTotal = total + (stems.length - known.length) * (average / 2);
  const informative = known.filter((x) => !FILLER.has(x));
  const infTotal = informative.reduce((sum, x) => sum + weight(x), 0);
  const infHeld = informative.filter((x) => inChunk.has(x)).reduce((sum, x) => sum + weight(x), 0);
  reach.all.push(allTotal ? held / allTotal : 0);
  reach.known.push(total ? held / total : 0);
  reach.informative.push(infTotal ? infHeld / infTotal : 0);
  console.log(
    `#${q.id} ${q.question}\n   stems: ${stems.join(' ')}\n` +
      `   not in the handbook: ${unknown.join(' ') || '-'}; not in the answering chunk (${answering}): ` +
      `${missing.join(' ') || '-'}; coverage of known words ${(total ? held / total : 0).toFixed(2)}`,
  );
}
const lengths = termCounts.map((m) => [...m.values()].reduce((a, b) => a + b, 0));
const avgLength = lengths.reduce((a, b) => a + b, 0) / n;

/** BM25 (k1 1.2, b 0.75) of every chunk for the query stems; prefix: "tutor" also finds "tutori". */
function bm25(stems: string[], prefix: boolean): number[] {
  return termCounts.map((counts, i) => {
    let score = 0;
    for (const stem of stems) {
      const matching = [...counts.keys()].filter(
        (k) => k === stem || (prefix && stem.length >= 4 && k.startsWith(stem)),
      );
      if (!matching.length) continue;
      const tf = matching.reduce((sum, k) => sum + counts.get(k)!, 0);
      const d = chunkStems.filter((s) => [...s].some((k) => matching.includes(k))).length;
      score += (idf(d) * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * lengths[i]!) / avgLength));
    }
    return score;
  });
}

/**
 * A 0..1 score that keeps the threshold's meaning: the idf-weighted share of the question's
 * informative words (filler and words the knowledge base never uses left out; stem prefixes count)
 * that the chunk holds, under 0.5 dropped as the API's lowest threshold would; BM25 breaks ties.
 */
function coverageAtFloor(stems: string[]): number[] {
  const matches = (k: string, stem: string) => k === stem || (stem.length >= 4 && k.startsWith(stem));
  const informative = stems
    .filter((x) => !FILLER.has(x))
    .map((stem) => ({ stem, d: chunkStems.filter((s) => [...s].some((k) => matches(k, stem))).length }))
    .filter((t) => t.d > 0);
  const total = informative.reduce((sum, t) => sum + idf(t.d), 0);
  const tieBreak = bm25(
    informative.map((t) => t.stem),
    true,
  );
  return chunkStems.map((s, i) => {
    const held = informative.filter((t) => [...s].some((k) => matches(k, t.stem)));
    const coverage = total ? held.reduce((sum, t) => sum + idf(t.d), 0) / total : 0;
    return coverage >= 0.5 ? coverage + tieBreak[i]! / 1000 : 0;
  });
}

if (!wanted.size) {
  const share = (xs: number[], t: number) => (xs.filter((x) => x >= t).length / xs.length).toFixed(2);
  console.log(`\nShare of questions whose answering chunk covers the question's words (idf-weighted):`);
  for (const [name, xs] of Object.entries(reach))
    console.log(`  counting ${name} words: >= 0.5 ${share(xs, 0.5)}, >= 0.7 ${share(xs, 0.7)}`);
  const variants: [string, (stems: string[]) => number[]][] = [
    ['BM25 over the stems', (st) => bm25(st, false)],
    [
      'BM25, filler words dropped',
      (st) =>
        bm25(
          st.filter((x) => !FILLER.has(x)),
          false,
        ),
    ],
    [
      'BM25, filler dropped, stem prefixes',
      (st) =>
        bm25(
          st.filter((x) => !FILLER.has(x)),
          true,
        ),
    ],
  ];
  variants.push(['coverage of informative words (prefixes), floor 0.5', coverageAtFloor]);
  console.log(`\nReference rankings over the same ${n} chunks (${questions.length} questions):`);
  for (const [name, rank] of variants) {
    let hit1 = 0;
    let hit5 = 0;
    for (const q of questions) {
      const scores = rank(await stemsOf(q.question));
      const order = scores
        .map((score, i) => ({ score, i }))
        .filter((x) => x.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, 5);
      const at = order.findIndex((x) => answers(q, chunks[x.i]!));
      if (at === 0) hit1++;
      if (at >= 0) hit5++;
    }
    console.log(
      `  ${name}: hit@1 ${(hit1 / questions.length).toFixed(2)}, hit@5 ${(hit5 / questions.length).toFixed(2)}`,
    );
  }
}
await db.close();
