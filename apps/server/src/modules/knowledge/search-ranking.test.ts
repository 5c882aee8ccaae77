import { describe, expect, it } from 'vitest';
import {
  bestWindow,
  phraseMatches,
  phraseSteps,
  saturatedFrequency,
  scoreChunk,
  type Occurrences,
} from './bm25f';
import {
  calibratedSimilarity,
  coverageFloors,
  probabilityOf,
  SEARCH_CALIBRATION,
} from './search-calibration';
import { thingWordsFromWordNet } from './related-words';
import { createWordNet } from './wordnet';

const corpus = { averageHeadingWords: 4, averageTextTokens: 400 };
const occ = (entries: Record<string, [number, 'A' | 'B'][]>): Occurrences =>
  new Map(
    Object.entries(entries).map(([l, ps]) => [l, ps.map(([position, field]) => ({ position, field }))]),
  );

describe('BM25F over a chunk’s heading and text', () => {
  it('reads the tsquery phrases PostgreSQL makes', () => {
    expect(phraseSteps("'tuition'")).toEqual([{ lexeme: 'tuition', prefix: false, distance: 0 }]);
    expect(phraseSteps("'after' <-> 'school' <2> 'care'")!.map((s) => s.distance)).toEqual([0, 1, 2]);
    expect(phraseSteps("'math':*")![0]).toMatchObject({ lexeme: 'math', prefix: true });
    expect(phraseSteps("'a' & 'b'")).toBeNull();
  });

  it('finds a phrase only where its words follow each other', () => {
    const o = occ({
      after: [
        [10, 'B'],
        [40, 'B'],
      ],
      school: [
        [11, 'B'],
        [60, 'B'],
      ],
      care: [[12, 'B']],
    });
    expect(phraseMatches(o, phraseSteps("'after' <-> 'school' <-> 'care'")!)).toEqual([
      { position: 10, field: 'B' },
    ]);
    expect(phraseMatches(occ({ mathemat: [[3, 'B']] }), phraseSteps("'math':*")!)).toHaveLength(1);
  });

  it('weighs a heading word above a text word, and a word in a long chunk below one in a short chunk', () => {
    const short = { headingWords: 3, textTokens: 200 };
    const long = { headingWords: 3, textTokens: 1200 };
    expect(saturatedFrequency(['A'], short, corpus)).toBeGreaterThan(
      saturatedFrequency(['B'], short, corpus),
    );
    expect(saturatedFrequency(['B'], short, corpus)).toBeGreaterThan(saturatedFrequency(['B'], long, corpus));
    // Saturation: the tenth mention adds less than the second.
    const f = (n: number) => saturatedFrequency(Array(n).fill('B'), short, corpus);
    expect(f(2) - f(1)).toBeGreaterThan(f(10) - f(9));
    expect(f(50)).toBeLessThan(1);
  });

  it('scores the chunk holding the rare word above the one holding only the common one', () => {
    const terms = [
      { weight: 2.5, alternatives: [{ steps: phraseSteps("'tuition'"), via: 'exact' as const }] },
      { weight: 0.2, alternatives: [{ steps: phraseSteps("'school'"), via: 'exact' as const }] },
    ];
    const chunk = { headingWords: 2, textTokens: 400 };
    const factor = { exact: 1, synonym: 0.9, spelling: 0.9, range: 0.9, prefix: 0.6, related: 0.5 };
    const rare = scoreChunk(terms, occ({ tuition: [[5, 'B']] }), chunk, corpus, factor);
    const common = scoreChunk(
      terms,
      occ({
        school: [
          [5, 'B'],
          [9, 'B'],
          [30, 'B'],
        ],
      }),
      chunk,
      corpus,
      factor,
    );
    expect(rare.bm25).toBeGreaterThan(common.bm25);
    expect(rare.coverage).toBeCloseTo(2.5 / 2.7);
    expect(rare.vias).toEqual(['exact', null]);
  });

  it('gives the best passage the words held close together', () => {
    const near = bestWindow(
      [
        { weight: 1, inHeading: false, positions: [100] },
        { weight: 1, inHeading: false, positions: [105] },
      ],
      2,
    );
    const far = bestWindow(
      [
        { weight: 1, inHeading: false, positions: [100] },
        { weight: 1, inHeading: false, positions: [300] },
      ],
      2,
    );
    expect(near).toBe(1);
    expect(far).toBe(0.5);
    // A heading word frames every passage of its chunk.
    expect(
      bestWindow(
        [
          { weight: 1, inHeading: true, positions: [] },
          { weight: 1, inHeading: false, positions: [300] },
        ],
        2,
      ),
    ).toBe(1);
  });
});

