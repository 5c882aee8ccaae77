/**
 * BM25F over a chunk's two fields, from the positions PostgreSQL keeps in its search vector:
 * weight A is the heading path, B the text. Pure functions: the search reads the positions of
 * the question's lexemes in each candidate chunk and scores them here.
 */
/** How a chunk's word matched a question's word. */
export type Via = 'exact' | 'synonym' | 'related' | 'prefix' | 'spelling' | 'range';

/** A lexeme's positions in one chunk, with each position's field ('A' heading, 'B' text). */
export type Occurrences = Map<string, { position: number; field: 'A' | 'B' }[]>;

/** One step of a tsquery phrase: a lexeme (or prefix) at `distance` after the previous step. */
type Step = { lexeme: string; prefix: boolean; distance: number };

export const BM25F = {
  k1: 1.2,
  /** Field weights and length normalisation: a heading word says more, and headings are short. */
  heading: { weight: 2.5, b: 0.5 },
  text: { weight: 1, b: 0.75 },
} as const;

/** Parses the tsquery text PostgreSQL makes ('a' <-> 'b', 'c':*) into steps; null if not a phrase. */
export function phraseSteps(query: string): Step[] | null {
  const steps: Step[] = [];
  let distance = 0;
  for (const m of query.matchAll(/'((?:[^']|'')*)'(:\*)?|<(\d+|-)>|(\S)/g)) {
    if (m[1] !== undefined) {
      steps.push({ lexeme: m[1].replace(/''/g, "'"), prefix: !!m[2], distance });
      distance = 0;
    } else if (m[3] !== undefined) distance = m[3] === '-' ? 1 : Number(m[3]);
    else if (m[4] && m[4] !== '(' && m[4] !== ')') return null; // & | ! : not a single phrase
  }
  return steps.length ? steps : null;
}

/** Lexemes (exact) and prefixes a set of tsqueries needs read from the chunks. */
export function lexemesOf(queries: string[]): { exact: string[]; prefixes: string[] } {
  const exact = new Set<string>();
  const prefixes = new Set<string>();
  for (const q of queries)
    for (const step of phraseSteps(q) ?? []) (step.prefix ? prefixes : exact).add(step.lexeme);
  return { exact: [...exact], prefixes: [...prefixes] };
}

function positionsOf(occ: Occurrences, step: Step) {
  if (!step.prefix) return occ.get(step.lexeme) ?? [];
  return [...occ.entries()].filter(([l]) => l.startsWith(step.lexeme)).flatMap(([, p]) => p);
}

/** Where the phrase occurs: its first position and field for each match. */
export function phraseMatches(occ: Occurrences, steps: Step[]): { position: number; field: 'A' | 'B' }[] {
  const [head, ...rest] = steps;
  if (!head) return [];
  const found: { position: number; field: 'A' | 'B' }[] = [];
  for (const start of positionsOf(occ, head)) {
    let at = start.position;
    const ok = rest.every((step) => {
      at += step.distance;
      return positionsOf(occ, step).some((p) => p.position === at);
    });
    if (ok) found.push(start);
  }
  return found;
}

/** Words of text a passage spans: about a sentence or two, or a table row with its neighbours. */
export const WINDOW_WORDS = 24;

/**
 * The best passage of a chunk: the most question weight held within WINDOW_WORDS words of text
 * (words of the heading count everywhere: a heading frames its whole chunk), as a share of the
 * question's weight. A long chunk that holds the words far apart scores low here.
 */
export function bestWindow(
  held: { weight: number; inHeading: boolean; positions: number[] }[],
  total: number,
): number {
  const framing = held.filter((h) => h.inHeading).reduce((s, h) => s + h.weight, 0);
  const events = held
    .flatMap((h, term) => (h.inHeading ? [] : h.positions.map((position) => ({ position, term }))))
    .sort((a, b) => a.position - b.position);
  let best = 0;
  const count = new Map<number, number>();
  let sum = 0;
  let from = 0;
  for (const event of events) {
    const n = count.get(event.term) ?? 0;
    if (n === 0) sum += held[event.term]!.weight;
    count.set(event.term, n + 1);
    while (event.position - events[from]!.position >= WINDOW_WORDS) {
      const old = events[from++]!;
      const left = count.get(old.term)! - 1;
      count.set(old.term, left);
      if (left === 0) sum -= held[old.term]!.weight;
    }
    best = Math.max(best, sum);
  }
  return Math.min(1, (framing + best) / (total || 1));
}

export type ChunkFields = { headingWords: number; textTokens: number };
export type CorpusFields = { averageHeadingWords: number; averageTextTokens: number };

/** The saturated, field-weighted frequency of one alternative in a chunk: 0 (absent) to 1. */
export function saturatedFrequency(fields: ('A' | 'B')[], chunk: ChunkFields, corpus: CorpusFields): number {
  if (!fields.length) return 0;
  const norm = (b: number, length: number, average: number) => 1 - b + (b * length) / Math.max(average, 1);
  const inHeading = fields.filter((f) => f === 'A').length;
  const inText = fields.length - inHeading;
  const tf =
    (BM25F.heading.weight * inHeading) /
      norm(BM25F.heading.b, chunk.headingWords, corpus.averageHeadingWords) +
    (BM25F.text.weight * inText) / norm(BM25F.text.b, chunk.textTokens, corpus.averageTextTokens);
  return tf / (BM25F.k1 + tf);
}

export type WeighedTerm = { weight: number; alternatives: { steps: Step[] | null; via: Via }[] };

/**
 * A chunk's match of each term: the best alternative's saturated frequency times its factor, and
 * how it matched. The score's two shares: `bm25` (the BM25F score over the best possible) and
 * `coverage` (the weight of the words held at all, by their factor).
 */
export function scoreChunk(
  terms: WeighedTerm[],
  occ: Occurrences,
  chunk: ChunkFields,
  corpus: CorpusFields,
  factor: Record<Via, number>,
) {
  const total = terms.reduce((s, t) => s + t.weight, 0) || 1;
  let bm25 = 0;
  let coverage = 0;
  const held: { weight: number; inHeading: boolean; positions: number[] }[] = [];
  const vias = terms.map((term) => {
    let best: { value: number; held: number; via: Via; at: { position: number; field: 'A' | 'B' }[] } | null =
      null;
    for (const alt of term.alternatives) {
      if (!alt.steps) continue;
      const matches = phraseMatches(occ, alt.steps);
      if (!matches.length) continue;
      const f = factor[alt.via];
      const value =
        f *
        saturatedFrequency(
          matches.map((m) => m.field),
          chunk,
          corpus,
        );
      if (!best || value > best.value) best = { value, held: f, via: alt.via, at: matches };
    }
    if (!best) return null;
    bm25 += term.weight * best.value;
    coverage += term.weight * best.held;
    held.push({
      weight: term.weight * best.held,
      inHeading: best.at.some((m) => m.field === 'A'),
      positions: best.at.filter((m) => m.field === 'B').map((m) => m.position),
    });
    return best.via;
  });
  return { bm25: bm25 / total, coverage: coverage / total, window: bestWindow(held, total), vias };
}
