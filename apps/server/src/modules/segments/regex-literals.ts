/**
 * The literal text a regular expression cannot match without, read from its start: "^(olivia|liam)\."
 * matches only a text that begins "olivia." or "liam." (in any case). A rule's regular expression
 * is the costliest condition over a million leads (a match a row); a text search for these literals
 * on the lowered column first lets the expression run only on the few rows that can match. Only a
 * necessary condition, never a sufficient one: the expression itself still decides.
 *
 * Conservative by design, answering null whenever unsure: it reads only ASCII letters, digits and
 * plain punctuation (whose case variants under a case-insensitive match are their own upper and
 * lower case, which lowering maps back to the lowered literal), escaped punctuation, and one group
 * of plain alternatives; it stops at the first class, wildcard or constraint, leaves out a character
 * that a quantifier follows, and gives up on any alternation outside that group.
 */
export type RegexLiterals = {
  /** The text must begin with one of them (the pattern starts with ^); else contain one. */
  anchored: boolean;
  /** As written (the SQL lowers them as it lowers the column). Never empty strings. */
  alternatives: string[];
};

const PLAIN = /^[A-Za-z0-9 @_,:/=#%!&'";<>~`-]$/;
const ESCAPED_LITERALS = new Set('.^$|?*+()[]{}\\/-'.split(''));
const QUANTIFIERS = new Set(['*', '+', '?', '{']);

/**
 * A run of literal characters from `start`: the text, where it stopped, and whether it stopped at
 * a character a quantifier follows (which may be absent or repeated, so is not required as written).
 */
function literalRun(pattern: string, start: number): { text: string; end: number; quantified: boolean } {
  let text = '';
  let i = start;
  while (i < pattern.length) {
    const char = pattern[i]!;
    let literal: string | null = null;
    let width = 1;
    if (char === '\\') {
      const next = pattern[i + 1];
      if (next !== undefined && ESCAPED_LITERALS.has(next)) {
        literal = next;
        width = 2;
      }
    } else if (PLAIN.test(char)) literal = char;
    if (literal === null) break;
    if (QUANTIFIERS.has(pattern[i + width] ?? '')) return { text, end: i, quantified: true };
    text += literal;
    i += width;
  }
  return { text, end: i, quantified: false };
}

export function regexLiterals(pattern: string): RegexLiterals | null {
  const anchored = pattern.startsWith('^');
  let i = anchored ? 1 : 0;
  let alternatives = [''];
  let groupEnd = -1;
  if (pattern[i] === '(') {
    const close = pattern.indexOf(')', i);
    if (close < 0) return null;
    const parts: string[] = [];
    for (const part of pattern.slice(i + 1, close).split('|')) {
      const run = literalRun(part, 0);
      // Each alternative plain text throughout, so what follows the group follows it directly.
      if (run.quantified || run.end !== part.length || run.text === '') return null;
      parts.push(run.text);
    }
    if (QUANTIFIERS.has(pattern[close + 1] ?? '')) return null;
    alternatives = parts;
    groupEnd = close;
    i = close + 1;
  }
  // An alternation anywhere else (or a group inside the group) could match without these literals.
  const rest = pattern.slice(groupEnd + 1);
  if (rest.includes('|') || (groupEnd >= 0 && pattern.slice(0, groupEnd).includes('(', anchored ? 2 : 1)))
    return null;
  const run = literalRun(pattern, i);
  alternatives = alternatives.map((a) => a + run.text);
  if (alternatives.some((a) => a === '')) return null;
  return { anchored, alternatives };
}
