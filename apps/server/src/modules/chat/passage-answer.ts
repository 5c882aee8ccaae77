import { SEARCH_THRESHOLD_DEFAULT } from '@lantern/contracts';
import type { KnowledgePassage } from './knowledge-passage';
import {
  askedFigure,
  figureNamed,
  hasFigure,
  hasSpan,
  passageUnits,
  type AskedFigure,
  type PassageUnit,
} from './passage-units';
import {
  stem,
  stemsOf,
  wordsOf,
  isSubjectTerm,
  termLocator,
  termsOfPassages,
  type QuestionTerm,
  type TermLocator,
} from './question-terms';
import { quoteText, type ChosenUnit } from './quote-text';

/**
 * Whether a passage answers a question, and the words to quote from it (the offline answer; the
 * AI mode falls back to it).
 *
 * The answerability rule, from the question's weighted subject words (weights sum to 1, rarer
 * words weigh more; n words):
 *  1. Every distinctive word that names a thing (one weighing at least half the mean weight,
 *     1 / 2n, and a noun, a name or a number by WordNet's usage: 'tuition', 'ABA', '7') is matched
 *     by the passage (as typed, a synonym, a related word, a prefix, or a number inside a range; a
 *     word the knowledge base never uses must match other than through WordNet alone). A word
 *     that says how or what is done ('instead', 'badly', 'send') may be missing.
 *     Generic words (the school's own 'school', 'students') weigh far less and may be missing; a
 *     word the knowledge base never uses is given half an average word's weight by the search,
 *     which is always at least half the mean, so a question about something the school never
 *     wrote about is never answered. Together these leave at most half the weight unmatched.
 *     Words with no subject in them ('every', 'somewhere', a lone 'u') are not required. A word
 *     naming the figure asked for ('the phone number', 'what does it cost') is held by the figure,
 *     and 'start' or 'end' in a question asking when by a span of time ('8:15 am to 2:45 pm'), and
 *     the word after 'how' ('how long is the winter break') by a figure of the kind asked, when the
 *     question names what it asks about.
 *     A word the school never uses, matched only through WordNet, is not matched at all.
 *  2. The quoted sentence or row itself (with its heading, caption or Q&A question) holds the
 *     heaviest of the words rule 1 requires and at least half the subject weight, and its own text
 *     holds one of the question's words or the figure asked for: the passage as a whole matching
 *     is not enough. Under a heading that names every word rule 1 requires ('Sibling discount'),
 *     the section's opening sentence needs no word of its own: the heading says what it is about.
 *  3. A question that asks for a measure or a time ('how much', 'how many', 'how old', 'what
 *     time', 'when', a phone number) is answered only by a quote holding a figure of that kind.
 *  4. A passage under the search's default threshold (0.7: "more likely than not") needs more:
 *     the quote holds every word rule 1 requires and nearly all the question's weight.
 * Every passage that passes offers its best sentence or row (the most question weight, a figure
 * of the kind asked for, then the first in the passage: a section's opening sentence usually says
 * what the section is about); of them, the one with the most weight times its passage's
 * similarity is quoted, so a sentence of a likelier passage wins a tie.
 */

export type PassageAnswer = { passage: KnowledgePassage; quote: string };

/** How much a figure the question prefers ('when' -> a time or date) adds to a sentence's score. */
const FIGURE_BONUS = 0.25;
/**
 * A passage the search finds less likely than not to answer (under the 0.7 default) is quoted only
 * when the sentence, with its label, holds every word rule 1 requires and this share of the
 * question's weight (rule 4).
 */
const STRONG_EVIDENCE_SHARE = 0.9;
/**
 * A sentence holding two of the question's words side by side, in the question's order ('the
 * first day of school'), says more than one holding them apart ('assembly days, the first
 * Monday'): each such pair adds this share of the pair's weight.
 */
const PHRASE_BONUS = 0.1;
/** Words at most this far apart (two small words between: 'day of the school') are side by side. */
const PHRASE_REACH = 3;
/** Words only in the heading count for less than words in the sentence itself. */
const LABEL_SHARE = 0.5;

