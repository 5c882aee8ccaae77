import type { Database } from '../../db/client';
import { rows } from '../../db/rows';
import { sql } from 'drizzle-orm';
import { phraseSteps, type Via } from './bm25f';
import { rangedNumber, rangeQueriesHolding } from './number-ranges';
import { analyseQuery, isMisspeltFiller, type QueryGroup, type RelatedWordsOf } from './query-terms';
import { anyOf, prefixOf, type Term } from './search-candidates';
import { bestCorrection, isCorrectable, oneEditAway } from './spelling';

/**
 * A question as weighed search terms: its subject words (query-terms.ts), each with its other
 * wordings as PostgreSQL tsqueries (as typed, school synonyms, a prefix, WordNet's related words,
 * a spelling correction, the ranges around a number), how many chunks hold it, and its idf
 * weight. Words the knowledge base never uses weigh half an average word (UNKNOWN_WORD_WEIGHT): a
 * question mostly about things the school never wrote about cannot score high.
 */

const UNKNOWN_WORD_WEIGHT = 0.5;

/** The wordings of an OR of tsqueries ('(a) | (b <-> c)'): split where no parenthesis is open. */
export function wordingsOf(query: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < query.length; i++) {
    const c = query[i];
    if (c === "'") i = query.indexOf("'", i + 1) === -1 ? query.length : skipQuoted(query, i);
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      out.push(query.slice(from, i).trim());
      from = i + 1;
    }
  }
  out.push(query.slice(from).trim());
  return out.filter(Boolean);
}

/** The stems of one wording ('after-school' <-> 'care', 'math':*), each once. */
function stemsOfWording(wording: string): { l: string; p: boolean }[] {
  const found = [...wording.matchAll(/'((?:[^']|'')*)'(:\*)?/g)].map((m) => ({
    l: m[1]!.replace(/''/g, "'"),
    p: !!m[2],
  }));
  return [...new Map(found.map((f) => [`${f.l}:${f.p}`, f])).values()];
}

/** The index of the quote closing the lexeme opened at `open` ('' inside a lexeme is a quote). */
function skipQuoted(query: string, open: number): number {
  for (let i = open + 1; i < query.length; i++)
    if (query[i] === "'") {
      if (query[i + 1] === "'") i++;
      else return i;
    }
  return query.length;
}

export type TermOptions = {
  /** Other words for a question's word from a general lexicon (WordNet); none when absent. */
  relatedOf?: RelatedWordsOf;
  /** The school-vocabulary synonyms of query-terms.ts (on unless turned off, for evaluation). */
  schoolThesaurus?: boolean;
  /** Whether a word is English (WordNet): only other words are taken for misspellings (spelling.ts). */
  isEnglishWord?: (word: string) => boolean;
  /** Whether a word names a thing rather than an action or a quality (WordNet); every word when absent. */
  namesThing?: (word: string) => boolean;
  /** The word as the other of noun and adjective (WordNet: 'dyslexic' -> 'dyslexia'); none when absent. */
  formsOf?: (word: string) => string[];
};

/** At most this many longer forms of a word are searched for its prefix wording. */
const MAX_FORMS = 8;
/**
 * What a longer stem may add to a word's stem and still be a form of it: a comparative ('higher'),
 * a participle ('given'), a plural ('children'), a derivation ('restraint', 'placement',
 * 'admission'); a doubled last letter first ('swimmer').
 */
const FORM_ENDING = /^(?:er|est|n|ren|t|ment|ion|ation|al|ic|ical|ian|ist|iti|olog|i|ship)$/;

/** Whether a longer stem is a form of a word's stem ('restrain' -> 'restraint'), not another word ('prom' -> 'promis'). */
export function isFormOf(stem: string, longer: string): boolean {
  if (!longer.startsWith(stem)) return false;
  const rest = longer.slice(stem.length);
  return FORM_ENDING.test(rest) || (rest[0] === stem.at(-1) && FORM_ENDING.test(rest.slice(1)));
}

/** The words of a phrase as PostgreSQL's parser splits them ('after-school' is one). */
const wordCount = (text: string) => text.split(/[\s_]+/).filter(Boolean).length;

