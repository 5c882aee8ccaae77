/**
 * The similarity a search reports comes from P(this chunk answers the question), a logistic
 * regression of the ranking's features. Fitted by `npx tsx bench/knowledge-eval/calibrate.ts` on the development
 * questions only (bench/knowledge-eval: the held-out questions are never used to fit), where a chunk
 * "answers" when it holds the question's answer passage. Refit when the ranking changes.
 */
export type RankFeatures = {
  /** BM25F score as a share of the question's best possible (0..1). */
  bm25: number;
  /** Idf-weighted share of the question's words the chunk holds (0..1). */
  coverage: number;
  /** BM25F score relative to the best chunk found for the question (0..1). */
  relative: number;
  /** The most question weight held within a passage of a few lines (bm25f.ts bestWindow; 0..1). */
  window: number;
  /**
   * The best chunk's lead over the next best (1 minus the runner-up's relative score; 0 for every
   * other chunk): a chunk far ahead of the rest is likelier to answer than one of several alike.
   * It counts only when the chunk holds more than half of the question (leadEvidence): the
   * only chunk to hold one word of it is far ahead of nothing.
   */
  lead: number;
};

export type Calibration = {
  intercept: number;
  bm25: number;
  coverage: number;
  relative: number;
  window: number;
  lead: number;
};

export const SEARCH_CALIBRATION: Calibration = {
  intercept: -6.295,
  bm25: 1.387,
  coverage: 0.471,
  relative: 4.227,
  window: 0.592,
  lead: 3.393,
};

/**
 * Probability to similarity, so the thresholds staff know keep their meaning: 0.7 (the default)
 * is "more likely than not" (p = 0.5); 0.5 (the broadest search) is "may be related" (p = 0.02:
 * at p = 0.05 the broadest search left out the answering chunk for 3% of the development
 * questions, chunks the ranking had placed in its top five); in between and above, linear in p.
 * Monotone, so it never changes the order.
 */
const KNOTS: [number, number][] = [
  [0, 0],
  [0.02, 0.5],
  [0.5, 0.7],
  [1, 1],
];

function interpolate(value: number, from: 0 | 1, to: 0 | 1): number {
  for (let i = 1; i < KNOTS.length; i++) {
    const a = KNOTS[i - 1]!;
    const b = KNOTS[i]!;
    if (value <= b[from] || i === KNOTS.length - 1)
      return a[to] + ((Math.min(value, b[from]) - a[from]) / (b[from] - a[from])) * (b[to] - a[to]);
  }
  return value;
}

/** Coverage a chunk needs before its lead counts: more than half of the question's weight. */
const LEAD_COVERAGE = 0.5;
/** The lead as evidence: none for a chunk holding half of the question or less. */
export const leadEvidence = (f: Pick<RankFeatures, 'lead' | 'coverage'>) =>
  f.coverage > LEAD_COVERAGE ? f.lead : 0;

export function probabilityOf(f: RankFeatures, c: Calibration = SEARCH_CALIBRATION): number {
  const z =
    c.intercept +
    c.bm25 * f.bm25 +
    c.coverage * f.coverage +
    c.relative * f.relative +
    c.window * f.window +
    c.lead * leadEvidence(f);
  return 1 / (1 + Math.exp(-z));
}

/** The similarity that stands for a probability of answering (the inverse of the scale above). */
export const similarityOfProbability = (p: number) => interpolate(p, 0, 1);

export function calibratedSimilarity(f: RankFeatures, c: Calibration = SEARCH_CALIBRATION): number {
  return interpolate(probabilityOf(f, c), 0, 1);
}

/**
 * The least coverage a chunk needs to reach the threshold (bm25 <= coverage and relative <= 1,
 * and the weights are not negative), so chunks holding less of the question are never read:
 * `lead` for the best chunk, which its lead over the next may lift; `plain` for every other.
 */
export function coverageFloors(
  threshold: number,
  c: Calibration = SEARCH_CALIBRATION,
): { plain: number; lead: number } {
  const p = Math.min(0.999999, Math.max(1e-6, interpolate(threshold, 1, 0)));
  const logit = Math.log(p / (1 - p));
  // window <= coverage too.
  const slope = Math.max(0, c.bm25) + Math.max(0, c.coverage) + Math.max(0, c.window);
  const reach = logit - c.intercept - Math.max(0, c.relative);
  const needs = (gap: number) => (slope > 0 ? gap / slope : gap > 0 ? Infinity : 0);
  const plain = Math.min(1, Math.max(0, needs(reach)));
  // Up to LEAD_COVERAGE the lead adds nothing; beyond it, at most c.lead.
  if (plain <= LEAD_COVERAGE) return { plain, lead: plain };
  return { plain, lead: Math.min(plain, Math.max(LEAD_COVERAGE, needs(reach - Math.max(0, c.lead)))) };
}