/** A sentence that goes on about the one before it ('It is $9,000 a year.'). */
const CONTINUES = /^(?:it|its|it's|this|that|these|those|they|their|there|he|she|his|her)\b/i;

type Candidate = ChosenUnit & {
  passage: number;
  score: number;
  hasOwnEvidence: boolean;
  heldWeight: number;
};

export function answerFrom(question: string, passages: KnowledgePassage[]): PassageAnswer | null {
  const unitsOf = passages.map((p) => passageUnits(p.text));
  const termsOf = termsOfPassages(question, passages, unitsOf);
  const asked = askedFigure(question);
  const candidates = passages.flatMap((passage, i) => {
    const best = bestUnit(passage, unitsOf[i]!, termsOf[i]!, asked);
    return best ? [{ ...best, passage: i }] : [];
  });
  // A sentence's score is weighed by how likely its passage is to answer (the search's similarity).
  const rankOf = (c: Candidate) => c.score * passages[c.passage]!.similarity;
  const best = candidates.sort(
    (a, b) => rankOf(b) - rankOf(a) || a.unit.text.length - b.unit.text.length || a.passage - b.passage,
  )[0];
  if (!best) return null;
  const terms = termsOf[best.passage]!;
  const locate = termLocator(terms, passages[best.passage]!.highlights);
  return {
    passage: passages[best.passage]!,
    quote: quoteText(
      best,
      unitsOf[best.passage]!,
      requiredTerms(terms),
      locate,
      asked,
      distinctiveTerms(terms).filter((t) => isSubjectTerm(t) && t.via),
    ),
  };
}

/** The distinctive words of a question: those weighing at least half the mean weight. */
export function distinctiveTerms(terms: QuestionTerm[]): QuestionTerm[] {
  return terms.filter((t) => t.weight >= 0.5 / terms.length - 1e-9);
}

/**
 * The words a passage must match: the distinctive ones that name what the question is about (a
 * thing, a name, a number). A distinctive word that only says how or what is done ('instead',
 * 'badly', 'send') may be missing: it still counts toward the weight a quote must hold.
 */
const requiredTerms = (terms: QuestionTerm[]) =>
  distinctiveTerms(terms).filter((t) => isSubjectTerm(t) && t.names !== false);

/**
 * Whether the passage matched a word: a word the school never uses, matched only through WordNet
 * ('haunted' through 'taken up'), is not matched: the school may not write about it because it
 * has nothing to say.
 */
const matched = (t: QuestionTerm) => !!t.via && !(t.via === 'related' && t.known === false);

/** A passage's best sentence or row, or null when the passage does not answer (rules 1 to 4). */
function bestUnit(
  passage: KnowledgePassage,
  units: PassageUnit[],
  terms: QuestionTerm[],
  question: AskedFigure | null,
): Omit<Candidate, 'passage'> | null {
  const subject = terms.filter(isSubjectTerm);
  if (!subject.length || !units.length) return null;
  const required = requiredTerms(terms);
  // 'how long' is answered by a figure only about a thing named ('how long is the Thanksgiving
  // break'), not about nothing in particular ('how long has the school been around').
  const asked = question?.how && !required.length ? { ...question, how: undefined } : question;
  // A word the school never uses, matched only through WordNet ('dormitory room' for 'dorm'), is
  // not evidence enough: the school may not write about it because it does not offer it.
  if (required.some((t) => !matched(t) && !heldByFigure(t, asked))) return null;
  // The quote must hold the heaviest word of those the passage must match (else of those it matches).
  const named = required.length ? required : subject.filter(matched);
  if (!named.length) return null;
  const heaviest = Math.max(...named.map((t) => t.weight));
  const keys = named.filter((t) => t.weight >= heaviest - 1e-9);
  const total = subject.reduce((sum, t) => sum + t.weight, 0);
  const locate = termLocator(terms, passage.highlights);
  const eligible = units
    .map((unit) => score(unit, units, subject, locate, asked, required))
    .filter(
      (s): s is Omit<Candidate, 'passage'> =>
        !!s &&
        keys.some((k) => s.held.has(k.term)) &&
        s.heldWeight >= total / 2 - 1e-9 &&
        s.hasOwnEvidence &&
        (passage.similarity >= SEARCH_THRESHOLD_DEFAULT ||
          (required.every((t) => s.held.has(t.term)) &&
            s.heldWeight >= STRONG_EVIDENCE_SHARE * total - 1e-9)),
    )
    .sort((a, b) => b.score - a.score || a.unit.index - b.unit.index);
  const best = eligible[0];
  if (!best) return null;
  // Units as good as the best in its section (two rows of one table, 'short sleeve' and 'long sleeve') are shown too.
  const ties = eligible
    .slice(1)
    .filter((s) => s.unit.section === best.unit.section && s.score >= best.score - 1e-9)
    .map((s) => s.unit);
  return { ...best, ties };
}

/** The weight of the question's consecutive word pairs the text holds side by side, in order. */
function phraseWeight(text: string, terms: QuestionTerm[], held: Set<string>, locate: TermLocator): number {
  const sequence = stemsOf(text);
  const inText = terms.filter((t) => held.has(t.term) && locate(text, t));
  let weight = 0;
  for (const [i, term] of inText.slice(0, -1).entries()) {
    const next = inText[i + 1]!;
    const last = stemsOf(term.term).at(-1);
    const first = stemsOf(next.term)[0];
    if (!last || !first) continue;
    const together = sequence.some(
      (s, at) => s === last && sequence.slice(at + 1, at + 1 + PHRASE_REACH).includes(first),
    );
    if (together) weight += term.weight + next.weight;
  }
  return weight;
}

/** A word that names the figure the question asks for ('what is the phone number', 'what does it cost'). */
function namesAskedFigure(term: QuestionTerm, asked: AskedFigure | null): boolean {
  const kind = figureNamed(term.term);
  return !!kind && !!asked && asked.kinds.includes(kind);
}

/** A word for the ends of a span of time, in a question asking when: 'when does term 1 start'. */
const SPAN_END = /^(?:start|begin|end|finish|open|close|commenc)/;
const namesSpanEnd = (term: QuestionTerm, asked: AskedFigure | null) =>
  !!asked?.kinds.some((k) => k === 'time' || k === 'date') &&
  wordsOf(term.term).length === 1 &&
  SPAN_END.test(stem(term.term));

/** The word that asks for the figure after 'how' ('how long is the break': 'long'). */
const asksHow = (term: QuestionTerm, asked: AskedFigure | null) => !!asked?.how && term.term === asked.how;

/**
 * A word the figure answered holds: the phone number asked for, when something starts or ends, or
 * how long, how soon or how early something is.
 */
const heldByFigure = (term: QuestionTerm, asked: AskedFigure | null) =>
  namesAskedFigure(term, asked) || namesSpanEnd(term, asked) || asksHow(term, asked);

/**
 * Such a word is held by the figure itself: '(555) 0142-7710' is the phone number asked for, and
 * '8:15 am to 2:45 pm' says when the day starts and when it ends.
 */
const holdsNamedFigure = (text: string, term: QuestionTerm, asked: AskedFigure | null) =>
  (namesAskedFigure(term, asked) && hasFigure(text, [figureNamed(term.term)!])) ||
  (asksHow(term, asked) && hasFigure(text, asked!.kinds)) ||
  (namesSpanEnd(term, asked) && hasSpan(text));

/** A unit's score: the weight of the words it holds, plus a figure the question asks for. */
function score(
  unit: PassageUnit,
  units: PassageUnit[],
  terms: QuestionTerm[],
  locate: TermLocator,
  asked: AskedFigure | null,
  required: QuestionTerm[],
): Omit<Candidate, 'passage'> | null {
  const held = new Set<string>();
  let weight = 0;
  // A heading that names everything the question asks about ('Sibling discount') frames each of
  // its sentences: its words count in full, and the section's opening sentence wins a tie.
  // A list item's lead-in ('Every pupil should bring:') sits under the section's heading ('Uniform and Equipment').
  const label = unit.label && unit.heading ? `${unit.heading} ${unit.label}` : unit.label;
  const framed = !!label && required.length > 0 && required.every((t) => locate(label, t));
  let needsLabel = false;
  let hasOwnWord = false;
  let heldWeight = 0;
  for (const term of terms.filter((t) => matched(t) || heldByFigure(t, asked))) {
    if (locate(unit.text, term)) {
      weight += term.weight;
      hasOwnWord = true;
    } else if (holdsNamedFigure(unit.text, term, asked)) {
      // The figure answers the word, but a sentence that also names it ('Main phone number: ...') says more.
      weight += term.weight * LABEL_SHARE;
    } else if (label && locate(label, term)) {
      weight += term.weight * (framed ? 1 : LABEL_SHARE);
      needsLabel = true;
    } else continue;
    heldWeight += term.weight;
    held.add(term.term);
  }
  if (!held.size) return null;
  weight += PHRASE_BONUS * phraseWeight(unit.text, terms, held, locate);
  // The figure may be in the next sentence, when it goes on about this one ('Tuition is set yearly. It is $9,000.').
  const following = units[unit.index + 1];
  const neighbour =
    unit.kind === 'sentence' &&
    following?.section === unit.section &&
    following.kind === 'sentence' &&
    CONTINUES.test(following.text)
      ? following
      : null;
  let next: PassageUnit | null = null;
  if (asked) {
    const own = hasFigure(unit.text, asked.kinds);
    if (!own && neighbour && hasFigure(neighbour.text, asked.kinds)) next = neighbour;
    if (asked.required && !own && !next) return null;
    // The likeliest kind ('how much': a price before a count) earns the whole bonus.
    const shown = `${unit.text} ${next?.text ?? ''}`;
    if (hasFigure(shown, asked.kinds.slice(0, 1))) weight += FIGURE_BONUS;
    else if (own || next) weight += FIGURE_BONUS / 2;
  }
  // The sentence itself must say something to the question: one of its words, or the figure asked for.
  // A framed section's opening sentence says what the section is about, with or without its words.
  const opens = framed && units.find((u) => u.section === unit.section) === unit;
  const hasOwnEvidence =
    hasOwnWord || opens || (!!asked?.required && (hasFigure(unit.text, asked.kinds) || !!next));
  return { unit, next, ties: [], score: weight, held, needsLabel, hasOwnEvidence, heldWeight };
}
