/**
 * A parent's misspelling of a word the knowledge base uses ('scool', 'tution', 'accomodations',
 * 'kindergarden'): the knowledge base's own word one edit away (a letter left out, added, changed,
 * or two letters swapped: Damerau-Levenshtein distance 1, on PostgreSQL's stems of both).
 *
 * Only a word that is neither in the knowledge base nor an English word (WordNet) is corrected:
 * 'pool' stays 'pool' even when the handbook says 'tool', so a question about something the
 * school does not have is never bent into one it does. Of several corrections the one most chunks
 * use wins (the commoner word is the likelier intent).
 */

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** Stems shorter than this are not corrected: too many short words lie one edit apart. */
export const MIN_CORRECTED_LENGTH = 4;

/** Every string one edit from `word` over a-z (deletions, swaps of neighbours, changes, insertions). */
export function oneEditAway(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of LETTERS) {
      if (tail && letter !== tail[0]) out.add(head + letter + tail.slice(1));
      out.add(head + letter + tail);
    }
  }
  out.delete(word);
  return [...out];
}

/** Whether a stem may be corrected: letters only, long enough, and not an English word. */
export function isCorrectable(stem: string, word: string, isEnglishWord: (word: string) => boolean): boolean {
  return /^[a-z]+$/.test(stem) && stem.length >= MIN_CORRECTED_LENGTH && !isEnglishWord(word);
}

/** The correction among the knowledge base's stems found one edit away: the most used, then the first. */
export function bestCorrection(
  found: { lexeme: string; df: number }[],
): { lexeme: string; df: number } | null {
  return (
    [...found].sort((a, b) => b.df - a.df || (a.lexeme < b.lexeme ? -1 : a.lexeme > b.lexeme ? 1 : 0))[0] ??
    null
  );
}
