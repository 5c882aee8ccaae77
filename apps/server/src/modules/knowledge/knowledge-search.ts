import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Lexical ranking with a score that means something on its own (0..1), so the 0.7 threshold is
 * stable across corpora:
 *
 *   similarity = coverage × (0.9 + 0.1 × density)
 *
 * coverage: the share of the question's words (English stems, stop words dropped) found in the
 * chunk, each word weighted by how rare it is in the knowledge base (BM25's idf), so "tuition" in
 * "what is the tuition for grade 3" counts far more than "grade". density: PostgreSQL's cover
 * density rank (ts_rank_cd, heading words weighted above body words) squashed to 0..1: words near
 * each other and in the heading lift a chunk a little. So the score is about the share of the
 * question found: a chunk holding all its informative words scores 0.9 and up, one that misses
 * a rare word falls near 0.7, one sharing a common word or two stays well under it. Words of
 * asking ("how much", "tell me", "please") are not part of the question's subject and are dropped.
 *
 * Only chunks that could reach the threshold are read: the rarest words are searched through the
 * GIN index until the words left out could not lift a chunk to the threshold on their own.
 */
export type ScoredChunk = { id: string; similarity: number };

type Term = { lexeme: string; df: number; weight: number };

const DENSITY_SHARE = 0.1;
/** Stems of asking, not of the subject (English stop words are already gone). */
const ASKING = new Set([
  'much',
  'mani',
  'often',
  'tell',
  'know',
  'want',
  'pleas',
  'wonder',
  'ask',
  'hi',
  'hello',
  'thank',
  'let',
  'anyon',
  'someon',
]);
const MAX_CANDIDATES = 2000;

const rows = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** tsquery text of one stem, quoted so any character in it is literal. */
const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

export function createLexicalSearch(db: Database) {
  // Document frequencies change only when chunks do: remembered until the next write here,
  // and at most a minute (another instance's writes).
  const dfCache = new Map<string, { df: number; at: number }>();
  let corpus: { n: number; at: number } | null = null;
  const TTL = 60_000;

  async function stems(query: string): Promise<string[]> {
    const [row] = await rows<{ stems: string[] | null }>(
      db,
      sql`select tsvector_to_array(to_tsvector('english'::regconfig, ${query})) as stems`,
    );
    const subject = (row?.stems ?? []).filter((stem) => !ASKING.has(stem));
    return (subject.length ? subject : (row?.stems ?? [])).slice(0, 32);
  }

  async function corpusSize(): Promise<number> {
    if (corpus && Date.now() - corpus.at < TTL) return corpus.n;
    const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from knowledge_chunks`);
    corpus = { n: row?.n ?? 0, at: Date.now() };
    return corpus.n;
  }

  async function documentFrequency(lexeme: string): Promise<number> {
    const hit = dfCache.get(lexeme);
    if (hit && Date.now() - hit.at < TTL) return hit.df;
    const [row] = await rows<{ df: number }>(
      db,
      sql`select count(*)::int as df from knowledge_chunks where search_vector @@ ${quoted(lexeme)}::tsquery`,
    );
    dfCache.set(lexeme, { df: row?.df ?? 0, at: Date.now() });
    if (dfCache.size > 20_000) dfCache.clear();
    return row?.df ?? 0;
  }

  async function terms(query: string): Promise<Term[]> {
    const lexemes = await stems(query);
    const n = await corpusSize();
    const found = await Promise.all(
      lexemes.map(async (lexeme) => ({ lexeme, df: await documentFrequency(lexeme) })),
    );
    const known = found.filter((t) => t.df > 0);
    const idf = (df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
    const average = known.length ? known.reduce((s, t) => s + idf(t.df), 0) / known.length : 1;
    // A word found nowhere (a typo, a topic the school never wrote about) counts a third of an
    // average word: enough that a question about horse riding does not match every chunk on 'offer'.
    return found.map((t) => ({ ...t, weight: t.df > 0 ? idf(t.df) : average / 3 }));
  }

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

  return {
    /** Best chunks over the threshold, best first (ties: the document's priority, then order). */
    async search(query: string, opts: { limit: number; threshold: number }): Promise<ScoredChunk[]> {
      const list = await terms(query);
      const total = list.reduce((s, t) => s + t.weight, 0);
      const wanted = selective(list, opts.threshold);
      if (!list.length || !wanted.length || total === 0) return [];
      const anyOf = wanted.map((t) => quoted(t.lexeme)).join(' | ');
      const every = list.map((t) => quoted(t.lexeme)).join(' | ');
      // One JSON parameter (both drivers pass it alike): [{ q: tsquery text, w: share of the weight }].
      const weighted = JSON.stringify(list.map((t) => ({ q: quoted(t.lexeme), w: t.weight / total })));
      const found = await rows<{ id: string; similarity: number }>(
        db,
        sql`with candidates as (
              select c.id, c.search_vector, c.document_id, c.chunk_index
              from knowledge_chunks c
              where c.search_vector @@ ${anyOf}::tsquery
              limit ${MAX_CANDIDATES}
            ), scored as (
              select c.id, c.document_id, c.chunk_index,
                (select coalesce(sum((t.x->>'w')::float8), 0) from jsonb_array_elements(${weighted}::jsonb) as t(x)
                  where c.search_vector @@ (t.x->>'q')::tsquery) as coverage,
                ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', c.search_vector, ${every}::tsquery, 32) as density
              from candidates c
            )
            select s.id, (s.coverage * (${1 - DENSITY_SHARE} + ${DENSITY_SHARE} * s.density))::float8 as similarity
            from scored s left join knowledge_documents d on d.id = s.document_id
            where s.coverage * (${1 - DENSITY_SHARE} + ${DENSITY_SHARE} * s.density) >= ${opts.threshold}
            order by similarity desc, coalesce(d.priority, 0) desc, s.chunk_index
            limit ${opts.limit}`,
      );
      return found.map((r) => ({ id: r.id, similarity: Number(r.similarity) }));
    },

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

    /** Forget remembered word counts (after this instance changed chunks). */
    invalidate() {
      dfCache.clear();
      corpus = null;
    },
  };
}

export type LexicalSearch = ReturnType<typeof createLexicalSearch>;
