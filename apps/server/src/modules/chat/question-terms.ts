import { NUMBER_WORDS } from './number-words';
import type { KnowledgePassage } from './knowledge-passage';
import type { PassageUnit } from './passage-units';

/**
 * The question's subject words, weighed, and where a passage holds each of them. The search gives
 * them (`terms`: each word's share of the question's weight, by rarity, and how the chunk matched
 * it; `highlights`: the chunk's words that matched); when it does not, they are worked out here
 * from the question and the passages found: the same words, weighed by how rare they are among
 * the passages' sentences.
 */

export type Via = 'exact' | 'synonym' | 'related' | 'prefix' | 'spelling' | 'range';
export type QuestionTerm = {
  term: string;
  weight: number;
  via: Via | null;
  known?: boolean;
  /** Whether the word names a thing (a noun, a name, a number) rather than an action or a quality. */
  names?: boolean;
  /** The passage's words that matched it, from the search ('charges' for 'fees'); absent: unknown. */
  words?: string[];
  /** A number the question gives as a label ('2nd grade', 'Year 7'), not as a count. */
  label?: boolean;
};

/** Words that ask rather than say what about: no subject in them. */
const NO_SUBJECT = new Set(
  (
    'a an and are as at be been by can could do does did for from has have had how i if in is it its ' +
    'my of on or our the this that these those to we what whats when where which who whom whose why will ' +
    'with you your yours me us they them their he she him her his there here was were would should shall ' +
    'may might must about any some much many often get got know tell let please thanks thank hi hello hey ' +
    'like want wondering wonder curious info information details question questions ask just also really ' +
    'ok okay so am im id ive ill dont doesnt isnt arent not no yes exactly kind sort able possible help offer ' +
    'offered offers provide provides available anything something someone anyone more most very well ' +
    'still need happen happens ever usually actually even every each somewhere anywhere everything next ' +
    'thing things stuff go goes going come see find way lot bit etc guys kinda pretty wanted wants ' +
    'check checking hoping hope mean means sure whether till til else cant wont didnt wasnt werent ' +
    'havent hasnt couldnt wouldnt shouldnt youre theyre hes shes thats whos whens hows wheres heres ' +
    'youll theyll bc cuz coz'
  ).split(' '),
);

