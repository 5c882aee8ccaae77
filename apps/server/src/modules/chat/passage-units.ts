/**
 * A knowledge passage read as the things one can quote: sentences, table rows ('Upper School:
 * grades 9 to 12; annual tuition $48,200') and list items, each with its label (the section
 * heading, the table's caption, the Q&A question or the list's lead-in). Headings and Q&A
 * questions are labels only: never quoted on their own as an answer.
 */

export type PassageUnit = {
  kind: 'sentence' | 'row' | 'item';
  text: string;
  /** The heading, caption, Q&A question or lead-in it sits under; null when none. */
  label: string | null;
  /** For a list item under a lead-in ('Every pupil should bring:'), the heading the lead-in sits under. */
  heading?: string | null;
  /** The label is a Q&A question: the unit is part of its answer. */
  answers: boolean;
  /** Position in the passage. */
  index: number;
  /** Units under the same label share a section (a quote may take a neighbour from it). */
  section: number;
  /** The line of the passage it came from: sentences of one paragraph share it. */
  paragraph: number;
};

const SENTENCE_END = /[.!?]["”’)]*$/;
const BULLET = /^(?:[-*•▪◦]|\d{1,3}[.)])\s+/;
const ROW = /^([^:;.!?]{1,60}):\s+(\S.*)$/;
const QA_PREFIX = /^(?:q|question)\s*[:.)]\s*/i;
const ANSWER_PREFIX = /^(?:a|answer)\s*[:.)]\s*/i;
/** A Q&A line holding its answer too: the question, then 'A:' and the answer. */
const INLINE_ANSWER = /^(.*?\?)\s*(?:a|answer)\s*[:.)]\s*(\S.*)$/i;
/** Words after which a full stop does not end the sentence. */
const ABBREVIATION =
  /\b(?:mr|mrs|ms|dr|prof|st|e\.g|i\.e|vs|approx|incl|ft|jr|sr|ext|tel|co|inc|ltd|ave|rd|fig|vol|pp|p)\.$/i;
/** A table's header line as ingestion writes it: 'Fee | Amount | When charged', 'Reduction | Amount'. */
const TABLE_HEADER = /^[^|.!?]*\S\s+\|\s+\S[^.!]*$/;
/** A table's numbered caption: 'Table 6: Tuition reductions'. */
const CAPTION = /^(?:table|tbl\.?)\s+\d+[a-z]?\s*[:.–—-]/i;

