// The knowledge base as parents will feel it, on every handbook of bench/knowledge-eval (Brightwater
// and the schools under schools/) in every format (PDF, DOCX, MD, "printed": a PDF printed by a
// web browser, print-handbooks.ts, and "office": the DOCX saved as PDF by a word processor,
// office-handbooks.ts): each handbook uploaded
// through the API into a Lantern built in this process, then every question asked
//  - to POST /api/knowledge/test-search (limit 5): hit@1, hit@5 and MRR at thresholds 0.5 and 0.7,
//    and the calibration (of the results at or above 0.7, the share that hold the answer);
//  - to the chatbot through the widget's API, in a new conversation each: correct (holds every
//    fact), says it does not know, or wrong; for answerable and unanswerable questions.
// Usage: npx tsx bench/knowledge-eval.ts [--split holdout|dev|all] [--format pdf,docx,md,printed,office]
//        [--school name,...] [--no-chat] [--misses]
// On PGlite by default; TEST_DB=postgres TEST_DATABASE_URL=postgres://... for PostgreSQL.
// The held-out questions are for measuring only: tune on --split dev.
import { parseArgs } from 'node:util';
import {
  FORMATS,
  holdsPassage,
  judgeAnswer,
  loadQuestions,
  loadSchools,
  startLantern,
  type Format,
} from './knowledge-eval/harness';
import { reportResult } from './lib.mjs';

const { values } = parseArgs({
  options: {
    split: { type: 'string', default: 'holdout' },
    format: { type: 'string', default: FORMATS.join(',') },
    school: { type: 'string' },
    'no-chat': { type: 'boolean', default: false },
    misses: { type: 'boolean', default: false },
  },
});
const formats = values.format!.split(',') as Format[];
const schools = loadSchools().filter((s) => !values.school || values.school.split(',').includes(s.name));
const questions = loadQuestions().filter((q) => values.split === 'all' || q.split === values.split);

type Tally = { n: number; hit1: number; hit5: number; rr: number };
const tally = (): Tally => ({ n: 0, hit1: 0, hit5: 0, rr: 0 });
const byFormat = new Map<
  string,
  {
    at: Record<'0.5' | '0.7', Tally>;
    above: number;
    aboveRight: number;
    chat: Record<'answerable' | 'unanswerable', Record<'correct' | 'unknown' | 'wrong', number>>;
  }
>();
const misses: string[] = [];
const chatBySchool = new Map<string, Record<'correct' | 'unknown' | 'wrong', number>>();

const lantern = await startLantern();
for (const school of schools) {
  const mine = questions.filter((q) => q.school === school.name);
  if (!mine.length) continue;
  for (const format of formats) {
    const file = school.files[format];
    if (!file) continue;
    const chunks = await lantern.useHandbook(school.name, format, file);
    const tokens =
      chunks.reduce((s, c) => s + (c.token_count ?? c.chunk_text.length / 4), 0) / Math.max(chunks.length, 1);
    console.error(
      `${school.name}/${format}: ${chunks.length} chunks (avg ${Math.round(tokens)} tokens), ${mine.length} questions`,
    );
    const f = byFormat.get(format) ?? {
      at: { '0.5': tally(), '0.7': tally() },
      above: 0,
      aboveRight: 0,
      chat: {
        answerable: { correct: 0, unknown: 0, wrong: 0 },
        unanswerable: { correct: 0, unknown: 0, wrong: 0 },
      },
    };
    byFormat.set(format, f);
    for (const q of mine) {
      if (q.answerable)
        for (const cut of ['0.5', '0.7'] as const) {
          const results = await lantern.search(q.question, Number(cut));
          const rank = results.findIndex((r) => holdsPassage(q, r.text)) + 1;
          const t = f.at[cut];
          t.n++;
          if (rank === 1) t.hit1++;
          if (rank > 0) {
            t.hit5++;
            t.rr += 1 / rank;
          }
          if (cut === '0.5' && rank !== 1 && values.misses)
            misses.push(
              `${school.name}/${format} [${rank || '-'}] ${q.question} -> ${results[0]?.text.slice(0, 90).replace(/\s+/g, ' ') ?? '(none)'} (${results[0]?.similarity ?? ''})`,
            );
        }
      for (const r of await lantern.search(q.question, 0.7)) {
        f.above++;
        if (q.answerable && holdsPassage(q, r.text)) f.aboveRight++;
      }
      if (!values['no-chat']) {
        const reply = await lantern.ask(q.question);
        const verdict = judgeAnswer(q, reply);
        f.chat[q.answerable ? 'answerable' : 'unanswerable'][verdict]++;
        if (q.answerable) {
          const mine = chatBySchool.get(school.name) ?? { correct: 0, unknown: 0, wrong: 0 };
          mine[verdict]++;
          chatBySchool.set(school.name, mine);
        }
        if (values.misses && verdict === 'wrong')
          misses.push(
            `WRONG ${school.name}/${format}: ${q.question}\n    -> ${reply.slice(0, 300).replace(/\s+/g, ' ')}`,
          );
      }
    }
  }
}
await lantern.close();

