// Fits the search's calibration (apps/server/src/modules/knowledge/search-calibration.ts) on the
// DEVELOPMENT questions only: for each question, the chunks holding at least a fifth of its
// weight, with their ranking features, labelled by whether they hold the answer passage
// (unanswerable questions: every chunk is a negative). A logistic regression with weights kept
// non-negative (the search's candidate pruning relies on it) is fitted by gradient descent.
// Usage: npx tsx bench/knowledge-eval/calibrate.ts   (prints the constants to paste)
import { createLexicalSearch } from '../../apps/server/src/modules/knowledge/knowledge-search';
import { wordNetTermOptions } from '../../apps/server/src/modules/knowledge/related-words';
import {
  calibratedSimilarity,
  leadEvidence,
  type Calibration,
  type RankFeatures,
} from '../../apps/server/src/modules/knowledge/search-calibration';
import { FORMATS, holdsPassage, loadQuestions, loadSchools, startLantern } from './harness';

const FEATURES = ['bm25', 'coverage', 'relative', 'window', 'lead'] as const;
type Row = { f: RankFeatures; x: number[]; y: number };
// The model's inputs: the lead counts as the evidence it is (search-calibration.ts leadEvidence).
const inputsOf = (f: RankFeatures) => FEATURES.map((k) => (k === 'lead' ? leadEvidence(f) : f[k]));

const rowsOut: Row[] = [];
const lantern = await startLantern();
const lexical = createLexicalSearch(lantern.t.database.db, wordNetTermOptions());
const questions = loadQuestions().filter((q) => q.split === 'dev');
for (const school of loadSchools()) {
  const mine = questions.filter((q) => q.school === school.name);
  if (!mine.length) continue;
  for (const format of FORMATS) {
    const file = school.files[format];
    if (!file) continue;
    const chunks = await lantern.useHandbook(school.name, format, file);
    lexical.invalidate();
    const textOf = new Map(chunks.map((c) => [c.id, c.chunk_text]));
    for (const q of mine) {
      const found = (await lexical.explain(q.question, 0.2)).sort((a, b) => b.bm25 - a.bm25).slice(0, 20);
      for (const f of found)
        rowsOut.push({
          f,
          x: inputsOf(f),
          y: q.answerable && holdsPassage(q, textOf.get(f.id) ?? '') ? 1 : 0,
        });
    }
    console.error(`${school.name}/${format}: ${rowsOut.length} rows so far`);
  }
}
await lantern.close();

// Logistic regression, weights >= 0, a little L2 so the fit stays smooth.
let w = [-4, ...FEATURES.map(() => 1)];
const rate = 0.5;
for (let epoch = 0; epoch < 6000; epoch++) {
  const grad = w.map(() => 0);
  for (const { x, y } of rowsOut) {
    const p = 1 / (1 + Math.exp(-(w[0]! + x.reduce((s, v, i) => s + w[i + 1]! * v, 0))));
    const e = p - y;
    grad[0]! += e;
    x.forEach((v, i) => (grad[i + 1]! += e * v));
  }
  w = w.map((v, i) => {
    const next = v - rate * (grad[i]! / rowsOut.length + (i ? 0.001 * v : 0));
    return i === 0 ? next : Math.max(0, next);
  });
}
const fitted = {
  intercept: w[0]!,
  ...Object.fromEntries(FEATURES.map((k, i) => [k, w[i + 1]!])),
} as Calibration;
const round = (v: number) => Math.round(v * 1000) / 1000;
console.log(JSON.stringify(Object.fromEntries(Object.entries(fitted).map(([k, v]) => [k, round(v)]))));

// How the fit reads: of the development chunks at or above a similarity, the share that answer.
for (const cut of [0.5, 0.6, 0.7, 0.8, 0.9]) {
  const above = rowsOut.filter((r) => calibratedSimilarity(r.f, fitted) >= cut);
  const right = above.filter((r) => r.y === 1).length;
  console.log(
    `>= ${cut}: ${above.length} chunks, ${above.length ? Math.round((100 * right) / above.length) : 0}% answer`,
  );
}
console.log(`${rowsOut.length} rows, ${rowsOut.filter((r) => r.y).length} positive`);
