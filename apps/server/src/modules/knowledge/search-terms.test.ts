import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { knowledgeClient } from './knowledge-test-helpers';
import { isFormOf, wordingsOf } from './search-terms';

describe('the wordings of a term', () => {
  it('splits an OR of tsqueries where no parenthesis is open, quotes kept whole', () => {
    expect(wordingsOf("('aftercar') | ('after-school' <-> 'after' <-> 'school' <-> 'care')")).toEqual([
      "('aftercar')",
      "('after-school' <-> 'after' <-> 'school' <-> 'care')",
    ]);
    expect(wordingsOf("('o''neil' | 'x') | ('y')")).toEqual(["('o''neil' | 'x')", "('y')"]);
    expect(wordingsOf("'tuition'")).toEqual(["'tuition'"]);
  });
});

let t: TestApp;
let k: ReturnType<typeof knowledgeClient>;

beforeAll(async () => {
  t = await createTestApp();
  k = knowledgeClient(t, await loginToken(t.app));
  // 'school' and 'care' are in every document; the phrase 'after-school care' in one; 'time' in two.
  const documents = [
    'School opens at 8:00 am and we take care to greet every child by name at the gate.',
    'Lunch time at school is 12:15 pm, and staff take care of children with allergies.',
    'After-school care runs until 5:30 pm each school day.',
    'Clubs meet after lessons at school, with time to take care over homework first.',
    'The school bus takes care of families in three towns.',
  ];
  for (const [i, text] of documents.entries())
    await k.uploadOk(
      `day-${i}.md`,
      `# The school day

${text}
`,
    );
});
afterAll(() => t.close());

describe('weighing a term with a phrase among its wordings', () => {
  it('weighs a phrase of common words by its rarest word, not its commonest', async () => {
    const res = await k.call('POST', '/api/knowledge/test-search', {
      query: 'until what time is aftercare',
      threshold: 0.5,
    });
    expect(res.statusCode).toBe(200);
    const [top] = res.json().results as { text: string; terms: { term: string; weight: number }[] }[];
    expect(top!.text).toContain('After-school care runs until 5:30 pm');
    const weight = (word: string) => top!.terms.find((x) => x.term === word)!.weight;
    // 'after-school care' is in one document, 'time' in two: aftercare is the rarer, so the heavier.
    expect(weight('aftercare')).toBeGreaterThan(weight('time'));
  });
});

describe('a WordNet phrase with a stop word in it', () => {
  it('is left out rather than searched as its one other word', async () => {
    await k.uploadOk('lost-property.md', '# Lost property\n\nLost property is taken to the front office.\n');
    // WordNet gives 'taken up' for 'haunted'; 'up' is a stop word, and 'taken' alone says something else.
    const res = await k.call('POST', '/api/knowledge/test-search', {
      query: 'is the school haunted',
      threshold: 0.5,
    });
    expect(res.statusCode).toBe(200);
    const results = res.json().results as { text: string; terms: { term: string; via: string | null }[] }[];
    expect(results.some((r) => r.text.includes('taken to the front office'))).toBe(false);
    for (const r of results) expect(r.terms.find((x) => x.term === 'haunted')?.via ?? null).toBeNull();
  });
});

describe('the words that matched a phrase', () => {
  it('are the phrase’s only where the chunk holds all of it', async () => {
    await k.uploadOk(
      'closures.md',
      '# Closures\n\nIn bad weather we decide by 6:00 am whether to close. The year has 175 teaching days.\n',
    );
    // 'snow days' is searched as the phrase and as the school's words for it ('weather', 'closure').
    const res = await k.call('POST', '/api/knowledge/test-search', { query: 'snow days', threshold: 0.5 });
    expect(res.statusCode).toBe(200);
    const results = res.json().results as { text: string; terms: { term: string; words?: string[] }[] }[];
    const closures = results.find((r) => r.text.includes('In bad weather'))!;
    const words = closures.terms.find((t) => t.term === 'snow days')!.words;
    expect(words).toContain('weather');
    expect(words).not.toContain('days');
  });
});