/** A light English stem, the same on both sides: 'classes'/'class', 'offered'/'offer', 'programmes'/'program'. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (w.length <= 3 || /\d/.test(w)) return w;
  w = w
    .replace(/ies$/, 'y')
    // 'bullied', 'applied': the y the ending replaced ('tied' and 'died' keep theirs).
    .replace(/(?<=[a-z]{2})ied$/, 'y')
    .replace(/(ss|x|ch|sh|z)es$/, '$1')
    .replace(/([^su])s$/, '$1');
  const stripped = w.replace(/(?<=[a-z]{3})(?:ing|ed)$/, '');
  if (stripped !== w) w = stripped.replace(/([b-df-hj-np-tv-z])\1$/, '$1');
  return w.replace(/mme$/, 'm').replace(/(?<=[a-z]{3})e$/, '');
}

export const wordsOf = (text: string) => text.toLowerCase().match(/[a-z0-9]+(?:['’][a-z]+)?/g) ?? [];
export const stemsOf = (text: string) => wordsOf(text).map(stem);

/** The question's subject words, in order, once each. */
export function subjectWords(question: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  for (const raw of wordsOf(question)) {
    if (/n['’]t$/.test(raw)) continue; // "can't", "don't": no subject
    const word = raw.replace(/['’](?:s|d|ll|re|ve|m)$/, '');
    if (!word || NO_SUBJECT.has(word) || seen.has(stem(word))) continue;
    seen.add(stem(word));
    found.push(word);
  }
  return found;
}

/**
 * A term that says what the question is about: not an asking word, not a lone letter ('u', 'r').
 * A phrase the search read as one term ('got in': admission, 'pull him out': withdrawal) is one,
 * whatever its words.
 */
export function isSubjectTerm(term: QuestionTerm): boolean {
  const words = wordsOf(term.term);
  return words.length > 1 || words.some((w) => (w.length > 1 || /\d/.test(w)) && !NO_SUBJECT.has(w));
}

// ---- where a unit holds a term ----

const GRADE = '(pre-?k|k|kindergarten|reception|\\d{1,2})';
const RANGE = new RegExp(`\\b${GRADE}\\s*(?:to|-|–|through|thru|and)\\s*${GRADE}\\b`, 'gi');
const gradeNumber = (g: string) => (/^\d+$/.test(g) ? Number(g) : /pre/i.test(g) ? -1 : 0);

const ORDINALS = [
  'zeroth',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
];

/** '2' is also 'two', 'second' and '2nd'. */
function numberHolds(text: string, n: number): boolean {
  const forms = [String(n), `${n}(?:st|nd|rd|th)`, NUMBER_WORDS[n], ORDINALS[n]].filter(Boolean);
  // Not a part of another number: a section's '1.2', a price's '$7.50', '2,400'.
  return new RegExp(`(?<![\\d.,])\\b(?:${forms.join('|')})\\b(?![.,]\\d)`, 'i').test(text);
}

/** Words a school year is named with: 'Grade 2', 'Year 7', 'Form 3', 'Key Stage 2'. */
const YEAR_LABEL = '(?:grades?|years?|yrs?|forms?|levels?|class|classes|key stages?|ks|y)';

/** The numbers a question gives as labels of a school year ('2nd grade', 'grade two', 'Year 7'). */
export function labelledNumbers(question: string): Set<number> {
  const found = new Set<number>();
  const word = (w: string) => {
    const lower = w.toLowerCase();
    const n = /^\d+$/.test(lower)
      ? Number(lower)
      : Math.max(NUMBER_WORDS.slice(0, 20).indexOf(lower), ORDINALS.indexOf(lower));
    if (n > 0) found.add(n);
  };
  const any = `(\\d{1,2}|${NUMBER_WORDS.slice(1, 20).join('|')})`;
  for (const m of question.matchAll(new RegExp(`\\b${YEAR_LABEL}\\s?${any}\\b`, 'gi'))) word(m[1]!);
  const ordinal = `(\\d{1,2})(?:st|nd|rd|th)|(${ORDINALS.slice(1).join('|')})`;
  for (const m of question.matchAll(new RegExp(`\\b(?:${ordinal})[- ]?(?:grade|year|form)`, 'gi')))
    word(m[1] ?? m[2]!);
  return found;
}

/**
 * A school year's number as a passage writes it: after a label ('Grade 2', 'Years 1 and 2'), as an
 * ordinal before one ('second grade', 'seventh and eighth graders'), or inside a range; not a count
 * ('two vans').
 */
function labelHolds(text: string, n: number): boolean {
  const forms = [String(n), NUMBER_WORDS[n]].filter(Boolean).join('|');
  const ordinals = [`${n}(?:st|nd|rd|th)`, ORDINALS[n]].filter(Boolean).join('|');
  const anyOrdinal = `(?:\\d{1,2}(?:st|nd|rd|th)|${ORDINALS.slice(1).join('|')})`;
  return (
    new RegExp(
      `\\b${YEAR_LABEL}\\.?\\s?(?:\\d{1,2}\\s?(?:,|and|or|to|-|–)\\s?)*(?:${forms})\\b(?![.,:]\\d)`,
      'i',
    ).test(text) ||
    new RegExp(
      `\\b(?:${ordinals})(?:\\s(?:and|or|to|through)\\s${anyOrdinal})?[- ]?(?:grade|year|form)`,
      'i',
    ).test(text) ||
    rangeHolds(text, n)
  );
}

/** '3' is held by 'grades K to 4' and 'ages 2-5'. */
function rangeHolds(text: string, n: number): boolean {
  for (const m of text.matchAll(RANGE)) {
    const [low, high] = [gradeNumber(m[1]!), gradeNumber(m[2]!)];
    if (low < high && n >= low && n <= high) return true;
  }
  return false;
}

export type TermLocator = (text: string, term: QuestionTerm) => boolean;

/**
 * Whether a piece of text holds a term as the passage matched it: the word itself (or a longer
 * word it begins, for a prefix match), a number inside a range, or, for a synonym, related word or
 * corrected spelling, one of the words the search says matched that term (else, from an older
 * search, one of the passage's matched words that no typed word explains).
 */
export function termLocator(terms: QuestionTerm[], highlights: string[] = []): TermLocator {
  const typed = terms.flatMap((t) => stemsOf(t.term));
  const bridging = new Set(
    highlights
      .flatMap(stemsOf)
      .filter((h) => !typed.some((t) => h === t || (t.length >= 4 && h.startsWith(t)))),
  );
  return (text, term) => {
    const n = /^\d{1,2}$/.test(term.term.trim()) ? Number(term.term) : null;
    if (n !== null) return term.label ? labelHolds(text, n) : numberHolds(text, n) || rangeHolds(text, n);
    const stems = stemsOf(text);
    const own = stemsOf(term.term);
    if (own.length && own.every((s) => stems.includes(s))) return true;
    if (own.length === 1 && own[0]!.length >= 4 && stems.some((s) => s.startsWith(own[0]!))) return true;
    if (term.via !== 'synonym' && term.via !== 'related' && term.via !== 'spelling') return false;
    // The words that matched this term, when the search says which (a phrase, 'Student-free days',
    // only where the text holds all of it); else any word that bridged.
    if (term.words?.length)
      return term.words
        .map(stemsOf)
        .some((words) => words.length > 0 && words.every((w) => stems.includes(w)));
    return stems.some((s) => bridging.has(s));
  };
}

// ---- the terms of each passage ----

/** Terms as the search gave them, weights made to sum to 1; a number found inside a range counts. */
function givenTerms(passage: KnowledgePassage, units: PassageUnit[]): QuestionTerm[] {
  const total = passage.terms!.reduce((s, t) => s + t.weight, 0) || 1;
  const locate = termLocator(passage.terms!, passage.highlights);
  return passage.terms!.map((t) => {
    const term: QuestionTerm = {
      term: t.term,
      weight: t.weight / total,
      via: t.via as Via | null,
      known: t.known,
      names: t.names,
      words: t.words,
    };
    if (!term.via && units.some((u) => locate(`${u.label ?? ''} ${u.text}`, term))) term.via = 'range';
    return term;
  });
}

/**
 * Terms worked out here: the question's subject words, each weighed by its inverse frequency
 * among all the passages' units (BM25's idf), so a word few sentences use weighs most and a word
 * none uses weighs the most of all.
 */
function ownTerms(question: string, unitsOf: PassageUnit[][]): QuestionTerm[][] {
  const words = subjectWords(question);
  const all = unitsOf.flat();
  const probe = termLocator(words.map((w) => ({ term: w, weight: 0, via: 'exact' })));
  const idf = words.map((w) => {
    const df = all.filter((u) =>
      probe(`${u.label ?? ''} ${u.text}`, { term: w, weight: 0, via: 'exact' }),
    ).length;
    return Math.log(1 + (all.length - df + 0.5) / (df + 0.5));
  });
  const total = idf.reduce((s, x) => s + x, 0) || 1;
  return unitsOf.map((units) =>
    words.map((w, i) => {
      const term: QuestionTerm = { term: w, weight: idf[i]! / total, via: null };
      const held = units.some((u) => probe(`${u.label ?? ''} ${u.text}`, term));
      return { ...term, via: held ? 'exact' : null };
    }),
  );
}

/** Each passage's weighed terms: the search's when it gave them, else worked out here. */
export function termsOfPassages(question: string, passages: KnowledgePassage[], unitsOf: PassageUnit[][]) {
  const own = passages.some((p) => !p.terms?.length) ? ownTerms(question, unitsOf) : [];
  const labels = labelledNumbers(question);
  const labelled = (t: QuestionTerm) =>
    /^\d{1,2}$/.test(t.term.trim()) && labels.has(Number(t.term)) ? { ...t, label: true } : t;
  return passages.map((p, i) => (p.terms?.length ? givenTerms(p, unitsOf[i]!) : own[i]!).map(labelled));
}
