import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginToken, queryRows, type TestApp } from '../../test/test-app';
import { FAMILY_HANDBOOK, uploadHandbook, widgetClient } from './chat-test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const token = await loginToken(t.app);
  await uploadHandbook(t, token);
  await uploadHandbook(t, token, 'Family Handbook.md', FAMILY_HANDBOOK);
});
afterAll(() => t.close());

async function ask(question: string) {
  const w = widgetClient(t);
  const { visitor_id } = await w.visit();
  const { id } = await w.start(visitor_id);
  return (await w.say(id, visitor_id, question)).message.content;
}

const FROM_FAMILY = 'Here\'s what our "Family Handbook.md" says:';
const DONT_KNOW = "I don't have information about that";

describe('the offline bot answers only what a passage answers', () => {
  it.each([
    ['How much is tuition for grade 10?', 'Upper School: grades 9 to 12; annual tuition $48,200'],
    ['what is the annual tuition in the lower school', 'Lower School: grades K to 4; annual tuition $21,000'],
    ['When is tuition due', 'on August 1 and January 15'],
    ['how much is the bus', 'The bus fee is $1,200 a year.'],
    [
      'I was wondering if there is a bus from Millbrook',
      'Buses run on three routes from Oakton, Millbrook and Riverside.',
    ],
  ])('quotes the row or sentence with its figure and the document: %s', async (question, expected) => {
    const answer = await ask(question);
    expect(answer).toContain(FROM_FAMILY);
    expect(answer).toContain(expected);
    expect(answer).not.toContain(DONT_KNOW);
  });

  it('quotes a table row with its caption, not its neighbours', async () => {
    const answer = await ask('how much is tuition for grade 10');
    expect(answer).toContain('Annual tuition 2025-26 — Upper School: grades 9 to 12; annual tuition $48,200');
    expect(answer).not.toContain('$21,000');
    expect(answer).not.toContain('$32,500');
  });

  it.each([
    'Do the students at your school have a robotics club?',
    'What is the tuition for the equestrian programme?',
    'Is there a school bus from Springfield?',
    'How much is the school trip to Paris for students?',
  ])(
    'says it does not know, and offers to pass it on, when the handbook only shares words: %s',
    async (question) => {
      const answer = await ask(question);
      expect(answer).toContain(DONT_KNOW);
      expect(answer).toContain('pass your question on to our admissions team');
      expect(answer).not.toContain("Here's what our");
      expect(answer).not.toMatch(/\$\d/);
    },
  );

  it('answers a question that follows a statement about the child, and reads the statement too', async () => {
    const w = widgetClient(t);
    const { visitor_id } = await w.visit();
    const { id } = await w.start(visitor_id);
    const answer = await w.say(id, visitor_id, 'My son Sam is 7 and has ADHD. Do you have small classes');
    expect(answer.message.content).toContain('Classes have at most eight students');
    const [row] = await queryRows(t.database, sql`select context from conversations where id = ${id}`);
    expect(row!.context).toMatchObject({ children: [{ name: 'Sam', age: 7, specialNeeds: ['ADHD'] }] });
  });

  it('answers a statement that ends in a question, without a question mark', async () => {
    const answer = await ask('my daughter has dyslexia, is the school able to support her');
    expect(answer).toContain(FROM_FAMILY);
    expect(answer).toContain('students who have dyslexia');
  });

  it('answers a remark that names a subject the handbook answers, and stays quiet about one it does not', async () => {
    const answered = await ask('the bus fee from Millbrook');
    expect(answered).toContain(FROM_FAMILY);
    expect(answered).toContain('The bus fee is $1,200 a year.');
    const remark = await ask('She really dislikes loud swimming galas');
    expect(remark).not.toContain(DONT_KNOW);
    expect(remark).not.toContain(FROM_FAMILY);
  });

  it('answers a few words typed as a search, or says it does not know; a name alone is no search', async () => {
    const answered = await ask('bus fee');
    expect(answered).toContain(FROM_FAMILY);
    expect(answered).toContain('The bus fee is $1,200 a year.');
    const unknown = await ask('swimming pool');
    expect(unknown).toContain(DONT_KNOW);
    expect(unknown).toContain('pass your question on to our admissions team');
    const name = await ask('Maria Lopez');
    expect(name).not.toContain(DONT_KNOW);
    expect(name).toContain('May I ask your name?');
  });

  it('asks nothing of the knowledge base for a question with no subject yet', async () => {
    const answer = await ask('I have a question');
    expect(answer).not.toContain(DONT_KNOW);
    expect(answer).toContain('May I ask your name?');
  });

  it('takes bare answers to its own questions as answers, not questions', async () => {
    const w = widgetClient(t);
    const { visitor_id } = await w.visit();
    const { id } = await w.start(visitor_id);
    expect((await w.say(id, visitor_id, 'hi')).message.content).toContain('May I ask your name?');
    expect((await w.say(id, visitor_id, 'Maria Lopez')).message.content).toContain(
      'Nice to meet you, Maria!',
    );
    const email = (await w.say(id, visitor_id, 'maria@example.com')).message.content;
    expect(email).toContain("child's first name");
    expect(email).not.toContain(DONT_KNOW);
    expect((await w.say(id, visitor_id, 'Sam')).message.content).toContain('How old is Sam?');
    const age = (await w.say(id, visitor_id, '7')).message.content;
    expect(age).toContain('Does Sam have any special needs');
    expect(age).not.toContain(DONT_KNOW);
  });
});

describe('a reply to the name question', () => {
  it('that the handbook answers is looked up as a question, not taken for the name', async () => {
    const w = widgetClient(t);
    const { visitor_id } = await w.visit();
    const { id } = await w.start(visitor_id);
    expect((await w.say(id, visitor_id, 'When is tuition due')).message.content).toContain(
      'May I ask your name?',
    );
    // A parent asks the next thing, typed as a search (a phone capitalises it).
    const clubs = (await w.say(id, visitor_id, 'Clubs')).message.content;
    expect(clubs).toContain('chess, choir, drama and debating');
    expect(clubs).not.toContain('Nice to meet you');
    expect(clubs).toContain('May I ask your name?');
    expect((await w.say(id, visitor_id, 'Maria')).message.content).toContain('Nice to meet you, Maria!');
  });

  it('that the handbook does not answer is the name, even when it is an English word', async () => {
    const w = widgetClient(t);
    const { visitor_id } = await w.visit();
    const { id } = await w.start(visitor_id);
    await w.say(id, visitor_id, 'hi');
    expect((await w.say(id, visitor_id, 'Grace')).message.content).toContain('Nice to meet you, Grace!');
  });
});