describe('the words that matched a phrase the school writes hyphenated', () => {
  it('are the phrase as written ("Student-free days"), never one of its words elsewhere ("Students")', async () => {
    await k.uploadOk(
      'calendar.md',
      '# Calendar\n\nStudents arrive by 8:30 am.\n\nStudent-free days: Monday 25 January and Friday 5 November.\n',
    );
    // 'inset days' is searched as the school's words for it, 'student-free day' among them.
    const { results } = await k.searchOk('when are the inset days', { threshold: 0.5 });
    const calendar = results.find((r) => r.text.includes('Student-free days'))!;
    const term = calendar.terms.find((t) => t.term === 'inset days')!;
    expect(term.via).toBe('synonym');
    expect(term.words).toEqual(['Student-free days']);
  });
});

describe('the words that matched a phrase with a stop word inside', () => {
  it('are the phrase as written ("end of term"), not its words wherever they stand', async () => {
    await k.uploadOk(
      'holidays.md',
      '# Holidays\n\nThe end of term is Friday 12 December. Each school day starts with a tutor period.\n',
    );
    // 'break up' is searched as the school's words for it, 'end of term' among them.
    const { results } = await k.searchOk('when do they break up', { threshold: 0.5 });
    const holidays = results.find((r) => r.text.includes('The end of term'))!;
    expect(holidays.terms.find((t) => t.term === 'break up')!.words).toEqual(['end of term']);
  });
});

describe('the other country’s spelling', () => {
  it('finds "colour" for "color", and adds no term for a stop word ("after")', async () => {
    await k.uploadOk(
      'uniform-colours.md',
      '# Uniform\n\nThe sweatshirt colour is bottle green, and the paediatric first aider checks the kit.\n',
    );
    const res = await k.call('POST', '/api/knowledge/test-search', {
      query: 'what color is the sweatshirt after lunch',
      threshold: 0.5,
    });
    expect(res.statusCode).toBe(200);
    const results = res.json().results as { text: string; terms: { term: string; via: string | null }[] }[];
    const uniform = results.find((r) => r.text.includes('bottle green'))!;
    expect(uniform.terms.find((t) => t.term === 'color')?.via).toBe('synonym');
    // 'after' is not searched, whatever its made-up spelling ('aftre') would match.
    expect(uniform.terms.map((t) => t.term)).not.toContain('after');
  });
});

describe('the same word as the other of noun and adjective', () => {
  it('finds "epilepsy" for "epileptic" when the knowledge base never says "epileptic"', async () => {
    await k.uploadOk(
      'epilepsy.md',
      '# Epilepsy\n\nPupils with epilepsy have a care plan written with the school nurse before their first day.\n',
    );
    const { results } = await k.searchOk('my son is epileptic, who writes the care plan', { threshold: 0.5 });
    const carePlan = results.find((r) => r.text.includes('care plan written'))!;
    expect(carePlan.terms.find((t) => t.term === 'epileptic')).toMatchObject({
      via: 'synonym',
      words: ['Epilepsy', 'epilepsy'],
    });
  });
});

describe('a longer word that begins with the question’s word', () => {
  it('is a form of it ("restraint", "higher", "children"), not another word ("promise", "campus")', () => {
    expect(isFormOf('restrain', 'restraint')).toBe(true);
    expect(isFormOf('high', 'higher')).toBe(true);
    expect(isFormOf('child', 'children')).toBe(true);
    expect(isFormOf('give', 'given')).toBe(true);
    expect(isFormOf('swim', 'swimmer')).toBe(true);
    expect(isFormOf('prom', 'promis')).toBe(false);
    expect(isFormOf('list', 'listen')).toBe(false);
    expect(isFormOf('camp', 'campus')).toBe(false);
  });

  it('is searched only when it is a form of the word', async () => {
    await k.uploadOk(
      'promise.md',
      '# Our promise\n\nOur promise to families is simple. Staff use restraint only to keep a child safe.\n',
    );
    const search = async (query: string) => {
      const res = await k.call('POST', '/api/knowledge/test-search', { query, threshold: 0.5 });
      expect(res.statusCode).toBe(200);
      return res.json().results as { text: string; terms: { term: string; via: string | null }[] }[];
    };
    // 'prom' is an English word; 'promise' is another.
    for (const r of await search('is there a prom'))
      expect(r.terms.find((t) => t.term === 'prom')?.via ?? null).toBeNull();
    const restrain = (await search('do staff ever restrain children')).find((r) =>
      r.text.includes('restraint'),
    );
    expect(restrain?.terms.find((t) => t.term === 'restrain')?.via).toBe('prefix');
  });
});
