import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { knowledgeClient } from './knowledge-test-helpers';

// Found in the journeys: many one-line manual chunks made the corpus's average chunk tiny, so
// every real section looked "long" and fell under the default threshold.
let t: TestApp;
let k: ReturnType<typeof knowledgeClient>;

beforeAll(async () => {
  t = await createTestApp();
  k = knowledgeClient(t, await loginToken(t.app));
  await k.uploadOk(
    'handbook.md',
    `# Parent Handbook

## Speech and language therapy
Yes: the school offers speech and language therapy on site. Our two licensed speech-language pathologists see students individually or in small groups, two to three sessions a week, as part of the school day.

## Class sizes
Classes have at most eight students, with a lead teacher and an assistant in every room.
`,
  );
});
afterAll(() => t.close());

describe('length normalisation', () => {
  it('still finds a real section at the default threshold among dozens of one-line manual chunks', async () => {
    for (let i = 1; i <= 40; i++) {
      const res = await k.call('POST', '/api/knowledge/chunks', {
        chunk_text: `Pagemarker fact number ${i} for the paging check.`,
        category: 'manual',
      });
      expect(res.statusCode).toBe(201);
    }
    const { results } = await k.searchOk('Do you offer speech therapy?', { threshold: 0.7 });
    expect(results[0]?.text).toContain('offers speech and language therapy on site');
  });
});
