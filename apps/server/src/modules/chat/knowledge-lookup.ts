import type { ConversationContext } from '@lantern/contracts';
import { similarityOfProbability } from '../knowledge';
import type { Understood } from './intake';
import { dontKnow, quoteAnswer, type KnowledgePassage, type KnowledgeSearch } from './offline-reply';
import { answerFrom, distinctiveTerms } from './passage-answer';
import { passageUnits } from './passage-units';
import { stemsOf, subjectWords, termLocator } from './question-terms';
import { isQuestionSentence, questionParts, splitSentences, withoutAskingWords } from './questions';

/**
 * A parent's question looked up in the knowledge base: the query (the question's own words), the
 * search, and the answer the passages give (passage-answer.ts) or "I don't know". Both engines use
 * it: the offline engine for its words, the AI engine for its prompt and its fallback.
 */

/**
 * How many passages the engine reads, and how likely they must be to answer: at least 1 in 20 by
 * the search's calibration (a similarity of about 0.51; the search's broadest threshold, 0.5,
 * reads down to 1 in 50: reading those too quoted one more wrong passage on the development
 * questions and answered none more). A passage under the 0.7 default ("more likely than not") is
 * quoted only on stronger evidence in the sentence itself (passage-answer.ts, rule 4). On the
 * development questions in Markdown this answered 7 more correctly than reading from 0.7, with no
 * more wrong quotes; reading from 0.6 without rule 4 answered 18 more but quoted 9 more passages
 * that missed a fact, and a wrong quote costs a parent more than an honest "I don't know".
 */
export const ANSWER_LIMIT = 3;
export const ANSWER_THRESHOLD = similarityOfProbability(0.05);
/** Subject words a remark needs before it is looked up as if it were a question. */
const REMARK_WORDS = 2;
/** A phrase typed as a search ('fees', 'term dates', 'pick up time for year 2'): at most this many words. */
const MAX_QUERY_PHRASE_WORDS = 8;
/** Words of a sentence about the parent or the child, not a phrase typed as a search. */
const PERSONAL = /\b(?:i|i'm|im|me|my|we|we're|our|us|he|he's|she|she's|his|her|him|they|their|them)\b/i;

/**
 * A message typed as a search rather than a sentence: a few words naming a subject, about no one
 * ('fees', 'term dates'); 'name' when its words are all capitalised ('Maria Lopez', 'Uniform'): the
 * parent may be introducing themselves, so it is answered when a passage answers it, and never
 * told "I don't know".
 */
