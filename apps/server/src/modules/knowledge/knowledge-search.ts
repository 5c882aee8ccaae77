import { KNOWLEDGE_CHUNK_TARGET_TOKENS } from '@lantern/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rows } from '../../db/rows';
import {
  lexemesOf,
  phraseSteps,
  scoreChunk,
  type ChunkFields,
  type CorpusFields,
  type Occurrences,
  type Via,
  type WeighedTerm,
} from './bm25f';
import { anyOf, candidateQuery, type Term } from './search-candidates';
import { createTermReader, type TermOptions } from './search-terms';
import {
  calibratedSimilarity,
  coverageFloors,
  SEARCH_CALIBRATION,
  type Calibration,
} from './search-calibration';

/**
 * Lexical ranking: BM25F over the chunks' own term statistics, then a calibrated similarity.
 *
 * Each subject word of the question (query-terms.ts: asking words dropped, school synonyms and
 * WordNet's related words added, English stems) is looked up in the chunk's two fields, its
 * heading path and its text. BM25F adds the field-weighted term frequencies, each normalised by
 * the field's length against the corpus average (a long chunk full of common words gains little),
 * saturates them (k1) and weighs each word by its idf, so "tuition" counts far more than "school".
 * A word counts fully as typed, 0.9 through the school thesaurus or as a number inside a range
 * ("8" in "Years 7 to 11", number-ranges.ts), 0.6 as a longer form of it ("restraint" for
 * "restrain"; search-terms.ts), 0.5 through WordNet. Words the knowledge base never uses weigh half an
 * average word: a question mostly about things the school never wrote about cannot score high.
 *
 * The similarity is P(the chunk answers the question), a logistic calibration (search-calibration.ts,
 * fitted on the development questions of bench/knowledge-eval) of five features: the BM25F score
 * as a share of the question's best possible score, the idf-weighted share of the question's words
 * the chunk holds (coverage), the most of them within a few lines (window), the score relative to
 * the best chunk for this question, and the best chunk's lead over the next (one chunk far ahead
 * answers more often than the first of several alike). So 0.7 means "likely to answer", whatever
 * the corpus.
 *
 * Only chunks that could reach the threshold are read (candidateQuery): the similarity cannot
 * exceed what full coverage of the words a chunk holds would give.
 *
 * (A little over 300 lines: the ranking's steps, candidates, features, calibration and the hybrid
 * merge, share one closure over the remembered corpus statistics; reading the question into terms
 * is search-terms.ts.)
 */
export type TermMatch = { term: string; weight: number; via: Via | null; known: boolean; names: boolean };
export type ScoredChunk = { id: string; similarity: number; terms: TermMatch[] };
export type { Term, Via };

const VIA_FACTOR: Record<Via, number> = {
  exact: 1,
  synonym: 0.9,
  spelling: 0.9,
  range: 0.9,
  prefix: 0.6,
  related: 0.5,
};
const MIN_AVERAGE_HEADING_WORDS = 3;
/** The best passage's part in the ranking score beside BM25F (chosen on the development questions). */
const PASSAGE_SHARE = 0.5;
const MAX_CANDIDATES = 300;
/** Chunks a search expects to read before it narrows to those covering more of the question. */
const CANDIDATE_BUDGET = 150;
/** Chunks a search expects to read of those only a lead over the rest could lift (candidatesFor). */
const LEAD_BUDGET = 30;
/** At most this many of them are read (where words go together, more match than expected). */
const LEAD_READ = 40;

/** The words a headline marked in each chunk, and its runs of marked words side by side. */
export type Highlights = { words: Map<string, string[]>; runs: Map<string, string[]> };
const MARKED = /\[\[\[(.*?)\]\]\]/g;
/**
 * Marked words separated by spaces or hyphens and at most two short unmarked words (the stop words
 * a search skips): 'Student-free days', 'after-school care', 'end of term', 'let you know'.
 */
