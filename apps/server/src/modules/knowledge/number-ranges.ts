/**
 * A number in a question held by a range in the documents: 'year 8' by 'Years 7 to 11', '4th
 * grade' by 'Grades 3-5' or 'K-5', 'aged 4' by 'ages 3–5'. Schools write levels, ages and class
 * sizes as ranges, and a table row ('Middle School (Grades 6 to 8): $41,200') is the answer to a
 * question about one number inside it.
 *
 * The ranges are tsquery phrases over the lexemes PostgreSQL's english parser makes of them:
 *  - '6 to 8', '6 through 8': '6' <2> '8' (the stop word keeps its position);
 *  - '6-8': '6' <-> '-8' (the parser reads '-8' as a signed number);
 *  - '6–8' (an en dash), '6 - 8': '6' <-> '8';
 *  - 'K-5': 'k' <-> '-5'; 'Kindergarten to Grade 5': 'kindergarten' <3> '5'.
 * They only score the chunks the search already reads: matching them in the candidate query
 * would make every chunk with two small numbers a candidate.
 */

/** The largest number read as a level, an age or a count of years; larger numbers are not ranged. */
export const RANGE_MAX = 19;

/** The range phrases that hold `n` (strictly inside: the ends are the number itself). */
export function rangeQueriesHolding(n: number): string[] {
  if (!Number.isInteger(n) || n < 1 || n >= RANGE_MAX) return [];
  const out: string[] = [];
  for (let high = n + 1; high <= RANGE_MAX; high++) {
    for (let low = 0; low < n; low++)
      out.push(`'${low}' <2> '${high}'`, `'${low}' <-> '-${high}'`, `'${low}' <-> '${high}'`);
    out.push(`'k' <-> '-${high}'`, `'kindergarten' <3> '${high}'`);
  }
  return out;
}

/** The number a question's word is, when it is a small whole number ('8'); else null. */
export function rangedNumber(word: string): number | null {
  return /^\d{1,2}$/.test(word.trim()) ? Number(word.trim()) : null;
}