function queryPhrase(text: string, names: string[]): 'query' | 'name' | null {
  const words = text.trim().split(/\s+/);
  // 'Leo worries about loud lunch halls': about the child the parent named.
  const named = names.some((n) => words.some((w) => w.toLowerCase().replace(/\W+$/, '') === n.toLowerCase()));
  if (
    words.length > MAX_QUERY_PHRASE_WORDS ||
    PERSONAL.test(text) ||
    named ||
    subjectWords(text).length === 0
  )
    return null;
  return words.length <= 4 && words.every((w) => /^[A-Z][a-z'’-]*[.,!]?$/.test(w)) ? 'name' : 'query';
}
export type OfflineAnswer = { text: string; answered: boolean };
export type KnowledgeLookup = {
  /** The passages the answer came from (else the first search's): what the AI is given. */
  passages: KnowledgePassage[];
  /** The quote, or "I don't know"; null when the message asks nothing to look up. */
  answer: OfflineAnswer | null;
};

/**
 * The knowledge queries of a message, to try in order: the parent's details ('I'm Maria', an email,
 * the child's name and age) and the asking words ('I was wondering if') left out. A question is
 * searched first with what the parent said before it ('my daughter is starting prep next year, how
 * much are the fees per term': the fees of prep), then alone (when it keeps a distinctive word:
 * lookUp).
 */
export function queriesOf(text: string, names: string[] = []): string[] {
  const sentences = splitSentences(text);
  const alone: string[] = [];
  const withContext: string[] = [];
  sentences.forEach((sentence, i) => {
    const { statement, question: asked, after } = questionParts(sentence);
    if (!asked) return;
    // A statement after the question stays in the search: without it ('do you have boarding, we
    // live two hours away') the question's few words match passages that only share them.
    const question = after ? `${asked} ${after}` : asked;
    const previous = i > 0 && !isQuestionSentence(sentences[i - 1]!) ? sentences[i - 1]! : '';
    const before = statement || previous;
    // Only what says something: 'I'm Maria (maria@example.com)' says nothing to search for.
    const says = subjectWords(withoutPersonalDetails(before, names)).length > 0;
    alone.push(question);
    withContext.push(says ? `${before} ${question}` : question);
  });
  const tidy = (parts: string[]) =>
    withoutPersonalDetails(withoutAskingWords(parts.length ? parts.join(' ') : text), names)
      .trim()
      .slice(0, 500);
  // 'is there a canteen or do I pack lunch': the first alternative alone, when the whole finds nothing.
  const firstAlternatives = alone.flatMap((q) => {
    const m = OR_ALTERNATIVE.exec(q);
    return m && subjectWords(m[1]!).length > 0 ? [m[1]!] : [];
  });
  return [
    ...new Set([
      tidy(withContext),
      tidy(alone),
      ...(firstAlternatives.length ? [tidy(firstAlternatives)] : []),
    ]),
  ].filter(Boolean);
}

/** A time of day after 'at', 'by', 'until'...: 'at 8', 'by 5:30', 'after 6pm' (not 'after 6 months'). */
const CLOCK_TIME =
  /\b(?:at|by|before|after|until|till|til|from)\s+(?:\d{1,2}(?:[:.][0-5]\d)?\s*(?:am|pm|a\.m\.|p\.m\.)|(?:1[0-2]|0?[1-9])(?:[:.][0-5]\d)?(?![\w:.])(?!\s*(?:years?|yrs?|months?|weeks?|days?|hours?|hrs?|minutes?|mins?|kids|children|students|pupils|%|percent)\b)(?:\s*o'?clock\b)?)/gi;

/** A question offering a second alternative as a new clause: 'X, or do we Y', 'X or is it Y'. */
const OR_ALTERNATIVE =
  /^(.*?\S)\s*,?\s+or\s+(?:do|does|should|can|could|will|would|is|are|must|shall)\s+(?:i|we|you|he|she|they|it|there)\b/i;

/** The first query of a message (what the search is asked first). */
export const queryOf = (text: string, names: string[] = []) => queriesOf(text, names)[0] ?? '';

function withoutPersonalDetails(text: string, names: string[]): string {
  let out = text
    .replace(/[^\s<>()"',;:]*@[^\s<>()"',;:]*/g, ' ')
    .replace(/(?:\+\s?)?\(?\d[\d\s().-]{7,}\d/g, (m) => (m.replace(/\D/g, '').length >= 10 ? ' ' : m))
    // 'my son is 7', 'Ava turned 5', 'aged 6': the child's age (but not 'is 7 too young').
    .replace(
      /\b(he|she|son|daughter|child|kid|boy|girl|who|[A-Z][a-z]+)\s+(?:is|'s|turned|turns|will be)\s+\d{1,2}\b(?:\s*(?:years?|yrs?)(?:\s*old)?)?/g,
      '$1',
    )
    .replace(/\baged?\s+\d{1,2}\b/gi, ' ')
    // 'I start work at 8', 'home by 5:30': the family's clock, not a number the school writes about.
    .replace(CLOCK_TIME, ' ')
    // 'my daughter', 'our twins': the parent's own family, not what the question is about.
    .replace(
      /\b(?:my|our)\s+(?:(?:little|youngest|oldest|eldest|middle|foster|adopted)\s+)?(?:sons?|daughters?|kids?|kiddos?|child|children|boys?|girls?|twins|triplets|stepsons?|stepdaughters?|stepchild(?:ren)?|grandsons?|granddaughters?|grandchild(?:ren)?|grandkids?|nephews?|nieces?|teens?|teenagers?|toddlers?|little ones?|youngsters?|lads?)(?:['’]s)?(?!\w)/gi,
      ' ',
    )
    .replace(/\b\d{1,2}[- ]?(?:years?|yrs?)[- ]?old\b/gi, ' ');
  for (const name of names.flatMap((n) => n.split(/\s+/)).filter((n) => /^[A-Za-z'’-]{2,}$/.test(n)))
    out = out.replace(new RegExp(`\\b${name}\\b(?:['’]s)?`, 'gi'), ' ');
  return out.replace(/\s+/g, ' ');
}

/**
 * A bare reply to "May I ask your name?" is the parent's name unless it is a subject the
 * knowledge base answers, typed as a search ('Uniform', 'term dates', 'bus routes': a parent asks
 * the next thing rather than giving a name): every word of it English (a name such as 'Maria' or
 * 'Okafor' is not, so a staff member's name in the handbook does not take the parent's), a passage
 * answers it, and one of its words is in a heading of that passage: the handbook has a section on
 * it ('Mark' and 'John' are English too, but a handbook heads no section with them). Then the name
 * is not taken and the reply is looked up as a question; the name question stays to be asked.
 */
export async function unlessASubject(
  search: KnowledgeSearch,
  isEnglishWord: (word: string) => boolean,
  before: ConversationContext,
  understood: Understood,
  text: string,
): Promise<Understood> {
  if (!understood.bareName || understood.learnt.some((l) => l !== 'name')) return understood;
  const words = text.toLowerCase().match(/[a-z'’-]+/g) ?? [];
  if (!words.length || !words.every(isEnglishWord)) return understood;
  const passages = await search({ query: text, limit: ANSWER_LIMIT, threshold: ANSWER_THRESHOLD });
  const found = answerFrom(text, passages);
  // The handbook has a heading for it ('Uniform', 'Clubs', 'Term dates'): a word of the reply names
  // a section of the passage that answers. A name the handbook only uses in passing ('we mark
  // religious holidays' for a parent called Mark, 'Mr John Smith') heads nothing.
  const headings = new Set(
    found ? passageUnits(found.passage.text).flatMap((u) => (u.label ? [u.label] : [])) : [],
  );
  // Held as a passage holds a question's word: same stem, or a longer word of it ('Transportation').
  const locate = termLocator([]);
  const heads = (word: string) =>
    [...headings].some((heading) => locate(heading, { term: word, weight: 0, via: 'exact' }));
  if (!found || !words.some(heads)) return understood;
  return {
    ...understood,
    context: { ...understood.context, parentName: before.parentName },
    extraction: { ...understood.extraction, isQuestion: true },
    learnt: [],
    bareName: false,
  };
}

/** The names the conversation knows (the parent's, the children's): not words to search for. */
const namesOf = (u: Understood) => [
  ...(u.context.parentName ? [u.context.parentName] : []),
  ...(u.context.children ?? []).map((c) => c.name),
];

/**
 * Whether a shorter query (the question without what the parent said before it) keeps a word that
 * made the whole message specific: one of the distinctive words the first search weighed that
 * names a thing ('sick' in 'my kid woke up sick today, how do I tell the school he won't be in').
 * Left with only the school's own generic words ('school'), a query matches any passage that uses
 * them; left with only what is done ('my son has a service dog, could he bring it to class':
 * 'bring'; 'my son is dyslexic, what extra help would he get': 'extra'), it finds passages about
 * doing that to anything (the tours children may not be brought to, fees at no extra charge).
 * On the development questions this quoted 1 passage fewer that missed the answer and answered as
 * many; on the second development set, 2 fewer wrong quotes.
 */
function keepsADistinctiveWord(query: string, first: KnowledgePassage[]): boolean {
  const terms = first[0]?.terms;
  if (!terms?.length) return true;
  const stems = new Set(stemsOf(query));
  return distinctiveTerms(terms)
    .filter((t) => t.names !== false)
    .some((t) => stemsOf(t.term).every((s) => stems.has(s)));
}

/**
 * Looks the message's question up: each query in turn until one finds a passage that answers.
 * "I don't know" (with the offer to pass the question on) when none does; no answer at all when
 * the message asks nothing, or nothing with a subject ('how are you?', 'I have a question').
 */
export async function lookUp(
  search: KnowledgeSearch,
  understood: Understood,
  text: string,
): Promise<KnowledgeLookup> {
  const names = namesOf(understood);
  const queries = queriesOf(text, names);
  // A phrase typed as a search while the bot waits for no answer of its own is a question.
  const phrase =
    !understood.dialogue.asked && understood.learnt.length === 0
      ? queryPhrase(
          text,
          names.flatMap((n) => n.split(/\s+/)),
        )
      : null;
  const asks = understood.extraction.isQuestion || phrase === 'query';
  // A remark that tells the intake nothing but names a subject ('she can't cope with noisy dining
  // halls') is answered when a passage answers it; it is never told "I don't know".
  const remarks =
    !asks &&
    understood.learnt.length === 0 &&
    (subjectWords(queries[0] ?? '').length >= REMARK_WORDS || phrase === 'name');
  if (!asks && !remarks) return { passages: [], answer: null };
  let first: KnowledgePassage[] | null = null;
  for (const query of queries) {
    if (first && !keepsADistinctiveWord(query, first)) continue;
    const passages = await search({ query, limit: ANSWER_LIMIT, threshold: ANSWER_THRESHOLD });
    const quote = quoteAnswer(query, passages);
    if (quote) return { passages, answer: { text: quote, answered: true } };
    first ??= passages;
  }
  if (remarks) return { passages: [], answer: null };
  if (!first?.length && queries.every((q) => subjectWords(q).length === 0))
    return { passages: [], answer: null };
  return { passages: first ?? [], answer: { text: dontKnow(understood.context), answered: false } };
}