const clean = (line: string) =>
  line
    .replace(/^#{1,6}\s+/, '')
    .replace(/\*\*|__|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const words = (line: string) => line.split(/\s+/).filter(Boolean).length;

/** A short line with no sentence end: a heading or a caption. */
const isHeadingLine = (line: string) =>
  !SENTENCE_END.test(line) && !/[:;,]$/.test(line) && words(line) <= 12 && /[A-Za-z]/.test(line);
/** 'Upper School: grades 9 to 12; annual tuition $48,200': a label, a colon, one sentence of cells. */
function isRowShaped(line: string): boolean {
  const row = ROW.exec(line);
  if (!row || sentencesOf(row[2]!).length > 1) return false;
  return !SENTENCE_END.test(line) || line.includes(';');
}

/** Sentences of a line, not cut after 'Dr.' or inside '8:30 a.m. to'. */
export function sentencesOf(line: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of line.matchAll(/[.!?]["”’)]*\s+(?=["“(]?[A-Z0-9$£€])/g)) {
    const end = m.index + m[0].length;
    const before = line.slice(start, m.index + 1);
    if (ABBREVIATION.test(before)) continue;
    out.push(line.slice(start, end).trim());
    start = end;
  }
  out.push(line.slice(start).trim());
  return out.filter(Boolean);
}

export function passageUnits(text: string): PassageUnit[] {
  const lines = text.split(/\n+/).map((raw) => ({ raw: raw.trim(), line: clean(raw) }));
  const units: PassageUnit[] = [];
  let label: string | null = null;
  // The label before it: a table's caption ('Table 6: Tuition reductions') sits under a heading.
  let above: string | null = null;
  let asks = false;
  // Under a table's header line: the label the table sits under, for the prose after the table.
  let table: { under: string | null } | null = null;
  let section = 0;
  let leadIn: string | null = null;
  const setLabel = (next: string | null, question = false) => {
    above = label;
    label = next;
    asks = question;
    table = null;
    leadIn = null;
    section += 1;
  };
  let paragraph = 0;
  const add = (kind: PassageUnit['kind'], text: string, own: string | null = label) =>
    units.push({
      kind,
      text,
      label: own,
      ...(own !== label && label ? { heading: label } : {}),
      answers: asks && own === label,
      index: units.length,
      section,
      paragraph,
    });

  lines.forEach(({ raw, line }, i) => {
    if (!line) return;
    paragraph = i;
    const neighbours = [lines[i - 1]?.line ?? '', lines[i + 1]?.line ?? ''];
    if (/^#{1,6}\s/.test(raw)) return setLabel(line, line.endsWith('?'));
    if (TABLE_HEADER.test(line)) {
      // 'Fee | Amount | Refundable?': the table's columns, no Q&A question.
      // The rows keep the caption or heading as their label: it says what they are, and each row
      // names its columns in its cells ('Graduation fee: Amount: $225').
      const under = table ? table.under : label && CAPTION.test(label) ? above : label;
      setLabel(label ?? line);
      table = { under };
      return;
    }
    if (BULLET.test(line)) {
      const item = line.replace(BULLET, '');
      return add(isRowShaped(item) ? 'row' : 'item', item, leadIn ?? label);
    }
    if (QA_PREFIX.test(line)) {
      // 'Q: When does term start? A: On 3 September.': the question labels the answer after it.
      const question = line.replace(QA_PREFIX, '');
      const inline = INLINE_ANSWER.exec(question);
      if (!inline) return setLabel(question, true);
      setLabel(inline[1]!, true);
      for (const sentence of sentencesOf(inline[2]!)) add('sentence', sentence);
      return;
    }
    if (line.endsWith('?') && words(line) <= 25) return setLabel(line, true);
    // A table row: 'label: cell; cell', or 'label: value' among others of its shape.
    if (isRowShaped(line) && (line.includes(';') || neighbours.some(isRowShaped))) return add('row', line);
    // A run of short lines after a lead-in ('Fees include:') is a list, not headings.
    if (leadIn && isHeadingLine(line)) return add('item', line, leadIn);
    if (isHeadingLine(line)) return setLabel(line);
    // Prose after a table is about what the table sits under, not its columns.
    if (table) setLabel(table.under);
    const sentences = sentencesOf(line.replace(ANSWER_PREFIX, ''));
    for (const sentence of sentences) add('sentence', sentence);
    leadIn = sentences.at(-1)?.endsWith(':') ? sentences.at(-1)! : null;
  });
  return units;
}

// ---- figures a question may ask for ----

export type FigureKind = 'money' | 'number' | 'count' | 'phone' | 'time' | 'date' | 'frequency' | 'name';

const NUMBER_WORD =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|dozen|twice|half';
/** Words a number labels rather than counts after ('Grade 3', 'Years 7 to 9', 'Table 9', 'ext. 220'). */
const COUNT_LABEL =
  'grades?|years?|terms?|tables?|forms?|sections?|rooms?|ext|extension|levels?|stages?|steps?|plans?|no|numbers?|page|part';
const FIGURE: Record<FigureKind, RegExp> = {
  money:
    /[$£€¥]\s?\d|\b\d[\d,.]*\s?(?:dollars|euros|pounds|usd|eur|gbp)\b|\d\s?%|\bper ?cent\b|(?<![\w-])free\b(?!-)/i,
  // A capitalised word after the sentence's first: a person, a place, a programme's name.
  name: /[\w,;:)]\s+\(?[A-Z][a-z]+/,
  number: new RegExp(`\\d|\\b(?:${NUMBER_WORD})\\b`, 'i'),
  /**
   * A number that counts (not a price, a time, a year or a label: 'Grade 3', 'Years 1 and 2',
   * 'Table 9', 'ext. 220'): 'nine students', '41 percent', '3 sessions'.
   */
  count: new RegExp(
    `(?<![$£€¥\\d.,:])(?<!\\b(?:${COUNT_LABEL})\\.?\\s?(?:\\d+\\s?(?:,|and|or|to|-|–)\\s?)?)\\b(?!(?:19|20)\\d\\d\\b)\\d+(?![\\d,.:]\\d|\\s?(?:a\\.?m|p\\.?m)\\b)|\\b(?:${NUMBER_WORD})\\b`,
    'i',
  ),
  phone: /\(?\b\d{3}\)?[\s.-]?\d{3,4}[\s.-]?\d{3,4}\b|\bext(?:ension)?\.?\s?\d{2,}/i,
  /** How often: 'daily', 'twice a year', 'three times a week', 'each week', 'per term'. */
  frequency:
    /\b(?:daily|nightly|weekly|fortnightly|monthly|termly|yearly|annually|once|twice)\b|\btimes (?:a|per|each)\b|\b(?:each|every|per|a)\s+(?:day|night|morning|afternoon|week|fortnight|month|term|semester|half[- ]term|year)\b/i,
  time: /\b\d{1,2}(?:[:.]\d{2})?\s?(?:a\.?m\b\.?|p\.?m\b\.?)|\b\d{1,2}:\d{2}\b|\b(?:noon|midday|midnight)\b/i,
  date: /\b(?:spring|summer|fall|autumn|winter|term|semester|trimester|half[- ]term|morning|afternoon|evening|noon|midday|weekends?|holidays?|vacation|break)\b|\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays?|weekends?|daily|weekly|monthly|annually)\b|\b\d{1,2}(?:st|nd|rd|th)\b|\b\d{1,2}\/\d{1,2}\b|\b(?:19|20)\d{2}\b/i,
};

/**
 * A phone number as any country writes it: '(03) 5555 0192', '01632 960123', '+61 3 5555 0192',
 * '(555) 0142-7710': digits in groups, 9 to 13 of them (fewer is a date range or a year span).
 */
const PHONE_LIKE = /(?<![\w$£€.,])(?:\+\s?)?\(?\d[\d\s().-]{6,}\d(?![\w,])/g;
const holdsPhoneNumber = (text: string) =>
  [...text.matchAll(PHONE_LIKE)].some((m) => {
    const digits = m[0].replace(/\D/g, '').length;
    return digits >= 9 && digits <= 13 && !/\d\.\d/.test(m[0]);
  });

export const hasFigure = (text: string, kinds: FigureKind[]) =>
  kinds.some((k) => FIGURE[k].test(text) || (k === 'phone' && holdsPhoneNumber(text)));

/** A time or a date (with its day or month), for the ends of a span. */
const POINT = String.raw`(?:\d{1,2}(?:[:.]\d{2})?\s?(?:a\.?m\b\.?|p\.?m\b\.?)|\d{1,2}:\d{2}|noon|midday|(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s)?(?:\d{1,2}(?:st|nd|rd|th)?\s)?(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?(?:\s\d{1,2}(?:st|nd|rd|th)?\b)?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)`;
const SPAN = new RegExp(
  String.raw`\b${POINT}(?:,?\s\d{4})?\s*(?:to|until|till|through|thru|-|–|—)\s*${POINT}`,
  'i',
);

/**
 * Whether a text gives a span of time, from one time or date to another ('8:15 am to 2:45 pm',
 * 'Wednesday 27 January to Thursday 1 April', 'Monday-Friday'): it says when something starts and
 * when it ends.
 */
export const hasSpan = (text: string) => SPAN.test(text);

/** Words that name a kind of figure: 'the phone number' is the number itself, 'the cost' the price. */
const FIGURE_NAMES: [RegExp, FigureKind][] = [
  [/^(?:(?:tele)?phone|contact|office)?\s?(?:numbers?|extensions?)$|^(?:tele)?phones?$/, 'phone'],
  [/^(?:costs?|prices?|fees?|charges?|amounts?)$/, 'money'],
  [/^(?:times?|hours?)$/, 'time'],
  [/^dates?$/, 'date'],
];

/** The kind of figure a question's word names ('phone number': a phone number), if it names one. */
export function figureNamed(word: string): FigureKind | null {
  const w = word.toLowerCase().trim();
  return FIGURE_NAMES.find(([pattern]) => pattern.test(w))?.[1] ?? null;
}

export type AskedFigure = {
  kinds: FigureKind[];
  required: boolean;
  /** The word that asks for the figure after 'how' ('long', 'early'): the figure itself answers it. */
  how?: string;
};

/**
 * What kind of answer a question asks for, the likeliest first (a question's type, read from its
 * asking words): required when it asks for a measure ('how much', 'how many', 'how old', 'what
 * time', a phone number) or a time ('when'), preferred when it asks how long, who, or what
 * something costs.
 */
export function askedFigure(question: string): AskedFigure | null {
  const figure = figureAsked(question);
  const how = /\bhow (long|far|soon|quickly|early|late)\b/i.exec(question)?.[1]?.toLowerCase();
  return figure && how ? { ...figure, how } : figure;
}

function figureAsked(question: string): AskedFigure | null {
  // 'whens', 'whats', 'hows': contractions typed without their apostrophe.
  const q = question.toLowerCase().replace(/\b(when|what|who|how|where)s\b/g, '$1 is');
  const asks = (pattern: RegExp) => pattern.test(q);
  if (asks(/\bwhat time\b|\bwhat hours?\b|\bwhat are the hours\b/))
    return { kinds: ['time'], required: true };
  if (asks(/\bhow much\b/)) return { kinds: ['money', 'number'], required: true };
  if (asks(/\bhow (?:many|old|young)\b|\bwhat age\b/)) return { kinds: ['count'], required: true };
  if (asks(/\b(?:phone|telephone|contact|fax) numbers?\b|\bextension\b|\bnumber to call\b/))
    return { kinds: ['phone'], required: true };
  if (asks(/\bnumber\b/)) return { kinds: ['number'], required: true };
  // A query typed as a phrase, ending in the figure's name, asks for it: 'school start time',
  // 'term dates' (not 'do you offer flexible hours', a yes-or-no question).
  const phrase =
    !/^\W*(?:do|does|did|can|could|would|will|is|are|was|should|may|have|has|any|who|which|why|where)\b/.test(
      q,
    );
  if (phrase && asks(/\b(?:times|time|hours)\W*$/)) return { kinds: ['time'], required: true };
  if (phrase && asks(/\bdates?\W*$/)) return { kinds: ['date'], required: true };
  if (asks(/\bwhen\b|\bwhat date\b|\bwhat day\b|\bhow (?:early|late)\b/))
    return { kinds: ['date', 'time'], required: true };
  if (asks(/\bdeadline\b/)) return { kinds: ['date', 'time'], required: false };
  if (asks(/\bhow often\b/)) return { kinds: ['frequency', 'number'], required: false };
  if (asks(/\bhow (?:long|far|soon|quickly)\b/)) return { kinds: ['number', 'date'], required: false };
  if (asks(/\bwho\b|\bwhose\b|\bname\b/)) return { kinds: ['name'], required: false };
  if (asks(/\b(?:cost|costs|price|prices|fees?|charges?|pay|paying|afford|expensive|cheaper)\b/))
    return { kinds: ['money'], required: false };
  return null;
}
