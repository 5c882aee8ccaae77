import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { knowledgeClient } from './knowledge-test-helpers';

// The calibration's lead: the one passage far ahead of the rest is likelier to answer than the
// first of several alike, and is read at the default threshold though it holds only most of the
// question (the search reads such possible leaders besides the chunks that reach it on their own).
let t: TestApp;
let k: ReturnType<typeof knowledgeClient>;

beforeAll(async () => {
  t = await createTestApp();
  k = knowledgeClient(t, await loginToken(t.app));
  await k.uploadOk(
    'handbook.md',
    `# Family Handbook

## Sibling discount
When two children from one family are enrolled, the younger child's tuition is reduced by ten percent.

## Uniform
Students wear a navy polo shirt and grey trousers or a grey skirt.

## Transport
Buses leave the school at 3:30 pm and reach the last stop by 4:30 pm.
`,
  );
});
afterAll(() => t.close());

describe('the lead over the next passage', () => {
  it('finds the one passage that holds most of the question at the default threshold', async () => {
    // 'twins' is in no document: the sibling passage holds most of the question, and nothing else does.
    const { results } = await k.searchOk('sibling discount for twins', { threshold: 0.7 });
    expect(results[0]?.text).toContain('reduced by ten percent');
  });

  it('finds it less likely once a second passage says as much', async () => {
    const alone = (await k.searchOk('sibling discount for twins', { threshold: 0.5 })).results[0]!;
    await k.uploadOk(
      'fees.md',
      '# Fees\n\n## Sibling discount\nA sibling discount applies from the second child, on the lower tuition.\n',
    );
    const { results } = await k.searchOk('sibling discount for twins', { threshold: 0.5 });
    const same = results.find((r) => r.text.includes('reduced by ten percent'))!;
    expect(same.similarity).toBeLessThan(alone.similarity);
  });
});
