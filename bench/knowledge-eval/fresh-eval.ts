// A second development set (questions-fresh.json), written on 2026-11-25 by helper sessions that
// never saw the question sets, after the engine had been tuned on the development split:
// - 80 answerable and 25 unanswerable questions on the five handbooks, written from the handbooks;
// - a sixth school written from scratch, Kestrel Bay (fresh-schools/kestrel: handbook.md in a style
//   the others do not use, bold-line headings and FAQ questions, and its Chromium-printed PDF), with
//   40 answerable and 10 unanswerable questions.
// Used to find failures the development split did not show; it has been tuned on since, so it is
// development data, not a held-out measure (the held-out split in knowledge-eval.ts is that).
// Prints one row per question (id, verdict, rank of the answering chunk at 0.5, question, reply)
// and the totals on stderr.
// Usage: npx tsx bench/knowledge-eval/fresh-eval.ts [--format md] > fresh.tsv
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { holdsPassage, judgeAnswer, loadSchools, startLantern, type Format } from './harness';

const { values } = parseArgs({ options: { format: { type: 'string', default: 'md' } } });
const format = values.format as Format;
const here = path.dirname(fileURLToPath(import.meta.url));
type Fresh = {
  id: string;
  school: string;
  question: string;
  passage?: string;
  facts?: string[];
  answerable: boolean;
};
const questions = (
  JSON.parse(fs.readFileSync(path.join(here, 'questions-fresh.json'), 'utf8')) as Fresh[]
).map((q) => ({ ...q, passages: q.passage ? [q.passage] : [], facts: q.facts ?? [] }));
const kestrel = path.join(here, 'fresh-schools', 'kestrel');
const schools = [
  ...loadSchools(),
  {
    name: 'kestrel',
    files: {
      md: path.join(kestrel, 'handbook.md'),
      printed: path.join(kestrel, 'handbook-printed.pdf'),
      pdf: null,
      docx: null,
      office: null,
    },
  },
];
const lantern = await startLantern();
const tally: Record<string, number> = {};
let first = 0;
let topFive = 0;
let answerable = 0;
for (const school of schools) {
  const mine = questions.filter((q) => q.school === school.name);
  const file = school.files[format];
  if (!mine.length || !file) continue;
  await lantern.useHandbook(school.name, format, file);
  for (const q of mine) {
    let rank = 0;
    if (q.answerable) {
      const results = await lantern.search(q.question, 0.5);
      rank = results.findIndex((r) => holdsPassage(q, r.text)) + 1;
      answerable++;
      if (rank === 1) first++;
      if (rank >= 1) topFive++;
    }
    const reply = await lantern.ask(q.question);
    const verdict = `${q.answerable ? '' : 'unanswerable '}${judgeAnswer(q, reply)}`;
    tally[verdict] = (tally[verdict] ?? 0) + 1;
    console.log([q.id, verdict, rank, q.question, reply.replace(/\s+/g, ' ').slice(0, 300)].join('\t'));
  }
}
await lantern.close();
console.error(
  JSON.stringify({
    format,
    'hit@1': +(first / answerable).toFixed(3),
    'hit@5': +(topFive / answerable).toFixed(3),
    ...tally,
  }),
);
