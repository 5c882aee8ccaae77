import { ADMIN_SPECIAL_NEEDS, CHILD_AGE_MAX, CHILD_AGE_MIN } from '@lantern/contracts';
import { NUMBER_WORDS } from './number-words';
import { isQuestionSentence, questionParts, splitSentences } from './questions';

export { isQuestionSentence, splitSentences };

/**
 * The offline engine's field extraction: plain patterns over one parent message, tested table by
 * table in extract.test.ts. Pure: no database, no state beyond what it is given. The AI mode runs
 * it too, as a check on the model's JSON.
 */

export type ChildMention = { name: string | null; age: number | null };
export type Extraction = {
  parentName?: string;
  email?: string;
  /** Something that looks like an email address but is not one ('jane@example'). */
  invalidEmail?: string;
  phone?: string;
  phoneConsent?: boolean;
  children: ChildMention[];
  /** Admin-list special needs found in statements (not in questions like 'Do you offer speech therapy?'). */
  specialNeeds: { need: string; childName: string | null }[];
  noNeeds?: boolean;
  timeline?: string;
  biggestConcerns?: string;
  isQuestion: boolean;
};

/** Ages as digits or words, up to eighteen. */
const AGE = `(\\d{1,2}|${NUMBER_WORDS.slice(0, 19).join('|')})`;
/** A capitalised name ('Sam', 'Mary-Jane', "O'Brien"), never the 'Sam' of "Sam's". */
const NAME = `([A-Z][a-z]+(?:[-'’][A-Z][a-z]+)?)\\b(?![’'][a-z])`;

/** Capitalised words that are not names (sentence starts, school words, months, days). */
const NOT_NAMES = new Set(
  (
    'i im i’m hi hello hey dear yes no yeah yep nope ok okay sure thanks thank please the a an my our ' +
    'he she they we it its his her their this that there these those is are was and or but so ' +
    'do does can could would will what how when where who why which also just not maybe well ' +
    'grade year years age aged kindergarten pre k room class mr mrs ms dr son daughter kid kids child ' +
    'children boy girl twins both one two three four five six seven eight nine ten ' +
    'january february march april may june july august september october november december ' +
    'monday tuesday wednesday thursday friday saturday sunday spring summer fall autumn winter ' +
    'adhd add asd autism dyslexia iep ot pt speech sorry great good fine interested looking ' +
    'worried wondering curious calling writing here new moving trying hoping planning happy glad'
  ).split(' '),
);

