import { describe, expect, it } from 'vitest';
import type { DialogueState } from './chat.tables';
import { extractFields } from './extract';
import { applyExtraction } from './intake';
import { lookUp, queriesOf, unlessASubject } from './knowledge-lookup';
import type { KnowledgePassage } from './knowledge-passage';

describe('the knowledge queries of a message', () => {
  it.each([
    ['Do you offer speech therapy?', ['Do you offer speech therapy?']],
    // The parent's details and the asking words are not searched for.
    ["I'm Maria Lopez (maria@example.com). What are your class sizes?", ['What are your class sizes?']],
    ['I was wondering if you have a bus from Millbrook', ['you have a bus from Millbrook']],
    // What the parent said before the question is searched with it first, then the question alone.
    [
      'My son Sam is 7 and has ADHD. Do you have small classes',
      ['and has ADHD. Do you have small classes', 'Do you have small classes'],
    ],
    [
      'my daughter is starting prep next year, how much are the fees per term',
      ['is starting prep next year how much are the fees per term', 'how much are the fees per term'],
    ],
    ['Is 7 too young for the Lower School', ['Is 7 too young for the Lower School']],
    [
      'my daughter has dyslexia, is the school able to support her',
      ['has dyslexia is the school able to support her', 'is the school able to support her'],
    ],
    [
      'my son has a nut allergy, what do we need to send in',
      ['has a nut allergy what do we need to send in', 'what do we need to send in'],
    ],
    ['My son has autism. Can you help him?', ['has autism. Can you help him?', 'Can you help him?']],
    // A statement before the question and one after it.
    [
      'my son has dyslexia, can you support him, he is very anxious',
      ['has dyslexia can you support him he is very anxious', 'can you support him he is very anxious'],
    ],
    [
      'school gets out early on wednesdays, what do i do with my kid those afternoons',
      [
        'school gets out early on wednesdays what do i do with those afternoons',
        'what do i do with those afternoons',
      ],
    ],
    // Whoever the child is to the parent: a grandson, 'my little one', a teenager.
    ['does my grandson need a uniform', ['does need a uniform']],
    ['can my little one nap after lunch', ['can nap after lunch']],
    ['is there a bus for my teenager', ['is there a bus for']],
    // An either-or question is then searched for its first alternative alone.
    [
      'is there a canteen or do i pack lunch',
      ['is there a canteen or do i pack lunch', 'is there a canteen'],
    ],
    // The family's clock is not searched ('a group of 8' is no answer to 'I start work at 8').
    [
      'i start work at 8, is there anywhere she can go before school',
      [
        'i start work is there anywhere she can go before school',
        'is there anywhere she can go before school',
      ],
    ],
    ['does the bus leave after 3:30pm or at 4', ['does the bus leave or']],
    ['what happens after 8th grade', ['what happens after 8th grade']],
    ['can he join after 6 months', ['can he join after 6 months']],
    // A statement after the question is read for the intake and still searched with the question.
    [
      'whats the yearly cost for year 10, he has autism and adhd',
      ['whats the yearly cost for year 10 he has autism and adhd'],
    ],
  ])('%s', (message, expected) => {
    expect(queriesOf(message, ['Maria Lopez', 'Sam'])).toEqual(expected);
  });

  it('has nothing to search for in "I have a question"', () => {
    expect(queriesOf('I have a question')).toEqual([]);
  });
});

describe('a bare reply to the name question', () => {
  const staff = {
    text: 'Admissions\nOur admissions officer is Maria Lopez. Call her on extension 204.',
    document: 'Family Handbook',
    similarity: 0.9,
  };
  const asked = (reply: string) =>
    applyExtraction(reply, extractFields(reply, {}), {}, { asked: 'name' } as DialogueState);
  const english = (word: string) => ['admissions', 'officer', 'clubs', 'john', 'mark'].includes(word);

  it("keeps a name the handbook uses too (a staff member's), as it is no English word", async () => {
    const understood = asked('Maria Lopez');
    const kept = await unlessASubject(async () => [staff], english, {}, understood, 'Maria Lopez');
    expect(kept.context.parentName).toBe('Maria Lopez');
  });

  it.each([
    ['John', 'Our school\nOur head of school is Mr John Smith. He meets new families every Friday.'],
    ['Mark', 'Religion and holidays\nWe mark the main holidays of every faith in assemblies.'],
  ])('keeps %s, an English word too, when the handbook heads no section with it', async (name, text) => {
    const passage = { text, document: 'Family Handbook', similarity: 0.9 };
    const kept = await unlessASubject(async () => [passage], english, {}, asked(name), name);
    expect(kept.context.parentName).toBe(name);
  });

  it('takes back a subject the handbook answers, and asks it as a question', async () => {
    const understood = asked('Admissions officer');
    expect(understood.context.parentName).toBe('Admissions Officer');
    const looked = await unlessASubject(async () => [staff], english, {}, understood, 'Admissions officer');
    expect(looked.context.parentName).toBeUndefined();
    expect(looked.extraction.isQuestion).toBe(true);
    expect(looked.learnt).toEqual([]);
  });
});