const pct = (a: number, b: number) => (b ? (a / b).toFixed(2) : '-');
console.log(
  `\n${questions.length} questions (split: ${values.split}), schools: ${schools.map((s) => s.name).join(', ')}, database: ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}\n`,
);
console.log(
  '| format | hit@1 (0.5) | hit@5 (0.5) | MRR (0.5) | hit@1 (0.7) | hit@5 (0.7) | MRR (0.7) | results >= 0.7 that answer | chat answerable: correct / unknown / wrong | chat unanswerable: unknown / wrong |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const [format, f] of byFormat) {
  const a = f.at['0.5'];
  const b = f.at['0.7'];
  const c = f.chat.answerable;
  const u = f.chat.unanswerable;
  const answerable = c.correct + c.unknown + c.wrong;
  console.log(
    `| ${format} | ${pct(a.hit1, a.n)} | ${pct(a.hit5, a.n)} | ${pct(a.rr, a.n)} | ${pct(b.hit1, b.n)} | ${pct(b.hit5, b.n)} | ${pct(b.rr, b.n)} | ${pct(f.aboveRight, f.above)} (${f.aboveRight}/${f.above}) | ${values['no-chat'] ? '-' : `${pct(c.correct, answerable)} / ${pct(c.unknown, answerable)} / ${pct(c.wrong, answerable)} (${c.correct}/${c.unknown}/${c.wrong})`} | ${values['no-chat'] ? '-' : `${u.unknown} / ${u.wrong}`} |`,
  );
}
if (chatBySchool.size) {
  console.log('\nChatbot on answerable questions, by handbook (all formats): correct / unknown / wrong');
  for (const [name, c] of chatBySchool) console.log(`  ${name}: ${c.correct} / ${c.unknown} / ${c.wrong}`);
}
if (values.misses) console.log(`\n${misses.join('\n')}`);
reportFigures();

/** The suite's figures, over every format run: the README's targets 0.7 / 0.9 / 80% / no wrong answer. */
function reportFigures() {
  const all = [...byFormat.values()];
  const sum = (of: (f: (typeof all)[number]) => number) => all.reduce((s, f) => s + of(f), 0);
  const share = (a: number, b: number) => (b ? Number((a / b).toFixed(2)) : NaN);
  const atHalf = (key: keyof Tally) => sum((f) => f.at['0.5'][key]);
  const hit1 = share(atHalf('hit1'), atHalf('n'));
  const hit5 = share(atHalf('hit5'), atHalf('n'));
  const [above, aboveRight] = [sum((f) => f.above), sum((f) => f.aboveRight)];
  const answering = share(aboveRight, above);
  reportResult({ name: 'hit@1 at 0.5, all formats', figure: hit1, unit: '', target: '>= 0.7' });
  reportResult({ name: 'hit@5 at 0.5, all formats', figure: hit5, unit: '', target: '>= 0.9' });
  reportResult({
    name: 'results >= 0.7 that answer (0.7: more likely than not)',
    figure: answering,
    unit: '',
    target: '> 0.5',
  });
  if (values['no-chat']) return;
  const wrong = sum((f) => f.chat.answerable.wrong + f.chat.unanswerable.wrong);
  reportResult({ name: 'chatbot wrong answers, all formats', figure: wrong, unit: 'answers', target: '= 0' });
}