const MARKED_RUN = /\[\[\[[^\]]*\]\]\](?:[\s\u2010-\u2013-]+(?:[A-Za-z']{1,5}\s+){0,2}\[\[\[[^\]]*\]\]\])+/g;

export type LexicalSearchOptions = TermOptions & { calibration?: Calibration };

type CorpusStats = CorpusFields & { n: number; at: number };
type Candidate = {
  id: string;
  listed: boolean;
  chunkIndex: number;
  priority: number;
  chunk: ChunkFields;
  occ: Occurrences;
};

export function createLexicalSearch(db: Database, options: LexicalSearchOptions = {}) {
  const calibration = options.calibration ?? SEARCH_CALIBRATION;
  // Corpus statistics for idf and length normalisation: remembered until the next write here,
  // and at most a minute (another instance's writes).
  let corpus: CorpusStats | null = null;
  const TTL = 60_000;
  const { terms } = createTermReader(db, options, async () => (await corpusStats()).n);

  async function corpusStats(): Promise<CorpusStats> {
    if (corpus && Date.now() - corpus.at < TTL) return corpus;
    const [row] = await rows<{ n: number; tokens: number; heading: number }>(
      db,
      sql`select count(*)::int as n, coalesce(avg(token_count), 0)::float8 as tokens,
            coalesce(avg(length(heading) - length(replace(heading, ' ', '')) + 1), 0)::float8 as heading
          from knowledge_chunks`,
    );
    // Length is judged against the average chunk, but never against one shorter than half the
    // chunking target: a few dozen one-line manual chunks must not make every real section "long".
    corpus = {
      n: Number(row?.n ?? 0),
      averageTextTokens: Math.max(Number(row?.tokens ?? 0), KNOWLEDGE_CHUNK_TARGET_TOKENS / 2),
      averageHeadingWords: Math.max(Number(row?.heading ?? 0), MIN_AVERAGE_HEADING_WORDS),
      at: Date.now(),
    };
    return corpus;
  }

  /** Chunks holding enough of the question (a candidate tsquery), at most `most` of them. */
  const matching = (query: string, except: string[] = [], most = MAX_CANDIDATES) =>
    sql`(select c.id, c.search_vector, false as listed
        from knowledge_chunks c
        where c.search_vector @@ ${query}::tsquery
          ${except.length ? sql`and c.id not in (select (jsonb_array_elements_text(${JSON.stringify(except)}::jsonb))::uuid)` : sql``}
        limit ${most})`;
  /** These chunks, whatever they hold (hybrid search's vector neighbours). */
  const listed = (ids: string[]) =>
    sql`(select c.id, c.search_vector, true as listed
        from knowledge_chunks c
        where c.id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid))`;

  /** The candidates with the positions of the question's lexemes in each (nothing else is read). */
  async function readCandidates(list: Term[], candidates: SQL): Promise<Candidate[]> {
    const { exact, prefixes } = lexemesOf(list.flatMap((t) => t.alternatives.map((a) => a.query)));
    const found = await rows<{
      id: string;
      listed: boolean;
      chunk_index: number;
      token_count: number;
      heading: string;
      priority: number;
      lexemes: { l: string; p: number[]; w: string[] }[] | null;
    }>(
      db,
      sql`with candidates as materialized (${candidates})
          select c.id, c.listed, k.chunk_index, k.token_count, k.heading, coalesce(d.priority, 0) as priority,
            (select jsonb_agg(jsonb_build_object('l', u.lexeme, 'p', u.positions, 'w', u.weights))
               from unnest(c.search_vector) u
               where u.lexeme = any(${`{${exact.map((l) => JSON.stringify(l)).join(',')}}`}::text[])
                 or u.lexeme like any(${`{${prefixes.map((l) => JSON.stringify(`${l}%`)).join(',')}}`}::text[])
            ) as lexemes
          from candidates c
          join knowledge_chunks k on k.id = c.id
          left join knowledge_documents d on d.id = k.document_id`,
    );
    const seen = new Set<string>();
    const once = found.filter((r) => !seen.has(r.id) && !!seen.add(r.id));
    return once.map((r) => {
      const occ: Occurrences = new Map();
      for (const { l, p, w } of r.lexemes ?? [])
        occ.set(
          l,
          p.map((position, i) => ({ position, field: w[i] === 'A' ? 'A' : 'B' })),
        );
      return {
        id: r.id,
        listed: !!r.listed,
        chunkIndex: Number(r.chunk_index),
        priority: Number(r.priority),
        chunk: {
          textTokens: Number(r.token_count),
          headingWords: r.heading.trim() ? r.heading.trim().split(/\s+/).length : 0,
        },
        occ,
      };
    });
  }

  /**
   * Scores the candidate chunks, best first. Listed chunks all come back (any score); the others
   * only over the threshold, the best `limit` of them.
   */
  async function score(
    list: Term[],
    candidates: SQL,
    opts: { limit: number; threshold: number },
  ): Promise<(ScoredChunk & { listed: boolean })[]> {
    return rank(list, await featuresOf(list, candidates), opts);
  }

  /** Each candidate's ranking features (see search-calibration.ts), in no particular order. */
  async function featuresOf(list: Term[], candidates: SQL) {
    const stats = await corpusStats();
    const weighed: WeighedTerm[] = list.map((t) => ({
      weight: t.weight,
      alternatives: t.alternatives.map((a) => ({ steps: phraseSteps(a.query), via: a.via })),
    }));
    const read = await readCandidates(list, candidates);
    const scored = read.map((c) => ({ c, ...scoreChunk(weighed, c.occ, c.chunk, stats, VIA_FACTOR) }));
    // Ranked by BM25F and the best passage together: a chunk holding the words in one place wins.
    const base = (s: { bm25: number; window: number }) => s.bm25 + PASSAGE_SHARE * s.window;
    const bases = scored.map(base).sort((a, b) => b - a);
    const [best = 0, runnerUp = 0] = bases;
    const top = scored.find((s) => best > 0 && base(s) === best);
    return scored.map((s) => ({
      ...s,
      relative: best > 0 ? base(s) / best : 0,
      lead: s === top ? 1 - runnerUp / best : 0,
    }));
  }

  function rank(
    list: Term[],
    scored: Awaited<ReturnType<typeof featuresOf>>,
    opts: { limit: number; threshold: number },
  ): (ScoredChunk & { listed: boolean })[] {
    const total = list.reduce((s, t) => s + t.weight, 0) || 1;
    return scored
      .map((s) => ({
        id: s.c.id,
        listed: s.c.listed,
        priority: s.c.priority,
        chunkIndex: s.c.chunkIndex,
        similarity: calibratedSimilarity(s, calibration),
        terms: list.map((t, i) => ({
          term: t.word,
          weight: Math.round((t.weight / total) * 1000) / 1000,
          via: s.vias[i] ?? null,
          known: t.known,
          names: t.names,
        })),
      }))
      .filter((s) => s.listed || s.similarity >= opts.threshold)
      .sort((a, b) => b.similarity - a.similarity || b.priority - a.priority || a.chunkIndex - b.chunkIndex)
      .filter((s, _, all) => s.listed || all.filter((o) => !o.listed).indexOf(s) < opts.limit)
      .map(({ id, listed: isListed, similarity, terms: matched }) => ({
        id,
        listed: isListed,
        similarity,
        terms: matched,
      }));
  }

  /**
   * The candidate tsqueries for a threshold: `narrow` reads a few hundred chunks at most (a question
   * of common words matches much of a large knowledge base, so the chunks covering more of it are
   * searched first: a higher floor); `full` is the threshold's own floor, searched when `narrow`
   * finds nothing (null when `narrow` read it all). `narrow` adds the few chunks covering most of
   * the question that only a lead over the rest could lift to the threshold (LEAD_BUDGET: where
   * many chunks hold that much of the question, the best of them leads by little).
   */
  async function candidatesFor(list: Term[], threshold: number) {
    const { n } = await corpusStats();
    const floors = coverageFloors(threshold, calibration);
    const narrowest = (from: number, budget: number) => {
      let narrowed = candidateQuery(list, from, n);
      for (let floor = from + 0.05; narrowed && narrowed.estimate > budget && floor < 1.04; floor += 0.05) {
        const next = candidateQuery(list, Math.min(1, floor), n);
        if (!next) break;
        narrowed = next;
      }
      return narrowed;
    };
    const narrowed = narrowest(floors.plain, CANDIDATE_BUDGET);
    const full = candidateQuery(list, floors.plain, n);
    const leaders = floors.lead < floors.plain ? narrowest(floors.lead, LEAD_BUDGET) : null;
    if (!narrowed && !leaders) return null;
    // `full` reads the rest of the plain floor's chunks, after `narrow` answered nothing: the chunks
    // only a lead could lift were read already, and more chunks read only shorten a lead.
    return {
      narrow: narrowed?.query ?? null,
      leaders: leaders?.query ?? null,
      full: full && full.query !== narrowed?.query ? full.query : null,
    };
  }

  const plain = (found: (ScoredChunk & { listed: boolean })[]): ScoredChunk[] =>
    found.map(({ id, similarity, terms: matched }) => ({ id, similarity, terms: matched }));

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
    // The neighbours, the narrow candidates and at most LEAD_READ possible leaders (a chunk in two of
    // these is read once: readCandidates).
    const first = [
      near,
      candidates.narrow ? matching(candidates.narrow, opts.ids) : null,
      candidates.leaders ? matching(candidates.leaders, opts.ids, LEAD_READ) : null,
    ].filter((part): part is SQL => !!part);
    const found = split(await score(list, sql.join(first, sql` union all `), opts));
    if (found.others.length > 0 || !candidates.full) return found;
    const others = plain(await score(list, matching(candidates.full, opts.ids), opts));
    return { listed: found.listed, others };
  }

  return {
    /** The question's subject words, weighed: compute once, search with it as often as needed. */
    prepare: terms,

    searchWith,

    /**
     * Every chunk holding words worth `floor` of the question, with its raw ranking features and
     * text: for fitting the calibration (bench/knowledge-eval/calibrate.ts) and diagnosis.
     */
    async explain(query: string, floor: number) {
      const list = await terms(query);
      const { n } = await corpusStats();
      const candidates = candidateQuery(list, floor, n);
      if (!candidates) return [];
      const scored = await featuresOf(list, matching(candidates.query));
      return scored.map((s) => ({
        id: s.c.id,
        bm25: s.bm25,
        coverage: s.coverage,
        relative: s.relative,
        window: s.window,
        lead: s.lead,
      }));
    },

    /**
     * The words of each chunk's text that matched the question, as written there (PostgreSQL's
     * own headline marks them), for staff to see why a chunk was found; and the runs of marked
     * words side by side ('Student-free days'), where a phrase the question was bridged to stands.
     */
    async highlights(list: Term[], ids: string[]): Promise<Highlights> {
      const none: Highlights = { words: new Map(), runs: new Map() };
      if (!ids.length) return none;
      const any = anyOf(list.map((t) => t.combined));
      if (!any) return none;
      const found = await rows<{ id: string; marked: string }>(
        db,
        sql`select id, ts_headline('english'::regconfig, chunk_text, ${any}::tsquery,
              'StartSel=[[[, StopSel=]]], HighlightAll=true') as marked
            from knowledge_chunks
            where id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid)`,
      );
      const unmark = (run: string) => run.replace(/\[\[\[|\]\]\]/g, '');
      const all = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[0]);
      return {
        words: new Map(found.map((r) => [r.id, [...new Set(all(r.marked, MARKED).map(unmark))]])),
        runs: new Map(found.map((r) => [r.id, [...new Set(all(r.marked, MARKED_RUN).map(unmark))]])),
      };
    },

    /**
     * For each chunk, the words of its highlights that matched each term (in the terms' order): a
     * highlighted word belongs to a term when its lexeme is one of the term's one-word wordings (or
     * starts with a prefix wording); a phrase wording ('student-free day') is matched by a run of
     * marked words holding all of it ('Student-free days'), never by one of its words alone
     * ('students'). One read of the highlighted words' lexemes, whatever the chunks.
     */
    async wordsOfTerms(list: Term[], highlighted: Highlights): Promise<Map<string, string[][]>> {
      const unique = [...new Set([...highlighted.words.values(), ...highlighted.runs.values()].flat())];
      if (!unique.length) return new Map();
      const found = await rows<{ w: string; l: string[] }>(
        db,
        sql`select w, tsvector_to_array(to_tsvector('english'::regconfig, w)) as l
            from jsonb_array_elements_text(${JSON.stringify(unique)}::jsonb) as w`,
      );
      const lexemes = new Map(found.map((r) => [r.w, r.l]));
      // A hyphenated word's whole lexeme ('student-fre') is left out: the headline marks its parts.
      const wordings = list.map((t) =>
        t.alternatives
          .filter((a) => a.via !== 'range')
          .map((a) => lexemesOf([a.query]))
          .map(({ exact, prefixes }) => ({ exact: exact.filter((l) => !l.includes('-')), prefixes })),
      );
      const holds = (w: string, { exact, prefixes }: { exact: string[]; prefixes: string[] }) =>
        (lexemes.get(w) ?? []).some((l) => exact.includes(l) || prefixes.some((p) => l.startsWith(p)));
      const holdsAll = (w: string, { exact }: { exact: string[] }) =>
        exact.every((l) => (lexemes.get(w) ?? []).includes(l));
      const isPhrase = (o: { exact: string[]; prefixes: string[] }) => o.exact.length + o.prefixes.length > 1;
      return new Map(
        [...highlighted.words].map(([id, words]) => {
          const runs = highlighted.runs.get(id) ?? [];
          return [
            id,
            wordings.map((own) => [
              ...new Set([
                ...words.filter((w) => own.some((o) => !isPhrase(o) && holds(w, o))),
                ...runs.filter((r) => own.some((o) => isPhrase(o) && o.exact.length > 0 && holdsAll(r, o))),
              ]),
            ]),
          ];
        }),
      );
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
        .map((r) => ({ id: r.id, similarity: Number(r.similarity), terms: [] }))
        .filter((r) => r.similarity >= opts.threshold)
        .slice(0, opts.limit);
    },

    /** Forget the remembered corpus statistics (after this instance changed chunks). */
    invalidate() {
      corpus = null;
    },
  };
}

export type LexicalSearch = ReturnType<typeof createLexicalSearch>;
