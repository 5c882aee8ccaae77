import { hasFigure, type AskedFigure, type PassageUnit } from './passage-units';
import type { QuestionTerm, TermLocator } from './question-terms';

/**
 * The words of the offline answer: the chosen sentence or row with its label where the label
 * says what it is about, the rest of a Q&A answer, a lead-in's list, at most two more
 * neighbouring sentences of the same section for words the first does not hold, and the
 * sentences around it in its paragraph that name the question's subject too. A very long sentence
 * (prose handbooks put many facts in one) is narrowed to the clauses that hold the question's words.
 */

export type ChosenUnit = {
  unit: PassageUnit;
  /** The next sentence, when it holds the figure asked for. */
  next: PassageUnit | null;
  /** The question's words it holds (with its label). */
  held: Set<string>;
  /** Some word is held only by the label: the quote shows the label. */
  needsLabel: boolean;
  /** Other units of its section that answer as well (two rows of one table). */
  ties: PassageUnit[];
};

const MAX_QUOTE_CHARS = 450;
const MAX_UNIT_CHARS = 300;
const MAX_EXTRA_UNITS = 2;
/** How far either side of the chosen sentence its paragraph is read for more of the answer. */
const PARAGRAPH_REACH = 2;
/** A sentence that refers back to the one before it for its subject ('It combines...', 'They meet...'). */
const REFERS_BACK = /^(?:it|its|it's|this|these|those|they|their|he|she|his|her)\b/i;

export function quoteText(
  best: ChosenUnit,
  units: PassageUnit[],
  required: QuestionTerm[],
  locate: TermLocator,
  asked: AskedFigure | null,
  subject: QuestionTerm[],
): string {
  const chosen = new Map<number, PassageUnit>([[best.unit.index, best.unit]]);
  const add = (u: PassageUnit) => chosen.set(u.index, u);
  if (best.next) add(best.next);
  best.ties.slice(0, MAX_EXTRA_UNITS).forEach(add);
  const section = units.filter((u) => u.section === best.unit.section);
  // A Q&A answer is quoted whole (within the limit); a lead-in ('Fees include:') brings its list.
  if (best.unit.answers) section.forEach(add);
  if (best.unit.text.endsWith(':'))
    units.filter((u) => u.kind === 'item' && u.label === best.unit.text).forEach(add);
  const covered = (t: QuestionTerm) =>
    [...chosen.values()].some((u) => locate(`${u.label ?? ''} ${u.text}`, t));
  for (let added = 0; added < MAX_EXTRA_UNITS; added++) {
    const missing = required.filter((t) => !covered(t));
    const near = (u: PassageUnit) => Math.abs(u.index - best.unit.index) <= MAX_EXTRA_UNITS;
    const extra = section.find(
      (u) => !chosen.has(u.index) && near(u) && missing.some((t) => locate(u.text, t)),
    );
    if (!extra) break;
    add(extra);
  }
  if (best.unit.kind === 'sentence')
    aroundInParagraph(best.unit, units, subject, locate, [...chosen.values()]).forEach(add);
  const weigh = (text: string) =>
    required.filter((t) => locate(text, t)).reduce((s, t) => s + t.weight, 0) +
    (asked && hasFigure(text, asked.kinds) ? 1 : 0);
  const ordered = [...chosen.values()].sort((a, b) => a.index - b.index);
  const texts = ordered.map((unit, i) => withLabel(unit, ordered[i - 1], best, narrow(unit.text, weigh)));
  // The chosen sentence and the figure after it are always shown, whole; the others only in the room left.
  const kept = ordered.map((unit) => unit === best.unit || unit === best.next);
  let length = texts.reduce((sum, text, i) => sum + (kept[i] ? text.length + 1 : 0), 0);
  ordered.forEach((_, i) => {
    if (kept[i] || length + texts[i]!.length > MAX_QUOTE_CHARS) return;
    kept[i] = true;
    length += texts[i]!.length + 1;
  });
  // A list item's own separator ('…a scientific calculator);') does not end a quote.
  const quote = texts
    .filter((_, i) => kept[i])
    .join(' ')
    .replace(/\s*[;,]$/, '.');
  return quote.length > MAX_QUOTE_CHARS ? `${quote.slice(0, MAX_QUOTE_CHARS - 1).trimEnd()}…` : quote;
}

/**
 * The sentences next to the chosen one in its paragraph that hold a distinctive word of the
 * question: a paragraph often says what there is in one sentence and how it works in the next
 * ('Brightwater runs seven bus routes. Buses pick students up at shared stops.'), and the
 * sentence with the most of the question's words is not always the one a parent needs. Read
 * outward, the next sentence first, up to PARAGRAPH_REACH either side, stopping at one that holds
 * none, within the quote's length. On the development questions this turned 5 wrong quotes of
 * the right paragraph into right ones (in every format), and no other verdict changed.
 */
function aroundInParagraph(
  chosen: PassageUnit,
  units: PassageUnit[],
  subject: QuestionTerm[],
  locate: TermLocator,
  quoted: PassageUnit[],
): PassageUnit[] {
  const says = (u: PassageUnit) => subject.some((t) => locate(u.text, t));
  const inParagraph = (index: number) => {
    const u = units[index];
    return u?.kind === 'sentence' && u.paragraph === chosen.paragraph ? u : undefined;
  };
  const around: PassageUnit[] = [];
  let length = quoted.reduce((sum, u) => sum + u.text.length + 1, 0);
  // 'It combines reading with art and swimming': the sentence before says what 'it' is.
  const antecedent = REFERS_BACK.test(chosen.text) ? inParagraph(chosen.index - 1) : undefined;
  if (antecedent && !quoted.includes(antecedent) && length + antecedent.text.length + 1 <= MAX_QUOTE_CHARS) {
    around.push(antecedent);
    length += antecedent.text.length + 1;
  }
  const open = { [1]: true, [-1]: true };
  for (let distance = 1; distance <= PARAGRAPH_REACH; distance++)
    for (const side of [1, -1] as const) {
      const u = open[side] ? inParagraph(chosen.index + side * distance) : undefined;
      if (u && (quoted.includes(u) || around.includes(u))) continue;
      if (!u || !says(u) || length + u.text.length + 1 > MAX_QUOTE_CHARS) {
        open[side] = false;
        continue;
      }
      around.push(u);
      length += u.text.length + 1;
    }
  return around;
}

/** A row keeps its table's caption (when short); a sentence its heading when the heading holds a word it lacks. */
function withLabel(unit: PassageUnit, before: PassageUnit | undefined, best: ChosenUnit, text: string) {
  const label = unit.label;
  if (!label || label.split(/\s+/).length > 12) return text;
  if (before && (before.label === label || before.text === label)) return text;
  const needed =
    unit.kind === 'row' ||
    (label.endsWith(':') && unit.kind === 'item') ||
    (unit === best.unit && best.needsLabel);
  if (!needed) return text;
  return /[:?]$/.test(label) ? `${label} ${text}` : `${label} — ${text}`;
}

/** A long sentence narrowed to the run of its clauses that holds most of the question. */
export function narrow(text: string, weigh: (clauses: string) => number, max = MAX_UNIT_CHARS): string {
  if (text.length <= max) return text;
  const clauses = text.split(/(?<=[,;:])\s+/);
  let best = { from: 0, to: 0, score: -1, length: 0 };
  for (let from = 0; from < clauses.length; from++) {
    let length = 0;
    for (let to = from; to < clauses.length; to++) {
      length += clauses[to]!.length + 1;
      if (length > max && to > from) break;
      const score = weigh(clauses.slice(from, to + 1).join(' '));
      // Ties go to the run nearer the sentence's start (its subject), then the longer one.
      if (score > best.score || (score === best.score && from === best.from && length > best.length))
        best = { from, to, score, length };
    }
  }
  const window = clauses
    .slice(best.from, best.to + 1)
    .join(' ')
    .replace(/[,;:]$/, '');
  return `${best.from > 0 ? '…' : ''}${window}${best.to < clauses.length - 1 ? '…' : ''}`;
}
