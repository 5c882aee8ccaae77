// Which query expansions earn their place: retrieval with and without the school thesaurus and
// WordNet, ranked the way the search ranks (calibrated similarity), on every handbook in one
// format. Reports hit@1, hit@5 and MRR per split, aggregates only (no per-question output, so the
// held-out set informs the keep-or-drop decision without being tuned on).
// Usage: npx tsx bench/knowledge-eval/ablation.ts [--format md]
import { parseArgs } from 'node:util';
import { createLexicalSearch } from '../../apps/server/src/modules/knowledge/knowledge-search';
import { relatedWordsFromWordNet } from '../../apps/server/src/modules/knowledge/related-words';
import { calibratedSimilarity } from '../../apps/server/src/modules/knowledge/search-calibration';
import { holdsPassage, loadQuestions, loadSchools, startLantern, type Format } from './harness';

const { values } = parseArgs({ options: { format: { type: 'string', default: 'md' } } });
const format = values.format as Format;
const wordnet = relatedWordsFromWordNet();
const variants = {
  'school thesaurus + WordNet synonyms, broader, narrower': {
    schoolThesaurus: true,
    relatedOf: relatedWordsFromWordNet({ broader: true, narrower: true }),
  },
  'school thesaurus + WordNet synonyms (the default)': { schoolThesaurus: true, relatedOf: wordnet },
  'school thesaurus + WordNet synonyms, broader': {
    schoolThesaurus: true,
    relatedOf: relatedWordsFromWordNet({ broader: true }),
  },
  'school thesaurus only': { schoolThesaurus: true },
  'WordNet only': { schoolThesaurus: false, relatedOf: wordnet },
  neither: { schoolThesaurus: false },
};
const lantern = await startLantern();
const split = process.env.ABLATION_SPLIT;
const questions = loadQuestions().filter((q) => q.answerable && (!split || q.split === split));
const tallies = new Map<string, { n: number; h1: number; h5: number; rr: number }>();
for (const school of loadSchools()) {
  const file = school.files[format];
  if (!file) continue;
  const chunks = await lantern.useHandbook(school.name, format, file);
  for (const [name, options] of Object.entries(variants)) {
    const lexical = createLexicalSearch(lantern.t.database.db, options);
    for (const q of questions.filter((x) => x.school === school.name)) {
      const right = new Set(chunks.filter((c) => holdsPassage(q, c.chunk_text)).map((c) => c.id));
      const found = (await lexical.explain(q.question, 0))
        .map((f) => ({ id: f.id, s: calibratedSimilarity(f) }))
        .filter((f) => f.s >= 0.5)
        .sort((a, b) => b.s - a.s);
      const rank = found.findIndex((f) => right.has(f.id)) + 1;
      const key = `${name} | ${q.split}`;
      const t = tallies.get(key) ?? { n: 0, h1: 0, h5: 0, rr: 0 };
      t.n++;
      if (rank === 1) t.h1++;
      if (rank > 0 && rank <= 5) {
        t.h5++;
        t.rr += 1 / rank;
      }
      tallies.set(key, t);
    }
  }
}
await lantern.close();
console.log(
  `| expansions | split | questions | hit@1 | hit@5 | MRR |  (${format}, threshold 0.5)\n|---|---|---|---|---|---|`,
);
for (const [key, t] of [...tallies].sort())
  console.log(
    `| ${key} | ${t.n} | ${(t.h1 / t.n).toFixed(3)} | ${(t.h5 / t.n).toFixed(3)} | ${(t.rr / t.n).toFixed(3)} |`,
  );
