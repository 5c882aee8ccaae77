// Checks the four schools' question sets against their handbooks, independently of any search engine:
// every answerable question's passage must occur verbatim (case, whitespace and in-word hyphens folded by
// normalise()) inside one sentence-line or one table cell of its handbook.md, with Markdown markup removed,
// and each of its facts in the same line or table row as the passage; the dev/holdout split must be even
// within each school and each of answerable / unanswerable. Prints counts; exits 1 on any failure.
// Usage: npx tsx bench/knowledge-eval/schools/check-questions.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalise } from '../eval-lib';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SCHOOL_IDS = ['harbourview', 'oakridge', 'fernwood', 'wattle'] as const;
export type SchoolId = (typeof SCHOOL_IDS)[number];
export type Split = 'dev' | 'holdout';

export type SchoolQuestion =
  | {
      id: number;
      school: SchoolId;
      split: Split;
      topic: string;
      question: string;
      passage: string | string[];
      facts: string[];
      answerable: true;
    }
  | { id: number; school: SchoolId; split: Split; topic: string; question: string; answerable: false };

/** A handbook line or table row with its markup removed, and the units a passage may lie within. */
type Line = { text: string; units: string[] };

/** handbook.md as lines of plain text: "**", leading "#"s, "- " and table pipes removed. */
export function handbookLines(markdown: string): Line[] {
  const lines: Line[] = [];
  for (const raw of markdown.split('\n')) {
    let line = raw.trim().replace(/\*\*/g, '');
    if (!line) continue;
    if (line.startsWith('|')) {
      if (/^\|?[\s:|-]+\|?$/.test(line)) continue; // the separator row
      const cells = line
        .replace(/^\|/, '')
        .replace(/\|$/, '')
        .split('|')
        .map((cell) => normalise(cell));
      lines.push({ text: cells.join(' '), units: cells });
      continue;
    }
    line = line.replace(/^#+\s+/, '').replace(/^- /, '');
    lines.push({ text: normalise(line), units: [normalise(line)] });
  }
  return lines;
}

const words = (text: string) => text.trim().split(/\s+/).length;

function occurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) count++;
  return count;
}

export function loadSchoolQuestions(school: SchoolId): SchoolQuestion[] {
  return JSON.parse(fs.readFileSync(path.join(here, school, 'questions.json'), 'utf8')) as SchoolQuestion[];
}

function check(): number {
  const failures: string[] = [];
  const warnings: string[] = [];
  const seenIds = new Set<number>();
  const rows: string[] = [];
  for (const school of SCHOOL_IDS) {
    const lines = handbookLines(fs.readFileSync(path.join(here, school, 'handbook.md'), 'utf8'));
    const whole = lines.map((l) => l.text).join(' ');
    const questions = loadSchoolQuestions(school);
    const fail = (q: { id: number }, message: string) => failures.push(`${school} #${q.id}: ${message}`);
    for (const q of questions) {
      if (seenIds.has(q.id)) fail(q, 'duplicate id');
      seenIds.add(q.id);
      if (q.school !== school) fail(q, `school is "${q.school}"`);
      if (q.split !== 'dev' && q.split !== 'holdout') fail(q, `split is "${String(q.split)}"`);
      if (!q.topic?.trim() || !q.question?.trim()) fail(q, 'topic or question missing');
      if (!q.answerable) {
        if ('passage' in q || 'facts' in q) fail(q, 'an unanswerable question has a passage or facts');
        continue;
      }
      const passages = Array.isArray(q.passage) ? q.passage : [q.passage];
      if (passages.length === 0 || passages.some((p) => typeof p !== 'string' || !p.trim()))
        fail(q, 'empty passage');
      if (!Array.isArray(q.facts) || q.facts.length < 1 || q.facts.length > 3) fail(q, 'needs 1 to 3 facts');
      // Lines holding each passage within one unit (a whole line, or a single table cell).
      const contexts: Line[] = [];
      for (const passage of passages) {
        const p = normalise(passage);
        if (/\*\*|\|/.test(passage)) fail(q, `passage keeps Markdown markup: "${passage}"`);
        const holding = lines.filter((line) => line.units.some((unit) => unit.includes(p)));
        if (holding.length === 0) {
          fail(
            q,
            whole.includes(p)
              ? `passage crosses a line or table cell: "${passage}"`
              : `passage not in handbook: "${passage}"`,
          );
          continue;
        }
        contexts.push(...holding);
        const inTable = holding.some((line) => line.units.length > 1);
        if (!inTable && (words(passage) < 4 || words(passage) > 16))
          fail(q, `passage of ${words(passage)} words (4-16 for text outside tables): "${passage}"`);
        const count = occurrences(whole, p);
        if (count > 1) warnings.push(`${school} #${q.id}: passage occurs ${count} times: "${passage}"`);
      }
      for (const fact of q.facts ?? []) {
        const f = normalise(fact);
        if (!whole.includes(f)) fail(q, `fact not in handbook: "${fact}"`);
        else if (!contexts.some((line) => line.text.includes(f)))
          fail(q, `fact not in the passage's line or table row: "${fact}"`);
      }
    }
    for (const answerable of [true, false]) {
      const group = questions.filter((q) => q.answerable === answerable);
      const dev = group.filter((q) => q.split === 'dev').length;
      const holdout = group.filter((q) => q.split === 'holdout').length;
      if (Math.abs(dev - holdout) > 1)
        failures.push(`${school}: ${answerable ? 'answerable' : 'unanswerable'} split ${dev}/${holdout}`);
      rows.push(
        `| ${school} | ${answerable ? 'answerable' : 'unanswerable'} | ${dev} | ${holdout} | ${group.length} |`,
      );
    }
    const answerable = questions.filter((q) => q.answerable).length;
    if (answerable < 55) failures.push(`${school}: only ${answerable} answerable questions (at least 55)`);
    if (questions.length - answerable < 12)
      failures.push(`${school}: only ${questions.length - answerable} unanswerable questions (at least 12)`);
  }
  console.log('| school | kind | dev | holdout | total |\n|---|---|---|---|---|\n' + rows.join('\n'));
  const all = SCHOOL_IDS.flatMap(loadSchoolQuestions);
  console.log(
    `\n${all.length} questions: ${all.filter((q) => q.split === 'dev').length} dev, ` +
      `${all.filter((q) => q.split === 'holdout').length} holdout; ` +
      `${all.filter((q) => q.answerable).length} answerable, ${all.filter((q) => !q.answerable).length} unanswerable`,
  );
  if (warnings.length) console.log(`\nWarnings (${warnings.length}):\n${warnings.join('\n')}`);
  if (failures.length) {
    console.error(`\nFAILED (${failures.length}):\n${failures.join('\n')}`);
    return 1;
  }
  console.log('\nAll passages and facts found in their handbooks.');
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = check();