/** Reads questions into terms; `chunkCount` is the knowledge base's size (for idf). */
export function createTermReader(db: Database, options: TermOptions, chunkCount: () => Promise<number>) {
  /** Each group's alternatives as tsquery text, stemmed by PostgreSQL in one round trip. */
  async function tsqueries(groups: QueryGroup[]) {
    const items = groups.flatMap((g, gi) => [
      ...g.alternatives.map((text, ai) => ({ g: gi, v: ai === 0 ? 'exact' : 'synonym', text })),
      ...g.related.map((text) => ({ g: gi, v: 'related', text })),
      // The other country's spelling, when English has it ('color', not a made-up 'aftre').
      ...(g.spellings ?? [])
        .filter((text) => options.isEnglishWord?.(text) ?? true)
        .map((text) => ({ g: gi, v: 'spelling-variant', text })),
    ]);
    const found = await rows<{ g: number; v: Via | 'spelling-variant'; q: string; text: string }>(
      db,
      sql`select (x->>'g')::int as g, x->>'v' as v, x->>'text' as text,
            phraseto_tsquery('english'::regconfig, x->>'text')::text as q
          from jsonb_array_elements(${JSON.stringify(items)}::jsonb) as x`,
    );
    return groups.flatMap((group, gi) => {
      const mine = found.filter((f) => f.g === gi && f.q);
      const exact = mine.find((f) => f.v === 'exact')?.q ?? null;
      const alternatives: { query: string; via: Via }[] = [];
      const seen = new Set<string>();
      const add = (query: string | null, via: Via) => {
        if (!query || seen.has(query)) return;
        seen.add(query);
        alternatives.push({ query, via });
      };
      add(exact, 'exact');
      mine.filter((f) => f.v === 'synonym').forEach((f) => add(f.q, 'synonym'));
      // The other country's spelling, unless the word is one PostgreSQL does not search ('after').
      if (exact) mine.filter((f) => f.v === 'spelling-variant').forEach((f) => add(f.q, 'synonym'));
      add(prefixOf(exact), 'prefix');
      // A WordNet phrase that lost a word to the stop list ('taken up' as 'taken', 'care for' as
      // 'care') says something else: it is left out.
      mine
        .filter((f) => f.v === 'related' && (phraseSteps(f.q)?.length ?? 0) >= wordCount(f.text))
        .forEach((f) => add(f.q, 'related'));
      const core = anyOf(alternatives.filter((a) => a.via !== 'related').map((a) => a.query));
      const combined = anyOf(alternatives.map((a) => a.query));
      // A number is also held by a range around it; ranges score chunks but pick no candidates.
      const n = rangedNumber(group.word);
      if (n !== null) rangeQueriesHolding(n).forEach((query) => add(query, 'range'));
      return combined && core ? [{ word: group.word, alternatives, core, combined }] : [];
    });
  }

  /**
   * Chunks holding each term, from the stem counts the triggers keep (knowledge_terms), read in one
   * query: a phrase ('after-school care') is held by at most as many chunks as its rarest stem, and
   * a term with synonyms or a prefix by at least as many as its commonest wording (a lower bound,
   * close enough for weighing words, and read without counting matches). `upper` bounds the chunks
   * holding it (the sum over its wordings): for estimating reads.
   */
  async function documentFrequencies(queries: string[], n: number): Promise<{ df: number; upper: number }[]> {
    // Each query's wordings, each wording's stems (a prefix stem marked).
    const parsed = queries.map((query) =>
      wordingsOf(query)
        .map(stemsOfWording)
        .filter((w) => w.length > 0),
    );
    const stems = [...new Map(parsed.flat(2).map((s) => [`${s.l}:${s.p}`, s])).values()];
    const counted = await rows<{ l: string; p: boolean; df: number; upper: number }>(
      db,
      sql`with stems as (
            select x->>'l' as l, (x->>'p')::boolean as p
            from jsonb_array_elements(${JSON.stringify(stems)}::jsonb) as x
          )
          select l, p, max(df)::int as df, sum(df)::int as upper from (
            select s.l, s.p, t.df from stems s join knowledge_terms t on t.lexeme = s.l where not s.p
            union all
            select s.l, s.p, t.df from stems s join knowledge_terms t
              on t.lexeme collate "C" >= s.l collate "C" and t.lexeme collate "C" < (s.l || chr(1114111)) collate "C"
            where s.p
          ) matched group by l, p`,
    );
    const countOf = new Map(
      counted.map((c) => [`${c.l}:${c.p}`, { df: Number(c.df), upper: Number(c.upper) }]),
    );
    const count = (s: { l: string; p: boolean }) => countOf.get(`${s.l}:${s.p}`) ?? { df: 0, upper: 0 };
    return parsed.map((wordings) => {
      // A wording is held by at most as many chunks as its rarest stem (a stem no chunk holds: none).
      const held = wordings.map((w) => ({
        df: Math.min(...w.map((s) => count(s).df)),
        upper: Math.min(...w.map((s) => count(s).upper)),
      }));
      return {
        df: Math.min(n, Math.max(0, ...held.map((h) => h.df))),
        upper: Math.min(
          n,
          held.reduce((sum, h) => sum + h.upper, 0),
        ),
      };
    });
  }

  /**
   * An English word's prefix wording ('prom':*) keeps only the knowledge base's words that are forms
   * of it ('restrain' -> 'restraint', 'high' -> 'higher', 'child' -> 'children'), each as a wording
   * of its own: another word that begins the same way ('promise', 'listen', 'campus') is not it.
   * A word English does not have ('admin', a truncation) keeps every longer word. One indexed read.
   */
  async function formsOfPrefixes(parsed: Awaited<ReturnType<typeof tsqueries>>) {
    const isEnglishWord = options.isEnglishWord;
    if (!isEnglishWord) return parsed;
    const stemOf = (query: string) => /^'([a-z0-9]+)':\*$/.exec(query)?.[1];
    const english = (t: { word: string }) => /^[a-z]+$/.test(t.word) && isEnglishWord(t.word);
    const stems = [
      ...new Set(
        parsed
          .filter(english)
          .flatMap((t) => t.alternatives.filter((a) => a.via === 'prefix').map((a) => stemOf(a.query)))
          .filter((s): s is string => !!s),
      ),
    ];
    if (!stems.length) return parsed;
    const longer = await rows<{ s: string; l: string }>(
      db,
      sql`select x as s, t.lexeme as l
          from jsonb_array_elements_text(${JSON.stringify(stems)}::jsonb) as x
          join knowledge_terms t
            on t.lexeme collate "C" > x collate "C" and t.lexeme collate "C" < (x || chr(1114111)) collate "C"
          where t.df > 0
          order by t.df desc`,
    );
    return parsed.map((t) => {
      if (!english(t)) return t;
      const alternatives = t.alternatives.flatMap((a) => {
        const stem = a.via === 'prefix' ? stemOf(a.query) : undefined;
        if (!stem) return [a];
        return longer
          .filter((f) => f.s === stem && isFormOf(stem, f.l))
          .slice(0, MAX_FORMS)
          .map((f) => ({ query: `'${f.l.replace(/'/g, "''")}'`, via: 'prefix' as const }));
      });
      const searched = alternatives.filter((a) => a.via !== 'range');
      return {
        ...t,
        alternatives,
        core: anyOf(searched.filter((a) => a.via !== 'related').map((a) => a.query))!,
        combined: anyOf(searched.map((a) => a.query))!,
      };
    });
  }

  async function terms(query: string): Promise<Term[]> {
    const parsed = await formsOfPrefixes(
      await tsqueries(analyseQuery(query, options.relatedOf, { schoolThesaurus: options.schoolThesaurus })),
    );
    const unique = [...new Map(parsed.map((t) => [t.combined, t])).values()];
    const n = await chunkCount();
    // A word is weighed by its own rarity (and the school's synonyms'), not by its related words'.
    const both = await documentFrequencies(
      [...unique.map((t) => t.core), ...unique.map((t) => t.combined)],
      n,
    );
    const core = both.slice(0, unique.length);
    const all = both.slice(unique.length);
    const read = unique.map((t, i) => {
      const bridged = core[i]!.df === 0;
      return {
        word: t.word,
        alternatives: t.alternatives,
        combined: t.combined,
        candidate: bridged ? t.combined : t.core,
        known: !bridged,
        names: options.namesThing?.(t.word) ?? true,
        df: core[i]!.df || all[i]!.df,
        upper: bridged ? all[i]!.upper : core[i]!.upper,
      };
    });
    // A misspelt asking word ('acutally') says no more than the word spelt right: not searched.
    const found = read.filter(
      (t) => t.known || !isMisspeltFiller(t.word) || (options.isEnglishWord?.(t.word) ?? true),
    );
    await bridgeForms(found);
    await correctSpelling(found);
    const known = found.filter((t) => t.df > 0);
    const idf = (df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
    const average = known.length ? known.reduce((s, t) => s + idf(t.df), 0) / known.length : 1;
    return found.map((t) => ({ ...t, weight: t.df > 0 ? idf(t.df) : average * UNKNOWN_WORD_WEIGHT }));
  }

  /**
   * A word the knowledge base never uses, now known through other wordings of it (the same word as
   * another part of speech, a spelling fixed): searched with them, and weighed by their rarity.
   */
  function bridged(
    t: Omit<Term, 'weight'>,
    added: { query: string; via: Via }[],
    df: number,
    upper: number,
  ): Omit<Term, 'weight'> {
    const alternatives = [...t.alternatives, ...added];
    const searched = alternatives.filter((a) => a.via !== 'range');
    return {
      ...t,
      alternatives,
      combined: anyOf(searched.map((a) => a.query))!,
      candidate: anyOf(searched.filter((a) => a.via !== 'related').map((a) => a.query))!,
      known: true,
      df,
      upper,
    };
  }

  /**
   * A word the knowledge base never uses, matched to the same word as the other of noun and
   * adjective when the knowledge base uses that ('my son is dyslexic': 'dyslexia'; 'autism':
   * 'autistic'), as a synonym: one read, stemmed by PostgreSQL, for all of them.
   */
  async function bridgeForms(found: Omit<Term, 'weight'>[]): Promise<void> {
    const formsOf = options.formsOf;
    if (!formsOf) return;
    const wanted = found.flatMap((t, i) =>
      !t.known && /^[a-z]+$/.test(t.word) ? formsOf(t.word).map((form) => ({ i, form })) : [],
    );
    if (!wanted.length) return;
    const hits = await rows<{ i: number; q: string; df: number }>(
      db,
      sql`select (x->>'i')::int as i, q.q, max(t.df)::int as df
          from jsonb_array_elements(${JSON.stringify(wanted)}::jsonb) as x
          cross join lateral (select phraseto_tsquery('english'::regconfig, x->>'form')::text as q) q
          join knowledge_terms t on q.q = '''' || t.lexeme || '''' and t.df > 0
          group by 1, 2`,
    );
    for (const [i, t] of found.entries()) {
      const mine = hits.filter((h) => Number(h.i) === i);
      if (!mine.length) continue;
      found[i] = bridged(
        t,
        mine.map((h) => ({ query: h.q, via: 'synonym' as const })),
        Math.max(...mine.map((h) => Number(h.df))),
        mine.reduce((sum, h) => sum + Number(h.df), 0),
      );
    }
  }

  /**
   * Words the knowledge base never uses and English does not know, matched to the knowledge base's
   * word one edit away (spelling.ts), in one indexed read of knowledge_terms for all of them.
   */
  async function correctSpelling(found: Omit<Term, 'weight'>[]): Promise<void> {
    const isEnglishWord = options.isEnglishWord;
    if (!isEnglishWord) return;
    const misspelt = found.flatMap((t, i) => {
      const stem = /^'([a-z]+)'$/.exec(t.alternatives.find((a) => a.via === 'exact')?.query ?? '')?.[1];
      return !t.known && stem && isCorrectable(stem, t.word, isEnglishWord) ? [{ i, stem }] : [];
    });
    if (!misspelt.length) return;
    const variants = misspelt.flatMap(({ i, stem }) => oneEditAway(stem).map((v) => ({ i, v })));
    const hits = await rows<{ i: number; lexeme: string; df: number }>(
      db,
      sql`select (x->>'i')::int as i, t.lexeme, t.df::int as df
          from jsonb_array_elements(${JSON.stringify(variants)}::jsonb) as x
          join knowledge_terms t on t.lexeme = x->>'v' and t.df > 0`,
    );
    for (const { i } of misspelt) {
      const best = bestCorrection(
        hits.filter((h) => Number(h.i) === i).map((h) => ({ ...h, df: Number(h.df) })),
      );
      if (!best) continue;
      found[i] = bridged(found[i]!, [{ query: `'${best.lexeme}'`, via: 'spelling' }], best.df, best.df);
    }
  }

  return { terms };
}
