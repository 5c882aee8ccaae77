import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { analyseQuery, type QueryGroup } from './query-terms';

/**
 * Lexical ranking with a score that means something on its own (0..1), so the 0.7 threshold is
 * stable across corpora:
 *
 *   similarity = coverage × (0.8 + 0.2 × relevance)
 *
 * coverage: the share of the question's subject words (query-terms.ts: asking words dropped,
 * school synonyms added, English stems) found in the chunk, each word weighted by how rare it is in
 * the knowledge base (BM25's idf), so "tuition" counts far more than "school". A word counts fully
 * as typed, 0.9 through a synonym, 0.6 as a prefix of a longer stem ("math" in "mathematics").
 * Words the knowledge base never uses weigh half an average word: they cannot tell chunks
 * apart, but a question mostly about things the school never wrote about should not score high.
 * relevance: the idf-weighted term frequency with length normalisation (ts_rank, heading words
 * above body words), relative to the best of the chunks whose coverage reaches the threshold (only
 * those are ranked, as similarity <= coverage): it orders chunks that cover the question alike.
 * So a chunk holding all the question's informative words scores 0.8 to 1, one that misses a rare
 * word falls under 0.7, one sharing a common word or two stays well under it.
 *
 * Only chunks that could reach the threshold are read (candidateQuery).
 */
export type ScoredChunk = { id: string; similarity: number };

/** One subject word: its tsqueries as typed, through synonyms, as a prefix, and all together. */
export type Term = {
  exact: string | null;
  synonyms: string | null;
  prefix: string | null;
  combined: string;
  df: number;
  /** At most this many chunks hold the term (the sum over its stems): for estimating reads. */
  upper: number;
  weight: number;
};

const RELEVANCE_SHARE = 0.2;
const UNKNOWN_WORD_WEIGHT = 0.5;
const MAX_CANDIDATES = 500;
const MAX_CANDIDATE_SETS = 64;
/** Chunks a search expects to read before it narrows to those covering more of the question. */
const CANDIDATE_BUDGET = 300;

const rows = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** A single-stem tsquery ('tutor') as a prefix query ('tutor':*), for stems of 4 letters or more. */
const prefixOf = (q: string | null) => (q && /^'[a-z0-9]{4,}'$/.test(q) ? `${q}:*` : null);
const anyOf = (queries: (string | null)[]) => {
  const present = [...new Set(queries.filter((q): q is string => !!q))];
  return present.length ? present.map((q) => `(${q})`).join(' | ') : null;
};

