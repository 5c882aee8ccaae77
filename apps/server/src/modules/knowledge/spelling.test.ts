import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { knowledgeClient } from './knowledge-test-helpers';
import { bestCorrection, isCorrectable, oneEditAway } from './spelling';

describe('one edit away', () => {
  it('holds every deletion, swap, change and insertion, and not the word itself', () => {
    const near = oneEditAway('scool');
    expect(near).toEqual(expect.arrayContaining(['school', 'cool', 'csool', 'spool']));
    expect(near).not.toContain('scool');
    expect(near).not.toContain('schools');
    // 5 deletions, 4 swaps, 5 x 25 changes, 6 x 26 insertions, less the duplicates.
    expect(near.length).toBeLessThanOrEqual(5 + 4 + 125 + 156);
  });

  it('corrects only long-enough letter words that are not English', () => {
    const english = (w: string) => ['pool', 'went'].includes(w);
    expect(isCorrectable('scool', 'scool', english)).toBe(true);
    expect(isCorrectable('pool', 'pool', english)).toBe(false);
    expect(isCorrectable('went', 'went', english)).toBe(false);
    expect(isCorrectable('ot', 'ot', english)).toBe(false);
    expect(isCorrectable('7th', '7th', english)).toBe(false);
  });

  it('prefers the word more chunks use, then the first alphabetically', () => {
    expect(bestCorrection([])).toBeNull();
    expect(
      bestCorrection([
        { lexeme: 'cool', df: 1 },
        { lexeme: 'school', df: 9 },
      ])?.lexeme,
    ).toBe('school');
    expect(
      bestCorrection([
        { lexeme: 'b', df: 2 },
        { lexeme: 'a', df: 2 },
      ])?.lexeme,
    ).toBe('a');
  });
});

let t: TestApp;
let k: ReturnType<typeof knowledgeClient>;

beforeAll(async () => {
  t = await createTestApp();
  k = knowledgeClient(t, await loginToken(t.app));
  await k.uploadOk(
    'handbook.md',
    `# Parent Handbook

## Tuition
Tuition for the Lower School is $31,500 a year, payable in two instalments.

## Workshop
Students use every tool in the design workshop under supervision.

## Health
A registered nurse is on duty in the health office from 8:00 am to 4:00 pm.
`,
  );
});
afterAll(() => t.close());

describe('misspelt questions', () => {
  it('finds the passage through the word one letter away, and says so', async () => {
    const { results } = await k.searchOk('how much is tution', { threshold: 0.5 });
    expect(results[0]?.text).toContain('$31,500');
    const term = results[0]?.terms.find((x) => x.term === 'tution');
    expect(term).toMatchObject({ via: 'spelling', known: true, words: ['Tuition'] });
    expect(results[0]?.highlights.map((h) => h.toLowerCase())).toContain('tuition');
  });

  it('never bends an English word into another (a pool is not a tool)', async () => {
    const { results } = await k.searchOk('is there a pool in the workshop', { threshold: 0.5 });
    const pool = results.flatMap((r) => r.terms).filter((x) => x.term === 'pool');
    expect(pool.length).toBeGreaterThan(0);
    expect(pool.every((x) => x.via === null)).toBe(true);
  });

  it('leaves out a misspelt asking word, as it leaves out the word spelt right', async () => {
    const { results } = await k.searchOk('when is the nurse acutally on duty', { threshold: 0.5 });
    expect(results.length).toBeGreaterThan(0);
    expect(results.flatMap((r) => r.terms).map((x) => x.term)).not.toContain('acutally');
  });

  it('lets the chatbot answer a misspelt question from the passage', async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    const visitor = (await post('/widget/visits', {})).json().visitor_id as string;
    const conversation = (await post('/widget/conversations', { visitor_id: visitor })).json().conversation;
    const res = await post(`/widget/conversations/${conversation.id}/messages`, {
      visitor_id: visitor,
      content: 'is there a nurse in the helth office?',
    });
    expect(res.json().message.content).toMatch(/says: .*registered nurse is on duty/);
  });
});