describe('looking a question up', () => {
  const passage = (text: string): KnowledgePassage => ({
    text,
    document: 'Family Handbook',
    similarity: 0.8,
  });
  type Terms = NonNullable<KnowledgePassage['terms']>;
  /** Looks the message up in one passage whose matched words depend on the query; the queries searched. */
  async function lookUpIn(text: string, found: KnowledgePassage, termsFor: (query: string) => Terms) {
    const queries: string[] = [];
    const search = async ({ query }: { query: string }) => {
      queries.push(query);
      return [{ ...found, terms: termsFor(query) }];
    };
    const understood = applyExtraction(text, extractFields(text, {}), {}, {} as DialogueState);
    const { answer } = await lookUp(search, understood, text);
    return { queries, answer };
  }

  it('does not retry the question alone when it keeps only the school’s generic words', async () => {
    const behaviour = passage('Behaviour\nBullying reports are investigated within two school days.');
    // The whole message: 'sick' weighs most, and no passage answers it; 'school' alone matches any.
    const { queries, answer } = await lookUpIn(
      'my kid woke up sick today, how do i tell the school he won’t be in',
      behaviour,
      (query) =>
        query.includes('sick')
          ? [
              { term: 'woke', weight: 0.2, via: null },
              { term: 'sick', weight: 0.78, via: null },
              { term: 'school', weight: 0.02, via: 'exact' },
            ]
          : [{ term: 'school', weight: 1, via: 'exact' }],
    );
    expect(queries).toHaveLength(1);
    expect(answer?.answered).toBe(false);
  });

  it('retries the question alone when it keeps a distinctive word', async () => {
    const lunch = passage('Lunch\nPlease send in a packed lunch on the first day.');
    const { queries, answer } = await lookUpIn(
      'my son has a nut allergy, what do we send in',
      lunch,
      (query) =>
        query.includes('allergy')
          ? [
              { term: 'nut', weight: 0.3, via: null },
              { term: 'allergy', weight: 0.4, via: null },
              { term: 'send', weight: 0.3, via: 'exact' },
            ]
          : [{ term: 'send', weight: 1, via: 'exact' }],
    );
    expect(queries).toEqual(['has a nut allergy what do we send in', 'what do we send in']);
    expect(answer?.text).toContain('send in a packed lunch');
  });

  it('does not retry the question alone when it keeps only what is done ("extra"), not a thing', async () => {
    const fees = passage('Fees\nParents may pay by monthly direct debit at no extra charge.');
    const { queries, answer } = await lookUpIn(
      'my son is dyslexic, what extra help would he actually get',
      fees,
      (query) =>
        query.includes('dyslexic')
          ? [
              { term: 'dyslexic', weight: 0.5, via: null },
              { term: 'extra', weight: 0.3, via: 'exact', names: false },
              { term: 'help', weight: 0.2, via: null, names: false },
            ]
          : [
              { term: 'extra', weight: 0.6, via: 'exact', names: false },
              { term: 'help', weight: 0.4, via: null, names: false },
            ],
    );
    expect(queries).toHaveLength(1);
    expect(answer?.answered).toBe(false);
  });

  it('does not retry a question about what was said before ("bring it") without a thing it names', async () => {
    const tours = passage('Visiting\nPlease do not bring your child to the tour.');
    // 'bring' is distinctive, but says what is done, not what to: 'it' is the dog.
    const { queries, answer } = await lookUpIn(
      'my son has a service dog, would he be allowed to bring it to class',
      tours,
      (query) =>
        query.includes('dog')
          ? [
              { term: 'dog', weight: 0.45, via: null, known: false },
              { term: 'bring', weight: 0.45, via: 'exact', names: false },
              { term: 'class', weight: 0.1, via: null },
            ]
          : [
              { term: 'bring', weight: 0.8, via: 'exact', names: false },
              { term: 'class', weight: 0.2, via: null },
            ],
    );
    expect(queries).toHaveLength(1);
    expect(answer?.answered).toBe(false);
  });
});