export function createLexicalSearch(db: Database) {
  // The number of chunks, for idf: remembered until the next write here, and at most a minute
  // (another instance's writes).
  let corpus: { n: number; at: number } | null = null;
  const TTL = 60_000;

  /** Each group's alternatives as tsquery text, stemmed by PostgreSQL in one round trip. */
  async function tsqueries(groups: QueryGroup[]): Promise<Omit<Term, 'df' | 'upper' | 'weight'>[]> {
    const items = groups.flatMap((g, gi) => g.alternatives.map((text, ai) => ({ g: gi, a: ai, text })));
    const found = await rows<{ g: number; a: number; q: string }>(
      db,
      sql`select (x->>'g')::int as g, (x->>'a')::int as a,
            phraseto_tsquery('english'::regconfig, x->>'text')::text as q
          from jsonb_array_elements(${JSON.stringify(items)}::jsonb) as x`,
    );
    return groups.flatMap((_, gi) => {
      const mine = found.filter((f) => f.g === gi && f.q);
      const exact = mine.find((f) => f.a === 0)?.q ?? null;
      const synonyms = anyOf(mine.filter((f) => f.a > 0 && f.q !== exact).map((f) => f.q));
      const prefix = prefixOf(exact);
      const combined = anyOf([exact, synonyms, prefix]);
      return combined ? [{ exact, synonyms, prefix, combined }] : [];
    });
  }

  async function corpusSize(): Promise<number> {
    if (corpus && Date.now() - corpus.at < TTL) return corpus.n;
    const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from knowledge_chunks`);
    corpus = { n: row?.n ?? 0, at: Date.now() };
    return corpus.n;
  }

  /**
   * Chunks holding each term, from the stem counts the triggers keep (knowledge_terms): for a term
   * with synonyms or a prefix, its most frequent stem's count (a lower bound, close enough for
   * weighing words, and read in one query instead of counting matches).
   */
  async function documentFrequencies(queries: string[], n: number): Promise<{ df: number; upper: number }[]> {
    const stems = queries.flatMap((query, i) => {
      const found = [...query.matchAll(/'((?:[^']|'')*)'(:\*)?/g)].map((m) => ({
        l: m[1]!.replace(/''/g, "'"),
        p: !!m[2],
      }));
      const prefixes = new Set(found.filter((f) => f.p).map((f) => f.l));
      const unique = new Map(found.filter((f) => f.p || !prefixes.has(f.l)).map((f) => [`${f.l}:${f.p}`, f]));
      return [...unique.values()].map((f) => ({ i, ...f }));
    });
    const counted = await rows<{ i: number; df: number; upper: number }>(
      db,
      sql`with stems as (
            select (x->>'i')::int as i, x->>'l' as l, (x->>'p')::boolean as p
            from jsonb_array_elements(${JSON.stringify(stems)}::jsonb) as x
          )
          select i, max(df)::int as df, sum(df)::int as upper from (
            select s.i, t.df from stems s join knowledge_terms t on t.lexeme = s.l where not s.p
            union all
            select s.i, t.df from stems s join knowledge_terms t
              on t.lexeme collate "C" >= s.l collate "C" and t.lexeme collate "C" < (s.l || chr(1114111)) collate "C"
            where s.p
          ) matched group by i`,
    );
    const byTerm = new Map(counted.map((c) => [Number(c.i), c]));
    return queries.map((_, i) => ({
      df: Math.min(n, Number(byTerm.get(i)?.df ?? 0)),
      upper: Math.min(n, Number(byTerm.get(i)?.upper ?? 0)),
    }));
  }

  async function terms(query: string): Promise<Term[]> {
    const parsed = await tsqueries(analyseQuery(query));
    const unique = [...new Map(parsed.map((t) => [t.combined, t])).values()];
    const n = await corpusSize();
    const frequencies = await documentFrequencies(
      unique.map((t) => t.combined),
      n,
    );
    const found = unique.map((t, i) => ({ ...t, ...frequencies[i]! }));
    const known = found.filter((t) => t.df > 0);
    const idf = (df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
    const average = known.length ? known.reduce((s, t) => s + idf(t.df), 0) / known.length : 1;
    return found.map((t) => ({ ...t, weight: t.df > 0 ? idf(t.df) : average * UNKNOWN_WORD_WEIGHT }));
  }

  /**
   * Which chunks can reach the threshold, as one tsquery for the GIN index: a chunk must hold a
   * set of the question's words worth the threshold's share of its weight, so the query is the OR
   * of every minimal such set, each an AND ("tuition & middl | tuition & school & fee"). Exact
   * pruning (WAND-style): no chunk over the threshold is left out, and few others are read.
   * With too many sets (a long question, a low threshold), the OR of the words that every set
   * must draw on is used instead: still exact, less narrow.
   */
  function candidateQuery(
    list: Term[],
    threshold: number,
    n: number,
  ): { query: string; estimate: number } | null {
    const total = list.reduce((s, t) => s + t.weight, 0);
    // Chunks expected to match, taking words as independent: enough to choose how narrow to search.
    const expected = (set: Term[]) => set.reduce((p, t) => p * (t.upper / Math.max(n, 1)), n);
    const need = threshold * total - 1e-9;
    const known = list.filter((t) => t.df > 0).sort((a, b) => b.weight - a.weight);
    const sets: Term[][] = [];
    const walk = (from: number, chosen: Term[], sum: number): boolean => {
      if (sum >= need) {
        sets.push(chosen); // minimal: terms come in falling weight, so the last one was needed
        return sets.length <= MAX_CANDIDATE_SETS;
      }
      let rest = 0;
      for (let i = from; i < known.length; i++) rest += known[i]!.weight;
      if (sum + rest < need) return true; // this branch cannot reach the threshold
      for (let i = from; i < known.length; i++)
        if (!walk(i + 1, [...chosen, known[i]!], sum + known[i]!.weight)) return false;
      return true;
    };
    if (known.length <= 12 && walk(0, [], 0)) {
      if (!sets.length) return null;
      return {
        query: sets.map((set) => `(${set.map((t) => `(${t.combined})`).join(' & ')})`).join(' | '),
        estimate: sets.reduce((sum, set) => sum + expected(set), 0),
      };
    }
    const words = selective(list, threshold);
    const query = anyOf(words.map((t) => t.combined));
    return query ? { query, estimate: words.reduce((sum, t) => sum + t.upper, 0) } : null;
  }

  /** Chunks holding enough of the question (a candidate tsquery), at most MAX_CANDIDATES of them. */
  const matching = (query: string, except: string[] = []) =>
    sql`(select c.id, c.search_vector || ''::tsvector as search_vector, c.document_id, c.chunk_index,
          false as listed
        from knowledge_chunks c
        where c.search_vector @@ ${query}::tsquery
          ${except.length ? sql`and c.id not in (select (jsonb_array_elements_text(${JSON.stringify(except)}::jsonb))::uuid)` : sql``}
        limit ${MAX_CANDIDATES})`;
  /** These chunks, whatever they hold (hybrid search's vector neighbours). */
  const listed = (ids: string[]) =>
    sql`(select c.id, c.search_vector || ''::tsvector as search_vector, c.document_id, c.chunk_index,
          true as listed
        from knowledge_chunks c
        where c.id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid))`;

  /**
   * Scores the candidate chunks: coverage and relevance, best first. Listed chunks all come back
   * (any score); the others only over the threshold, the best `limit` of them.
   */
  async function score(
    list: Term[],
    candidates: SQL,
    opts: { limit: number; threshold: number },
  ): Promise<(ScoredChunk & { listed: boolean })[]> {
    const total = list.reduce((s, t) => s + t.weight, 0);
    // Neighbouring subject words as a phrase ("middle <-> school"): chunks that keep them together
    // rank higher. Phrases add to relevance only (no e/s/p: they cover nothing).
    const phrases = list.slice(1).flatMap((t, i) => {
      const before = list[i]!;
      return before.exact && t.exact
        ? [{ c: `(${before.exact}) <-> (${t.exact})`, w: (before.weight + t.weight) / total }]
        : [];
    });
    // One JSON parameter (both drivers pass it alike), parsed into tsqueries once.
    const weighted = JSON.stringify([
      ...list.map((t) => ({ e: t.exact, s: t.synonyms, p: t.prefix, c: t.combined, w: t.weight / total })),
      ...phrases,
    ]);
    const query = sql`with terms as (
            select (x->>'w')::float8 as w, (x->>'e')::tsquery as e, (x->>'s')::tsquery as s,
              (x->>'p')::tsquery as p, (x->>'c')::tsquery as c
            from jsonb_array_elements(${weighted}::jsonb) as x
          ), candidates as materialized (
            -- Read (detoast) each chunk's search vector once, not once per word and test.
            ${candidates}
          ), covered as (
            select c.id, c.listed, sum(t.w * greatest(
                case when c.search_vector @@ t.e then 1 else 0 end,
                case when c.search_vector @@ t.s then 0.9 else 0 end,
                case when c.search_vector @@ t.p then 0.6 else 0 end)) as coverage
            from candidates c cross join terms t
            group by c.id, c.listed
          ), scored as (
            -- similarity <= coverage: only chunks that can reach the threshold are ranked.
            select c.id, c.document_id, c.chunk_index, c.listed, v.coverage,
              sum(t.w * ts_rank('{0.1, 0.2, 0.4, 1.0}', c.search_vector, t.c, 1)) as relevance
            from covered v join candidates c on c.id = v.id cross join terms t
            where v.listed or v.coverage >= ${opts.threshold}
            group by c.id, c.document_id, c.chunk_index, c.listed, v.coverage
          ), ranked as (
            select s.*, s.coverage * (${1 - RELEVANCE_SHARE}
              + ${RELEVANCE_SHARE} * coalesce(s.relevance / nullif(max(s.relevance) over (), 0), 0)) as similarity
            from scored s
          ), ordered as (
            select r.id, r.listed, r.similarity, coalesce(d.priority, 0) as priority, r.chunk_index,
              row_number() over (partition by r.listed
                order by r.similarity desc, coalesce(d.priority, 0) desc, r.chunk_index) as place
            from ranked r left join knowledge_documents d on d.id = r.document_id
            where r.listed or r.similarity >= ${opts.threshold}
          )
          select o.id, o.similarity::float8 as similarity, o.listed
          from ordered o
          where o.listed or o.place <= ${opts.limit}
          order by o.similarity desc, o.priority desc, o.chunk_index`;
    const found = await rows<{ id: string; similarity: number; listed: boolean }>(db, query);
    return found.map((r) => ({ id: r.id, similarity: Number(r.similarity), listed: !!r.listed }));
  }

  /**
   * The candidate tsqueries for a threshold: `narrow` reads a few hundred chunks at most (a question
   * of common words matches much of a large knowledge base, so the chunks covering more of it are
   * searched first: a higher candidate threshold); `full` is the threshold's own, searched when
   * `narrow` finds nothing.
   */
  async function candidatesFor(list: Term[], threshold: number) {
    const n = await corpusSize();
    let narrowed = candidateQuery(list, threshold, n);
    for (
      let floor = threshold + 0.05;
      narrowed && narrowed.estimate > CANDIDATE_BUDGET && floor < 1.04;
      floor += 0.05
    ) {
      const next = candidateQuery(list, Math.min(1, floor), n);
      if (!next) break;
      narrowed = next;
    }
    const full = candidateQuery(list, threshold, n);
    return narrowed && full ? { narrow: narrowed.query, full: full.query } : null;
  }

  const plain = (found: (ScoredChunk & { listed: boolean })[]): ScoredChunk[] =>
    found.map(({ id, similarity }) => ({ id, similarity }));

  /** The rarest words whose absence alone would keep a chunk under the threshold. */
  function selective(list: Term[], threshold: number): Term[] {
    const total = list.reduce((s, t) => s + t.weight, 0);
    const byRarity = [...list].filter((t) => t.df > 0).sort((a, b) => b.weight - a.weight);
    const chosen: Term[] = [];
    let rest = byRarity.reduce((s, t) => s + t.weight, 0);
    for (const term of byRarity) {
      if (rest < threshold * total) break;
      chosen.push(term);
      rest -= term.weight;
    }
    return chosen;
  }

  /**
   * Hybrid search's lexical half in one pass (and, with no ids, the lexical search): every listed
   * chunk (the vector neighbours) with its score, and the best `limit` others over the threshold.
   */
  async function searchWith(
    list: Term[],
    opts: { ids: string[]; limit: number; threshold: number },
  ): Promise<{ listed: ScoredChunk[]; others: ScoredChunk[] }> {
    const split = (found: (ScoredChunk & { listed: boolean })[]) => ({
      listed: plain(found.filter((h) => h.listed)),
      others: plain(found.filter((h) => !h.listed)),
    });
    if (!list.length || list.every((t) => t.weight === 0)) return { listed: [], others: [] };
    const candidates = await candidatesFor(list, opts.threshold);
    const near = opts.ids.length ? listed(opts.ids) : null;
    if (!candidates) return near ? split(await score(list, near, opts)) : { listed: [], others: [] };
    const both = (query: string) =>
      near ? sql`${near} union all ${matching(query, opts.ids)}` : matching(query);
    const found = split(await score(list, both(candidates.narrow), opts));
    if (found.others.length > 0 || candidates.narrow === candidates.full) return found;
    const others = plain(await score(list, matching(candidates.full, opts.ids), opts));
    return { listed: found.listed, others };
  }

  return {
    /** The question's subject words, weighed: compute once, search with it as often as needed. */
    prepare: terms,

    /** Best chunks over the threshold, best first (ties: the document's priority, then order). */
    async search(query: string, opts: { limit: number; threshold: number }): Promise<ScoredChunk[]> {
      return (await searchWith(await terms(query), { ...opts, ids: [] })).others;
    },

    searchWith,

    /**
     * Short queries with no lexical hit (a typo: "tution"): trigram word similarity, which is
     * already 0..1 (1 = the words appear as typed).
     */
    async searchTrigram(query: string, opts: { limit: number; threshold: number }): Promise<ScoredChunk[]> {
      const found = await rows<{ id: string; similarity: number }>(
        db,
        sql`select id, word_similarity(${query}, chunk_text)::float8 as similarity
            from knowledge_chunks
            where ${query} <% chunk_text
            order by similarity desc, chunk_index
            limit ${opts.limit * 4}`,
      );
      return found
        .map((r) => ({ id: r.id, similarity: Number(r.similarity) }))
        .filter((r) => r.similarity >= opts.threshold)
        .slice(0, opts.limit);
    },

    /** Forget the remembered chunk count (after this instance changed chunks). */
    invalidate() {
      corpus = null;
    },
  };
}

export type LexicalSearch = ReturnType<typeof createLexicalSearch>;
