// Development-set diagnosis of the chatbot: for each dev question, the verdict, where the answering
// chunk ranks in the search the chatbot makes (top 5 at 0.5, with similarities), and the reply.
// Buckets say why an answer was missed: no answering chunk at or above the chatbot's threshold,
// the chunk found but refused by the answerability rules, or a wrong passage or sentence quoted.
// Usage: npx tsx bench/knowledge-eval/diagnose-chat.ts [--school name] [--format md] [--quiet]
// Development questions only: the held-out set is never diagnosed.
import { parseArgs } from 'node:util';
import { ANSWER_THRESHOLD } from '../../apps/server/src/modules/chat/knowledge-lookup';
import { holdsPassage, judgeAnswer, loadQuestions, loadSchools, startLantern, type Format } from './harness';

const { values } = parseArgs({
  options: {
    school: { type: 'string' },
    format: { type: 'string', default: 'md' },
    quiet: { type: 'boolean', default: false },
  },
});
const format = values.format as Format;
const lantern = await startLantern();
const questions = loadQuestions().filter((q) => q.split === 'dev');
const buckets: Record<string, number> = {};
for (const school of loadSchools()) {
  if (values.school && school.name !== values.school) continue;
  const file = school.files[format];
  if (!file) continue;
  await lantern.useHandbook(school.name, format, file);
  for (const q of questions.filter((x) => x.school === school.name)) {
    const results = await lantern.search(q.question, 0.5);
    const rank = results.findIndex((r) => holdsPassage(q, r.text)) + 1;
    const reply = await lantern.ask(q.question);
    const verdict = judgeAnswer(q, reply);
    const found = rank > 0 && results[rank - 1]!.similarity >= ANSWER_THRESHOLD;
    const bucket = !q.answerable
      ? `unanswerable ${verdict}`
      : verdict === 'correct'
        ? 'correct'
        : `${verdict}: ${found ? 'answer found at threshold' : rank ? 'answer below threshold' : 'answer not in top 5'}`;
    buckets[bucket] = (buckets[bucket] ?? 0) + 1;
    if (values.quiet || bucket === 'correct' || bucket === 'unanswerable unknown') continue;
    console.log(`\n[${bucket}] ${q.id}: ${q.question}`);
    console.log(`  facts: ${(q.facts.length ? q.facts : q.passages.slice(0, 1)).join(' | ')}`);
    console.log(
      `  top: ${results
        .slice(0, 5)
        .map((r, i) => `${i + 1}${holdsPassage(q, r.text) ? '*' : ''} ${r.similarity.toFixed(2)}`)
        .join(', ')}`,
    );
    const answering = results.find((r) => holdsPassage(q, r.text)) as
      { terms?: { term: string; weight: number; via: string | null; known?: boolean }[] } | undefined;
    if (answering?.terms)
      console.log(
        `  terms of the answering chunk: ${answering.terms
          .map(
            (t) =>
              `${t.term} ${t.weight.toFixed(2)} ${t.via ?? 'MISSING'}${t.known === false ? ' (unknown word)' : ''}`,
          )
          .join(', ')}`,
      );
    console.log(`  reply: ${reply.slice(0, 260).replace(/\s+/g, ' ')}`);
  }
}
await lantern.close();
console.log('\n', buckets);