const isName = (word: string) => !NOT_NAMES.has(word.toLowerCase().replace(/[’']/g, ''));
const toAge = (raw: string): number | null => {
  const n = /^\d+$/.test(raw) ? Number(raw) : NUMBER_WORDS.indexOf(raw.toLowerCase());
  return n >= CHILD_AGE_MIN && n <= CHILD_AGE_MAX ? n : null;
};
export const titleCase = (s: string) =>
  s
    .trim()
    .split(/\s+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

// ---- email and phone ----

const EMAIL_CANDIDATE = /[^\s<>()"',;:]*@[^\s<>()"',;:]*/g;
const VALID_EMAIL =
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export function findEmail(text: string): { email?: string; invalidEmail?: string } {
  for (const raw of text.match(EMAIL_CANDIDATE) ?? []) {
    const candidate = raw.replace(/[.!?]+$/, '');
    if (candidate.length < 3 || candidate === '@') continue;
    if (VALID_EMAIL.test(candidate) && !candidate.includes('..') && candidate.length <= 254)
      return { email: candidate.toLowerCase() };
    return { invalidEmail: candidate.slice(0, 80) };
  }
  return {};
}

const PHONE_CANDIDATE = /(?:\+\s?)?\(?\d[\d\s().-]{7,}\d/g;
/** A phone number has 10 to 15 digits; shorter runs (ages, years, times) are not phones. */
export function findPhone(text: string): string | undefined {
  for (const raw of text.match(PHONE_CANDIDATE) ?? []) {
    const digits = raw.replace(/\D/g, '');
    if (digits.length >= 10 && digits.length <= 15) return raw.trim();
  }
  return undefined;
}

// ---- the parent's name ----

const NAME_INTRO = [
  /\bmy name(?:'s| is)\s+([A-Za-z][A-Za-z'’-]+(?:\s+[A-Z][A-Za-z'’-]+){0,2})/i,
  new RegExp(
    `\\b(?:I'm|I’m|I am|Im|[Tt]his is|[Cc]all me|[Ii]t's|[Ii]t’s)\\s+${NAME}((?:\\s+[A-Z][a-z'’-]+){0,2})`,
  ),
];

export function findParentName(text: string): string | undefined {
  const intro = NAME_INTRO[0]!.exec(text);
  if (intro?.[1] && isName(intro[1].split(/\s+/)[0]!)) return titleCase(trimNameTail(intro[1]));
  const casual = NAME_INTRO[1]!.exec(text);
  if (casual?.[1] && isName(casual[1])) return trimNameTail(`${casual[1]}${casual[2] ?? ''}`);
  return undefined;
}

/** 'Jane Doe And' -> 'Jane Doe': stop at the first word that is not a name. */
function trimNameTail(name: string): string {
  const words = name.trim().split(/\s+/);
  const kept: string[] = [];
  for (const w of words) {
    if (kept.length && !isName(w)) break;
    kept.push(w);
  }
  return kept.join(' ');
}

// ---- children ----

const CHILD_WORD = '(?:son|daughter|child|kid|boy|girl|stepson|stepdaughter|grandson|granddaughter)';
const NAME_THEN_AGE = new RegExp(
  `\\b${NAME}\\s*(?:,|\\(|:|-)?\\s*(?:who\\s+)?(?:is|'s|’s|turned|turns|will be|aged?|age)?\\s*${AGE}\\b\\)?(?:\\s*(?:years?|yrs?|y/?o)\\b)?`,
  'g',
);
const AGE_THEN_CHILD = new RegExp(
  `\\b${AGE}[- ]?(?:years?|yrs?|y/?o)[- ]?(?:old)?(?:[- ]${CHILD_WORD}\\b(?:\\s*,?\\s*(?:named|called)?\\s+${NAME})?|\\s+(?:named|called)\\s+${NAME})`,
  'g',
);
const CHILD_THEN_NAME = new RegExp(
  `\\b${CHILD_WORD}\\b(?:'s name is|’s name is|\\s+is called|\\s+is named|\\s+named|\\s+called|,)?\\s+${NAME}`,
  'g',
);
const NAME_IS_CALLED = new RegExp(
  `\\b(?:his|her|their) names? (?:is|are)\\s+${NAME}(?:\\s+and\\s+${NAME})?`,
  'g',
);
const PRONOUN_AGE = new RegExp(
  `\\b(?:he|she|they|he's|she's|he’s|she’s)\\s*(?:is|are|'s|’s|turned|turns|will be)?\\s+${AGE}\\b(?:\\s*(?:years?|yrs?))?`,
  'i',
);

export function findChildren(text: string, parentName?: string): ChildMention[] {
  const found = new Map<string, ChildMention>();
  const nameless: ChildMention[] = [];
  const add = (name: string | null | undefined, age: number | null) => {
    if (!name) {
      if (age !== null) nameless.push({ name: null, age });
      return;
    }
    if (!isName(name) || (parentName && parentName.split(/\s+/)[0] === name)) return;
    const prev = found.get(name.toLowerCase());
    found.set(name.toLowerCase(), { name, age: age ?? prev?.age ?? null });
  };
  for (const m of text.matchAll(NAME_THEN_AGE)) {
    // 'Ava 5' but not 'Grade 5', 'Room 12' or a parent's '35' (toAge refuses over 25).
    const age = toAge(m[2]!);
    if (age !== null && isName(m[1]!)) add(m[1], age);
  }
  for (const m of text.matchAll(AGE_THEN_CHILD)) add(m[2] ?? m[3] ?? null, toAge(m[1]!));
  for (const m of text.matchAll(CHILD_THEN_NAME)) add(m[1], null);
  for (const m of text.matchAll(NAME_IS_CALLED)) {
    add(m[1], null);
    if (m[2]) add(m[2], null);
  }
  if (found.size === 0 && nameless.length === 0) {
    const pronoun = PRONOUN_AGE.exec(text);
    if (pronoun) add(null, toAge(pronoun[1]!));
  }
  return [...found.values(), ...nameless];
}

/** A bare age answer: '7', 'seven', '7 years old', 'he is 7'. */
export function findBareAge(text: string): number | null {
  const m = new RegExp(
    `^(?:(?:he|she)\\s*(?:is|'s|’s)\\s*)?${AGE}(?:\\s*(?:years?|yrs?)(?:\\s*old)?)?[.!]?$`,
    'i',
  ).exec(text.trim());
  return m ? toAge(m[1]!) : null;
}

// ---- special needs ----

/** Words parents use, mapped to the admin list (the public form's spellings included). */
const NEED_WORDS: [RegExp, (typeof ADMIN_SPECIAL_NEEDS)[number]][] = [
  [/\b(?:autism|autistic|asd|asperger'?s?|on the spectrum)\b/i, 'Autism/ASD'],
  [/\b(?:adhd|attention deficit)\b/i, 'ADHD'],
  // 'ADD' only in capitals: 'I'd like to add my daughter' is not a diagnosis.
  [/\bADD\b/, 'ADHD'],
  [/\bdyslexi[ac]\b/i, 'Dyslexia'],
  [
    /\blearning (?:disabilit(?:y|ies)|differences?|disorders?|difficult(?:y|ies))\b/i,
    'Learning Disabilities',
  ],
  [/\b(?:speech|language delay|apraxia|stutter(?:s|ing)?|late talker)\b/i, 'Speech/Language Delays'],
  [/\b(?:sensory|processing disorders?)\b/i, 'Sensory Processing'],
  [/\b(?:anxiety|anxious|depress(?:ion|ed))\b/i, 'Anxiety/Depression'],
  [/\b(?:physical disabilit(?:y|ies)|cerebral palsy|wheelchair)\b/i, 'Physical Disabilities'],
  [/\b(?:intellectual disabilit(?:y|ies)|down'?s? syndrome)\b/i, 'Intellectual Disabilities'],
  [/\bbehaviou?ral (?:support|issues?|challenges?|problems?)\b/i, 'Other'],
];
const NO_NEEDS =
  /^(?:no|none|nope|nothing|n\/a|not really|no special needs|none at all|neither|no,? (?:none|nothing)|(?:he|she|they)(?:'s|’s| is| are) (?:fine|typical))\b/i;

/** What a sentence tells us (its statements before and after any question). */
const toldIn = (sentence: string) => {
  const { statement, after } = questionParts(sentence);
  return [statement, after].filter(Boolean).join(', ');
};

export function findNeeds(sentences: string[], knownNames: string[]): Extraction['specialNeeds'] {
  const out: Extraction['specialNeeds'] = [];
  // Only what the parent tells us: 'Can you help kids with ADHD?' says nothing of their child, but
  // 'my daughter has dyslexia, is the school able to support her' does.
  for (const sentence of sentences.map(toldIn)) {
    if (!sentence) continue;
    const named = knownNames.find((n) => new RegExp(`\\b${n}\\b`, 'i').test(sentence)) ?? null;
    for (const [pattern, need] of NEED_WORDS) {
      if (pattern.test(sentence) && !out.some((o) => o.need === need && o.childName === named))
        out.push({ need, childName: named });
    }
  }
  return out;
}

// ---- consent, timeline, concerns ----

const CONSENT_YES =
  /\b(?:you (?:can|may) (?:text|message|sms)|(?:texts?|texting|sms) (?:is|are) (?:fine|ok|okay|good)|(?:ok|okay|fine|happy) (?:to|for you to) (?:text|get texts|receive texts)|feel free to text|text me)\b/i;
const CONSENT_NO =
  /\b(?:(?:don['’]?t|do not|no) (?:text|texts|texting|sms)|not (?:by )?text|(?:rather|prefer) (?:you )?(?:not|didn['’]?t) text)\b/i;
const YES =
  /^(?:yes|yeah|yep|yup|sure|ok|okay|of course|please do|absolutely|definitely|that'?s fine|fine|go ahead|y)\b/i;
const NO = /^(?:no|none|nope|nah|no thanks|nothing|rather not|prefer not|not really|n)\b/i;

export const isYes = (text: string) => YES.test(text.trim());
export const isNo = (text: string) => NO.test(text.trim());

export function findConsent(text: string): boolean | undefined {
  if (CONSENT_NO.test(text)) return false;
  if (CONSENT_YES.test(text)) return true;
  return undefined;
}

/** Timelines in the public form's words (contracts PUBLIC_TIMELINES). */
const TIMELINE_WORDS: [RegExp, string][] = [
  [
    /\b(?:immediately|asap|as soon as possible|right away|right now|this month|urgent(?:ly)?)\b/i,
    'Immediately',
  ],
  [/\b(?:six|6) months\b|\bhalf a year\b/i, 'In Six Months'],
  [
    /\b(?:few|couple of|2|3|two|three) months\b|\bnext (?:semester|term)\b|\bthis (?:term|semester)\b/i,
    'In a Few Months',
  ],
  [/\bnext (?:school |academic )?year\b|\bnext (?:fall|autumn|september)\b/i, 'Next Year'],
  [
    /\b(?:just )?(?:exploring|browsing|looking around|researching)\b|\bnot sure yet\b|\bjust looking\b/i,
    'Just Exploring',
  ],
];
export function findTimeline(text: string): string | undefined {
  return TIMELINE_WORDS.find(([pattern]) => pattern.test(text))?.[1];
}

const CONCERN =
  /\b(?:(?:biggest|main|greatest|big) (?:concern|worry|worries|challenge)|(?:i'?m|we'?re|i am|we are) (?:worried|concerned) (?:about|that)|(?:concerned|worried) about|(?:struggl(?:es|ing)|has trouble|having trouble) with)\b/i;
export function findConcern(sentences: string[]): string | undefined {
  const hit = sentences.map(toldIn).find((s) => CONCERN.test(s));
  return hit ? hit.trim().slice(0, 500) : undefined;
}

/** Everything the patterns can read from one message. */
export function extractFields(
  text: string,
  known: { parentName?: string; childNames?: string[] } = {},
): Extraction {
  const sentences = splitSentences(text);
  const parentName = findParentName(text);
  const children = findChildren(text, parentName ?? known.parentName);
  const names = [...(known.childNames ?? []), ...children.flatMap((c) => (c.name ? [c.name] : []))];
  return {
    parentName,
    ...findEmail(text),
    phone: findPhone(text),
    phoneConsent: findConsent(text),
    children,
    specialNeeds: findNeeds(sentences, names),
    noNeeds: NO_NEEDS.test(text.trim()) || undefined,
    timeline: findTimeline(text),
    biggestConcerns: findConcern(sentences),
    isQuestion: sentences.some(isQuestionSentence),
  };
}
