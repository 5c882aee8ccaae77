import type { KnowledgeSearchResult } from '@lantern/contracts';

/** A question word of a result; `words` is absent from servers older than the field. */
export type QuestionTerm = Omit<KnowledgeSearchResult['terms'][number], 'words'> & { words?: string[] };
export type MatchKind = NonNullable<QuestionTerm['via']> | 'missing';

/** Why a result was found. Servers older than issue 17 send neither field, so both may be absent. */
type MatchEvidence = Partial<Pick<KnowledgeSearchResult, 'terms' | 'highlights'>>;

/** A result's match evidence, empty when the server did not send it (nothing extra is shown then). */
export const evidenceOf = (result: MatchEvidence) => ({
  terms: result.terms ?? [],
  highlights: result.highlights ?? [],
});

/** How a passage matched a question word, in a school admin's words: the chip's label. */
export const MATCH_KIND_LABELS: Record<MatchKind, string> = {
  exact: 'same word',
  synonym: 'school synonym',
  related: 'related word',
  prefix: 'longer word',
  spelling: 'spelling fixed',
  range: 'in a range',
  missing: 'not found',
};

/** What each label means, for the legend under the chips. */
export const MATCH_KIND_HELP: Record<MatchKind, string> = {
  exact: 'the passage uses the word as asked, or another form of it (fee, fees).',
  synonym: 'a word schools use for the same thing (kid → child).',
  related: 'a word with a similar, broader or narrower meaning, from the dictionary (fees → charges).',
  prefix: 'a longer word that starts the same way (math → mathematics).',
  spelling: 'the word as the documents spell it, one letter from what was typed (scool → school).',
  range: 'the number falls inside a range the passage gives (year 8 → Years 7 to 11).',
  missing:
    "the documents may word it differently. Add the parent's wording to the document or a manual chunk.",
};

export const matchKindOf = (term: QuestionTerm): MatchKind => term.via ?? 'missing';

/** The question's words, the ones that weigh most (the rarer) first. */
export const termsByWeight = (terms: readonly QuestionTerm[]): QuestionTerm[] =>
  [...terms].sort((a, b) => b.weight - a.weight);

/**
 * The passage's word that stood in for a question's word, when it is another word: the longer word
 * of a prefix match (math → Mathematics), the school synonym, related word or spelling that bridged
 * the wording (fees → charges). Servers before this field sent no `words`: a prefix is then found
 * among the highlights.
 */
export function bridgingWordFor(term: QuestionTerm, highlights: readonly string[]): string | null {
  if (term.via === null || term.via === 'exact' || term.via === 'range') return null;
  const asked = term.term.toLowerCase();
  const other = (term.words ?? []).find((word) => word.toLowerCase() !== asked);
  if (other) return other;
  if (term.via !== 'prefix') return null;
  return (
    highlights.find((word) => word.length > asked.length && word.toLowerCase().startsWith(asked)) ?? null
  );
}

export type TextPart = { text: string; isMatch: boolean };

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text cut into plain and matched parts: each of `words` wherever it stands as a whole word,
 * in any case. Longer words are tried first, so "after school" wins over "school".
 */
export function highlightParts(text: string, words: readonly string[]): TextPart[] {
  const wanted = [...new Set(words.map((word) => word.trim()).filter(Boolean))].sort(
    (a, b) => b.length - a.length,
  );
  if (!wanted.length) return [{ text, isMatch: false }];
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_])(?:${wanted.map(escapeRegex).join('|')})(?![\\p{L}\\p{N}_])`,
    'giu',
  );
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > from) parts.push({ text: text.slice(from, match.index), isMatch: false });
    parts.push({ text: match[0], isMatch: true });
    from = match.index + match[0].length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), isMatch: false });
  return parts;
}
