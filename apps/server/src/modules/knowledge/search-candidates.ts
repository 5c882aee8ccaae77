import type { Via } from './bm25f';

/**
 * The candidate search of a question: one tsquery for PostgreSQL's GIN index that finds the chunks
 * holding enough of the question's words (weighed by rarity) to possibly reach a threshold.
 */

/** One subject word: its tsqueries (as typed, through synonyms, related words, as a prefix). */
export type Term = {
  word: string;
  alternatives: { query: string; via: Via }[];
  combined: string;
  /**
   * What finds candidate chunks: the word, its school synonyms and prefix; its WordNet words too
   * only when the knowledge base never uses the word itself (they bridge a parent's wording, but
   * on a common word they would only make the index read far more chunks).
   */
  candidate: string;
  /** Whether the knowledge base uses the word itself (or a school synonym or longer form). */
  known: boolean;
  /** Whether the word names a thing (a noun, a name, a number) rather than an action or a quality. */
  names: boolean;
  df: number;
  /** At most this many chunks hold the term (the sum over its stems): for estimating reads. */
  upper: number;
  weight: number;
};

const MAX_CANDIDATE_SETS = 64;

/** A single-stem tsquery ('tutor') as a prefix query ('tutor':*), for stems of 4 letters or more. */
export const prefixOf = (q: string | null) => (q && /^'[a-z0-9]{4,}'$/.test(q) ? `${q}:*` : null);

/** The OR of tsqueries (each once), or null when there are none. */
export const anyOf = (queries: (string | null)[]) => {
  const present = [...new Set(queries.filter((q): q is string => !!q))];
  return present.length ? present.map((q) => `(${q})`).join(' | ') : null;
};

/**
 * Which chunks hold words worth at least `floor` of the question's weight, as one tsquery for
 * the GIN index: the OR of every minimal such set of words, each an AND ("tuition & middl |
 * tuition & school & fee"). WAND-style pruning: no chunk with that coverage through a word or its
 * school synonyms is left out (WordNet words count only for words the knowledge base lacks), and
 * few others are read. With too many sets (a long question, a low floor), the OR of the
 * words that every set must draw on is used instead: still exact, less narrow.
 */
export function candidateQuery(
  list: Term[],
  floor: number,
  n: number,
): { query: string; estimate: number } | null {
  const total = list.reduce((s, t) => s + t.weight, 0);
  // Chunks expected to match, taking words as independent: enough to choose how narrow to search.
  const expected = (set: Term[]) => set.reduce((p, t) => p * (t.upper / Math.max(n, 1)), n);
  const need = floor * total - 1e-9;
  const known = list.filter((t) => t.df > 0 || t.upper > 0).sort((a, b) => b.weight - a.weight);
  const sets: Term[][] = [];
  const walk = (from: number, chosen: Term[], sum: number): boolean => {
    if (sum >= need && chosen.length) {
      sets.push(chosen); // minimal: terms come in falling weight, so the last one was needed
      return sets.length <= MAX_CANDIDATE_SETS;
    }
    let rest = 0;
    for (let i = from; i < known.length; i++) rest += known[i]!.weight;
    if (sum + rest < need) return true; // this branch cannot reach the floor
    for (let i = from; i < known.length; i++)
      if (!walk(i + 1, [...chosen, known[i]!], sum + known[i]!.weight)) return false;
    return true;
  };
  if (known.length <= 12 && walk(0, [], 0)) {
    if (!sets.length) return null;
    return {
      query: sets.map((set) => `(${set.map((t) => `(${t.candidate})`).join(' & ')})`).join(' | '),
      estimate: sets.reduce((sum, set) => sum + expected(set), 0),
    };
  }
  const words = selective(list, floor);
  const query = anyOf(words.map((t) => t.candidate));
  return query ? { query, estimate: words.reduce((sum, t) => sum + t.upper, 0) } : null;
}

/** The rarest words whose absence alone would keep a chunk under the floor. */
function selective(list: Term[], floor: number): Term[] {
  const total = list.reduce((s, t) => s + t.weight, 0);
  const byRarity = [...list].filter((t) => t.upper > 0).sort((a, b) => b.weight - a.weight);
  const chosen: Term[] = [];
  let rest = byRarity.reduce((s, t) => s + t.weight, 0);
  for (const term of byRarity) {
    if (rest < floor * total) break;
    chosen.push(term);
    rest -= term.weight;
  }
  return chosen.length ? chosen : byRarity;
}