describe('the calibrated similarity', () => {
  const strong = { bm25: 0.7, coverage: 1, relative: 1, window: 1, lead: 0.4 };
  const weak = { bm25: 0.1, coverage: 0.3, relative: 0.3, window: 0.2, lead: 0 };

  it('is 0..1, rises with every feature, and keeps 0.7 as “more likely than not”', () => {
    expect(calibratedSimilarity(strong)).toBeGreaterThan(calibratedSimilarity(weak));
    for (const f of [strong, weak]) {
      const s = calibratedSimilarity(f);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
      expect(s >= 0.7).toBe(probabilityOf(f) >= 0.5);
    }
  });

  it('finds the best chunk likelier to answer the further it leads the next', () => {
    const best = { bm25: 0.5, coverage: 0.7, relative: 1, window: 0.6 };
    const alone = calibratedSimilarity({ ...best, lead: 0.5 });
    const level = calibratedSimilarity({ ...best, lead: 0 });
    expect(alone).toBeGreaterThan(level);
    expect(alone).toBeGreaterThanOrEqual(0.7);
    expect(level).toBeLessThan(0.7);
    // The only chunk to hold one word of the question is far ahead of nothing: no lead counts.
    const oneWord = { bm25: 0.3, coverage: 0.4, relative: 1, window: 0.4 };
    expect(calibratedSimilarity({ ...oneWord, lead: 1 })).toBe(calibratedSimilarity({ ...oneWord, lead: 0 }));
  });

  it('shows a chunk about one in thirty likely to answer at the broadest threshold (0.5), not one in a hundred', () => {
    const borderline = { bm25: 0.1, coverage: 0.3, relative: 0.6, window: 0.2, lead: 0 };
    expect(probabilityOf(borderline)).toBeGreaterThan(0.02);
    expect(probabilityOf(borderline)).toBeLessThan(0.05);
    expect(calibratedSimilarity(borderline)).toBeGreaterThanOrEqual(0.5);
    expect(probabilityOf(weak)).toBeLessThan(0.02);
    expect(calibratedSimilarity(weak)).toBeLessThan(0.5);
  });

  it('never prunes a chunk that could reach the threshold', () => {
    for (const threshold of [0.5, 0.6, 0.7, 0.8, 0.9]) {
      const { plain, lead } = coverageFloors(threshold);
      expect(lead).toBeLessThanOrEqual(plain);
      // The best a chunk with coverage just under a floor can do (bm25 and window <= coverage):
      // leading every other chunk by all there is under `lead`, leading none under `plain`.
      for (const [floor, ahead] of [
        [lead, 1],
        [plain, 0],
      ] as const) {
        if (floor === 0) continue; // every chunk sharing a word is read
        const c = floor - 0.001;
        expect(
          calibratedSimilarity({ bm25: c, coverage: c, relative: 1, window: c, lead: ahead }),
        ).toBeLessThan(threshold);
      }
    }
    // At the default, a chunk holding most of the question is read for the lead it may have.
    expect(coverageFloors(0.7).lead).toBeLessThan(coverageFloors(0.7).plain);
    expect(coverageFloors(0.9).lead).toBeGreaterThan(0);
    expect(
      Object.values(SEARCH_CALIBRATION)
        .slice(1)
        .every((w) => w >= 0),
    ).toBe(true);
  });
});

describe('WordNet', () => {
  const wordnet = createWordNet();

  it('is read from the npm package, offline', () => {
    expect(wordnet.isAvailable).toBe(true);
  });

  it('knows a parent’s other words for a thing, from inflected forms too', () => {
    expect(wordnet.lookup('medication').synonyms).toContain('medicine');
    expect(wordnet.lookup('buses').broader.concat(wordnet.lookup('buses').synonyms)).toContain('coach');
    expect(wordnet.lookup('teacher').synonyms).toContain('instructor');
    expect(wordnet.lookup('tuition').broader).toContain('fee');
  });

  it('takes a word’s most common sense only, not its rarer ones', () => {
    // 'nurse' as a verb means to tend, and rarely to harbour a grudge: 'Harbour Club' is no nurse.
    expect(wordnet.lookup('nurse').synonyms).not.toContain('harbour');
    // Its most common sense stays: a grade is a class of pupils.
    expect(wordnet.lookup('grade').synonyms).toContain('class');
  });

  it('tells the words that name a thing from those that say how or what is done', () => {
    const namesThing = thingWordsFromWordNet();
    // Nouns, an activity's -ing form, names and acronyms it does not know, numbers, irregular plurals.
    for (const word of [
      'tuition',
      'buses',
      'horse',
      'riding',
      'ABA',
      'Fernwood',
      '7',
      'children',
      'summer camp',
      // An entry of its own, not the comparative of 'east'.
      'easter',
    ])
      expect(namesThing(word), word).toBe(true);
    // Adverbs, adjectives, verbs (an irregular form too).
    for (const word of ['instead', 'badly', 'early', 'quickly', 'send', 'provide', 'went'])
      expect(namesThing(word), word).toBe(false);
  });

  it('links a word to itself as the other of noun and adjective, word to word', () => {
    expect(wordnet.derived('epileptic')).toEqual(['epilepsy']);
    expect(wordnet.derived('diabetic')).toContain('diabetes');
    expect(wordnet.derived('autism')).toEqual(['autistic']);
    // Another word of the same meaning is not a form of it: 'dyslectic' is, 'reading disorder' is not.
    expect(wordnet.derived('dyslexia')).not.toContain('reading disorder');
    expect(wordnet.derived('quickly')).toEqual([]);
    expect(wordnet.derived('qwzxv')).toEqual([]);
  });

  it('answers nothing for words it does not hold', () => {
    expect(wordnet.lookup('qwzxv')).toEqual({ synonyms: [], broader: [], narrower: [] });
    expect(wordnet.lookup('')).toEqual({ synonyms: [], broader: [], narrower: [] });
  });
});
