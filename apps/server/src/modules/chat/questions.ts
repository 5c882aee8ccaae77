/**
 * Whether a parent's sentence asks something, read from its grammar rather than its punctuation:
 * an inverted verb ('is the school able', 'do you have'), a question word, an indirect ask ('I was
 * wondering if', 'can you tell me'), an imperative ask ('tell me about fees'), and where in the
 * sentence the question starts, so that 'my daughter has dyslexia, is the school able to support
 * her' is a statement (read for intake) followed by a question (searched). Bare intake answers
 * ('Sam', '7', 'yes', 'my name is Maria') have none of these shapes.
 */

export type SentenceParts = {
  /** What the parent tells us before the question ('' when the sentence is all question). */
  statement: string;
  /** The question, from where it starts; null for a statement. */
  question: string | null;
  /** A statement after the question in the same sentence ('..., he has autism'); '' when none. */
  after: string;
};

const AUX = 'do|does|did|can|could|would|will|is|are|should|shall|may|might|must|was|were|has|have|am';
/** Who an inverted verb asks about: 'is THE school', 'can SHE', 'are THERE'. */
const SUBJECT =
  "you|your|yours|i|we|he|she|they|it|this|that|these|those|there|the|a|an|any|some|my|our|his|her|their|its|each|every|all|u|ur|y'all";
/** After 'and'/'but' an inverted verb is a second verb of the statement ('and is the youngest'), unless it asks you or there. */
const ASKING_SUBJECT = 'you|your|u|ur|there|it|i|we';
/** Sentence-initial verbs with their subject left out are statements: 'Would love to', 'Can't wait', 'Will do'. */
const ELIDED =
  "not|n't|be|been|being|love|like|do|call|try|keep|let|definitely|probably|also|just|fine|ok|okay|great|good|happy|glad|sure|check|get|send|wait";
/**
 * After a comma, these verbs ask about the people a school has as well: 'he acts out a lot, do
 * teachers take away recess', 'she is shy, can other parents visit'.
 */
const ASKS_ABOUT = /^(?:do|does|can|could|will|would|should)$/;
const PEOPLE =
  /^(?:teachers?|staff|students?|pupils?|kids?|children|parents?|families|therapists?|nurses?|aides?|drivers?|other|others|people|everyone|anyone|someone|somebody|anybody)$/;
/** The verbs that need their subject after them to ask (sentence-initial 'Has ADHD' answers a question). */
const NEEDS_SUBJECT = new Set(['did', 'was', 'were', 'has', 'have', 'am', 'must', 'might']);

const LEADING_FILLER =
  /^(?:(?:hi|hello|hey|ok|okay|so|also|and|but|well|um|uh|oh|sorry|please|thanks|thank you|quick question|one more thing|another question|question|btw|by the way)\b[\s,!.:-]*)+/i;
