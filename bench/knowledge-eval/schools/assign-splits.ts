// Gives every question in the schools' questions.json files a "split" ("dev" or "holdout"), fixed once,
// before any tuning: within each school and each of answerable / unanswerable, the questions without a
// split are put in a seeded shuffle and dealt alternately, each to the split that has fewer so far (dev on
// a tie). Questions that already have a split keep it, so adding questions never moves existing ones.
// Usage: npx tsx bench/knowledge-eval/schools/assign-splits.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHOOL_IDS, type Split } from './check-questions';

const here = path.dirname(fileURLToPath(import.meta.url));

/** mulberry32: a small seeded generator, so the shuffle is the same on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

type Raw = Record<string, unknown> & { id: number; answerable: boolean; split?: Split };
const ORDER = ['id', 'school', 'split', 'topic', 'question', 'passage', 'facts', 'answerable'];

for (const school of SCHOOL_IDS) {
  const file = path.join(here, school, 'questions.json');
  const questions = JSON.parse(fs.readFileSync(file, 'utf8')) as Raw[];
  for (const answerable of [true, false]) {
    const group = questions.filter((q) => q.answerable === answerable);
    const count = (split: Split) => group.filter((q) => q.split === split).length;
    const next = random(seedOf(`${school}:${answerable}`));
    const open = group.filter((q) => !q.split).sort((a, b) => a.id - b.id);
    for (let i = open.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [open[i], open[j]] = [open[j]!, open[i]!];
    }
    for (const q of open) q.split = count('dev') <= count('holdout') ? 'dev' : 'holdout';
  }
  const ordered = questions.map((q) =>
    Object.fromEntries(
      [...ORDER.filter((k) => k in q), ...Object.keys(q).filter((k) => !ORDER.includes(k))].map((k) => [
        k,
        q[k],
      ]),
    ),
  );
  fs.writeFileSync(file, `${JSON.stringify(ordered, null, 2)}\n`);
  console.log(`${school}: ${questions.length} questions have a split`);
}
