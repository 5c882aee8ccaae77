// Development-set diagnosis of the ranking: for each dev question not answered first, where the
// answering chunk ranks among every chunk sharing a word with the question, and its features.
// Usage: npx tsx bench/knowledge-eval/diagnose-ranking.ts [--school name] [--format pdf]
import { parseArgs } from 'node:util';
import { createLexicalSearch } from '../../apps/server/src/modules/knowledge/knowledge-search';
import { wordNetTermOptions } from '../../apps/server/src/modules/knowledge/related-words';
import { calibratedSimilarity } from '../../apps/server/src/modules/knowledge/search-calibration';
import { holdsPassage, loadQuestions, loadSchools, startLantern, type Format } from './harness';

const { values } = parseArgs({
  options: { school: { type: 'string' }, format: { type: 'string', default: 'md' } },
});
const format = values.format as Format;
const lantern = await startLantern();
const lexical = createLexicalSearch(lantern.t.database.db, wordNetTermOptions());
const questions = loadQuestions().filter((q) => q.split === 'dev' && q.answerable);
const buckets: Record<string, number> = {};
for (const school of loadSchools()) {
  if (values.school && school.name !== values.school) continue;
  const file = school.files[format];
  if (!file) continue;
  const chunks = await lantern.useHandbook(school.name, format, file);
  lexical.invalidate();
  const textOf = new Map(chunks.map((c) => [c.id, c.chunk_text]));
  for (const q of questions.filter((x) => x.school === school.name)) {
    const found = (await lexical.explain(q.question, 0))
      .map((f) => ({ ...f, s: calibratedSimilarity(f) }))
      .sort((a, b) => b.s - a.s);
    const rank = found.findIndex((f) => holdsPassage(q, textOf.get(f.id) ?? '')) + 1;
    const anyHolds = chunks.some((c) => holdsPassage(q, c.chunk_text));
    const bucket = !anyHolds
      ? 'passage in no chunk'
      : rank === 0
        ? 'no shared word'
        : rank === 1
          ? '1'
          : rank <= 5
            ? '2-5'
            : '6+';
    buckets[bucket] = (buckets[bucket] ?? 0) + 1;
    if (rank !== 1) {
      const right = found[rank - 1];
      const f = (x?: { bm25: number; coverage: number; relative: number; s: number }) =>
        x
          ? `s ${x.s.toFixed(2)} bm25 ${x.bm25.toFixed(2)} cov ${x.coverage.toFixed(2)} rel ${x.relative.toFixed(2)}`
          : '-';
      const terms = (await lexical.prepare(q.question))
        .map((t) => `${t.word}(${t.weight.toFixed(1)})`)
        .join(' ');
      console.log(
        `[${bucket}] ${school.name}: ${q.question}\n   terms: ${terms}\n   right: ${f(right)}\n   top:   ${f(found[0])} ${textOf
          .get(found[0]?.id ?? '')
          ?.slice(0, 80)
          .replace(/\s+/g, ' ')}`,
      );
    }
  }
}
await lantern.close();
console.log(buckets);