const WH_START =
  /^(?:what|what's|whats|how|how's|why|which|who|who's|whose|whom|where|where's|when|when's)\b/i;
/** 'When he was three...', 'Where we live...', 'What he needs is...': a clause, not a question. */
const SUBORDINATE =
  /^(?:(?:when|where|if|whether|because|since|as)\s+(?:i|we|he|she|they|my|our|his|her|their)|(?:what|how)\s+(?:he|she|they|his|her|their))\b/i;
/** A question word later in a sentence asks only when it leads its own inverted clause or a measure. */
const WH_CLAUSE = new RegExp(
  `^(?:(?:what|how|why|when|where)\\s+(?:${AUX})\\b|how\\s+(?:much|many|long|often|old|big|far|early|late|about)\\b|what(?:'s|s)?\\s+(?:about|time|age|grade|kind|sort|type|the)\\b)`,
  'i',
);
const IMPERATIVE =
  /^(?:please\s+)?(?:tell\s+(?:me|us)|explain|describe|show\s+(?:me|us)|give\s+(?:me|us)\s+(?:some\s+|more\s+|the\s+)?(?:info|information|details|an?\s+idea|an?\s+overview)|list|walk\s+(?:me|us)\s+through|clarify|remind\s+(?:me|us)|help\s+me\s+(?:understand|find\s+out))\b/i;
const INFO_REQUEST = /^(?:more\s+|some\s+|any\s+)?(?:info|information|details)\b/i;
/** 'until what time', 'at what age', 'for how long', 'by when'. */
const PREPOSITION_WH =
  /^(?:until|till|at|by|for|from|in|on|to|after|before|since|during)\s+(?:what|how|when|whom)\b/i;
const ANY_START = /^any\b(?!\s*(?:time|way|how)\b)/i;

/** Indirect asks anywhere in a sentence; the question starts where they do. */
const INDIRECT = [
  /\b(?:i\s+was|i'm|i\s+am|was|just)\s+wondering\b/i,
  /\bwondering\s+(?:if|whether|about|what|how|when|why|where|who|which)\b/i,
  /\bi\s+wonder(?:ed)?\s+(?:if|whether|what|how|when|why|where|who|which)\b/i,
  /\b(?:i(?:'d|\s+would)\s+(?:like|love)|i\s+want|i\s+need|we(?:'d|\s+would)\s+(?:like|love)|we\s+want|we\s+need)\s+to\s+(?:know|find\s+out|learn|ask|hear|understand|check)\b/i,
  /\b(?:i(?:'d|\s+would)\s+like|i\s+want|i\s+need|we(?:'d|\s+would)\s+like|looking\s+for|interested\s+in)\s+(?:some\s+|more\s+)?(?:info|information|details)\b/i,
  /\b(?:can|could|would|will)\s+(?:you|u|someone|anyone)\s+(?:please\s+)?(?:tell|let\s+me\s+know|explain|describe|show|give|share|walk|clarify|confirm)\b/i,
  /\b(?:please\s+)?let\s+(?:me|us)\s+know\s+(?:if|whether|what|how|when|where|who|which|about)\b/i,
  /\bi\s+have\s+(?:a|some|another|one|few|a\s+few)\s+(?:quick\s+)?questions?\b/i,
  /\b(?:i'm|i\s+am|we're|we\s+are)\s+curious\s+(?:if|whether|about|what|how|when|why|where)\b/i,
  /\bdo\s+you\s+(?:happen\s+to\s+)?know\b/i,
  /\b(?:i|we)(?:'m|\s+am|'re|\s+are|\s+was|\s+were)?\s+(?:wanted|want|wanting|hoping|hope|trying)\s+to\s+(?:check|confirm|know|find\s+out|ask|see\s+(?:if|whether))\b/i,
  /\bjust\s+checking\b/i,
];
/** An inverted verb in the middle of a run-on sentence: 'my son has ADHD do you have small classes'. */
const INVERTED_INSIDE = [
  /\b(?:do|does|can|could|would|will|are)\s+(?:you|your|u|ur)\b/i,
  /\b(?:do|can|could|may|should|will)\s+(?:i|we)\b(?!\s*(?:'|’))/i,
  // 'she cant stand labels does she have to wear the uniform': asked about the child, not after 'so' or 'as'.
  /(?<!\b(?:so|as|nor|neither)\s)\b(?:do|does|can|could|would|will|should)\s+(?:he|she|they)\s+[a-z]/i,
  // 'he only eats three foods what if he doesnt want the lunch'
  /\bwhat\s+if\b/i,
  /\b(?:is|are)\s+there\s+(?:any|a|an|some|many|enough|still|other|more|room|space|spots?|places?|anything|anyone|anybody|anywhere|something|someone|somebody|somewhere)\b/i,
  // 'he starts a new medicine next week can the first dose be at school': a modal before its
  // subject's determiner only asks (a statement puts the subject first: 'the first dose can be').
  /\b(?:can|could|would|will|should)\s+(?:the|a|an|this|that|these|those|my|our|his|her|their)\s+[a-z]/i,
  // 'if staff ever have to restrain him will someone tell me'
  /\b(?:can|could|would|will|should|does|do)\s+(?:someone|somebody|anyone|anybody|everyone)\b/i,
  // 'if we enrol all three whats the discount for the youngest'
  /\bwhat(?:'s|’s|s)\s+(?:the|your)\s+[a-z]/i,
  // 'if we want extra therapy on top of his plan how much': a measure asked at the end.
  /\bhow\s+(?:much|many|long|often|old|soon|early|late|quick|quickly|fast|far)\s*[?.!]*$/i,
  // 'my child is dyslexic what help will he get', 'if we pay in one go when is it due'
  /\b(?:what|which|how|when|where|why|who)\s+(?:[a-z]+\s+){0,2}?(?:do|does|did|can|could|will|would|is|are|should)\s+(?:you|your|u|he|she|they|i|we|it|there|my|our|his|her|their|the)\b/i,
];

/** Where each clause starts, and what joined it to the one before. */
function clauses(sentence: string): { at: number; joiner: 'start' | 'comma' | 'and' }[] {
  const found: { at: number; joiner: 'start' | 'comma' | 'and' }[] = [{ at: 0, joiner: 'start' }];
  for (const m of sentence.matchAll(/[,;:–—]\s*|\s-\s+|\s(?:and|but|so|or|plus|then)\s+/gi))
    found.push({ at: m.index + m[0].length, joiner: /[,;:–—-]/.test(m[0]) ? 'comma' : 'and' });
  return found;
}

function asksAt(clause: string, joiner: 'start' | 'comma' | 'and'): boolean {
  const text = clause.replace(LEADING_FILLER, '');
  if (!text) return false;
  if (IMPERATIVE.test(text)) return true;
  const initial = joiner === 'start';
  if (WH_START.test(text)) return initial ? !SUBORDINATE.test(text) : WH_CLAUSE.test(text);
  if (PREPOSITION_WH.test(text)) return true;
  if (joiner !== 'and' && ANY_START.test(text)) return true;
  if (initial && INFO_REQUEST.test(text)) return true;
  const aux = new RegExp(`^(${AUX})(?!n't|’t|'t)\\s+([\\w'’]+)`, 'i').exec(text);
  if (!aux) return false;
  const verb = aux[1]!.toLowerCase();
  const next = aux[2]!.toLowerCase();
  const isSubject = new RegExp(`^(?:${SUBJECT})$`, 'i').test(next);
  if (initial) return NEEDS_SUBJECT.has(verb) ? isSubject : !new RegExp(`^(?:${ELIDED})$`, 'i').test(next);
  if (joiner === 'and') return new RegExp(`^(?:${ASKING_SUBJECT})$`, 'i').test(next);
  return (isSubject || (ASKS_ABOUT.test(verb) && PEOPLE.test(next))) && !NEEDS_SUBJECT.has(verb);
}

/** Where the question in a sentence starts, or -1. */
function questionStart(sentence: string): number {
  const starts: number[] = [];
  for (const { at, joiner } of clauses(sentence))
    if (asksAt(sentence.slice(at), joiner)) {
      starts.push(at);
      break;
    }
  for (const pattern of [...INDIRECT, ...INVERTED_INSIDE]) {
    const m = pattern.exec(sentence);
    if (m) starts.push(m.index);
  }
  return starts.length ? Math.min(...starts) : -1;
}

const tidy = (s: string) => s.replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/g, '').replace(/\s+(?:and|but|so|or)$/i, '');

/**
 * Where a statement about the family follows the question in the same sentence: 'how much is year
 * 10, he has autism and adhd'. It is read for the intake like a statement before the question.
 */
const TRAILING_STATEMENT =
  /[,;]\s*(?:and\s+|but\s+|also\s+)?(?:(?:he|she|they|we|i)|(?:my|our)\s+(?:son|daughter|child|kid|boy|girl|kids|children|twins))(?:\s+(?:has|have|is|are|am|was|were|had|gets|got|loves|likes|struggles|needs|cannot|can't|can’t|doesn't|doesn’t|won't|won’t)\b|['’](?:s|re|m)\b)/i;

export function questionParts(sentence: string): SentenceParts {
  const s = sentence.trim();
  const at = questionStart(s);
  if (at < 0)
    return s.endsWith('?')
      ? { statement: '', question: s, after: '' }
      : { statement: s, question: null, after: '' };
  const statement = tidy(s.slice(0, at));
  const question = s.slice(at).trim();
  const trailing = TRAILING_STATEMENT.exec(question);
  const after = trailing ? question.slice(trailing.index) : '';
  if (trailing && trailing.index > 0 && questionStart(tidy(after)) < 0 && !after.endsWith('?'))
    return { statement, question: question.slice(0, trailing.index).trim(), after: tidy(after) };
  return { statement, question, after: '' };
}

export function isQuestionSentence(sentence: string): boolean {
  return questionParts(sentence).question !== null;
}

export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The asking words of a question ('I was wondering if', 'can you tell me about'): no subject in them. */
const ASKING =
  /\b(?:(?:i\s+was|i'm|i\s+am|was|just)\s+wondering(?:\s+(?:if|whether|about))?|i\s+wonder(?:ed)?(?:\s+(?:if|whether))?|(?:i|we)(?:'d|\s+would)?\s+(?:like|love|want|need)\s+to\s+(?:know|find\s+out|learn|ask|hear|understand|check)(?:\s+(?:if|whether|about|more\s+about))?|(?:(?:i|we)(?:'d|\s+would)\s+like|i\s+want|i\s+need|looking\s+for|interested\s+in)?\s*(?:some\s+|more\s+|any\s+)?(?:info|information|details)(?:\s+(?:on|about|regarding|for))?|(?:can|could|would|will)\s+(?:you|u|someone|anyone)\s+(?:please\s+)?(?:tell\s+(?:me|us)|let\s+(?:me|us)\s+know|explain|describe|show\s+(?:me|us)|give\s+(?:me|us)|share|walk\s+(?:me|us)\s+through|clarify|confirm)(?:\s+(?:if|whether|about))?|(?:please\s+)?let\s+(?:me|us)\s+know(?:\s+(?:if|whether|about))?|(?:please\s+)?(?:tell\s+(?:me|us)|show\s+(?:me|us)|remind\s+(?:me|us)|walk\s+(?:me|us)\s+through|help\s+me\s+(?:understand|find\s+out))(?:\s+(?:if|whether|about|more\s+about))?|i\s+have\s+(?:a|some|another|one|few|a\s+few)\s+(?:quick\s+)?questions?(?:\s+(?:about|on|regarding))?|(?:i'm|i\s+am|we're|we\s+are)\s+curious(?:\s+(?:if|whether|about))?|do\s+you\s+(?:happen\s+to\s+)?know(?:\s+(?:if|whether))?)\b/gi;

/** A question with its asking words taken out, for the search: 'can you tell me about fees' -> 'fees'. */
export function withoutAskingWords(question: string): string {
  return question.replace(ASKING, ' ').replace(/\s+/g, ' ').trim();
}
