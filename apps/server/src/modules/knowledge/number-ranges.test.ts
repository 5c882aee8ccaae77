import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { widgetClient } from '../chat/chat-test-helpers';
import { knowledgeClient } from './knowledge-test-helpers';
import { rangedNumber, rangeQueriesHolding, RANGE_MAX } from './number-ranges';

describe('the ranges around a number', () => {
  it('holds the number strictly inside, in every written form', () => {
    const eight = rangeQueriesHolding(8);
    expect(eight).toEqual(expect.arrayContaining(["'7' <2> '11'", "'6' <-> '-9'", "'3' <-> '10'"]));
    expect(eight).toEqual(expect.arrayContaining(["'k' <-> '-9'", "'kindergarten' <3> '9'"]));
    // The ends are the number itself (matched as typed), never a range.
    expect(eight.some((q) => /'-?8'/.test(q))).toBe(false);
  });

  it('leaves out what is not a small whole number', () => {
    expect(rangeQueriesHolding(0)).toEqual([]);
    expect(rangeQueriesHolding(RANGE_MAX)).toEqual([]);
    expect(rangeQueriesHolding(2.5)).toEqual([]);
    expect(rangedNumber('8')).toBe(8);
    expect(rangedNumber('tuition')).toBeNull();
    expect(rangedNumber('2026')).toBeNull();
  });
});

let t: TestApp;
let k: ReturnType<typeof knowledgeClient>;

beforeAll(async () => {
  t = await createTestApp();
  k = knowledgeClient(t, await loginToken(t.app));
  await k.uploadOk(
    'fees.md',
    `# Fees and class sizes

## Fees for 2026-27
- Juniors (Years 3 to 6): £7,900 per term
- Seniors (Years 7-11): £9,400 per term
- Sixth Form (Years 12 – 13): £10,200 per term

## Early years
Our nursery takes children aged 1–3 and costs £60 a day.

## Sport
Every pupil plays sport on Wednesday afternoons at the playing fields.

## Library
One in five books in the library is an audiobook.
`,
  );
});
afterAll(() => t.close());

const termOf = (result: { terms: { term: string; via: string | null }[] } | undefined, word: string) =>
  result?.terms.find((x) => x.term === word);

describe('a number found inside a range', () => {
  it.each([
    ['what are the fees for year 8', 'Seniors (Years 7-11)', '8'],
    ['fees for a year 5 pupil', 'Juniors (Years 3 to 6)', '5'],
    ['can a 2 year old join the nursery', 'aged 1–3', '2'],
  ])('ranks the passage with the range and says how it matched: %s', async (question, text, number) => {
    const { results } = await k.searchOk(question, { threshold: 0.5 });
    expect(results[0]?.text).toContain(text);
    expect(termOf(results[0], number)?.via).toBe('range');
  });

  it('matches no range for a number outside them all', async () => {
    const { results } = await k.searchOk('what are the fees for year 15', { threshold: 0.5 });
    for (const r of results) expect(termOf(r, '15')?.via ?? null).toBeNull();
  });

  it('lets the chatbot quote the row for a year inside the range', async () => {
    const w = widgetClient(t);
    const { visitor_id } = await w.visit();
    const { id } = await w.start(visitor_id);
    const answer = (await w.say(id, visitor_id, 'How much are the fees for year 8?')).message.content;
    expect(answer).toContain('Seniors (Years 7-11): £9,400 per term');
    expect(answer).not.toContain('£7,900');
  });
});
