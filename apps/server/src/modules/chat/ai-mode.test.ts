import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../providers/ai/fake-openai';
import { bearer, createTestApp, loginToken, queryRows, type TestApp } from '../../test/test-app';
import { FAMILY_HANDBOOK, uploadHandbook, widgetClient } from './chat-test-helpers';

let fake: FakeOpenAi;
let t: TestApp;
let extraction: Record<string, unknown>;
let chatReply: string;

/** The fake model: JSON requests get the extraction, the others the conversational reply. */
const byKind = (body: Record<string, unknown>) =>
  body.response_format ? JSON.stringify(extraction) : chatReply;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  fake.defaultReply = byKind;
  t = await createTestApp({ AI_BASE_URL: fake.url, AI_CHAT_MODEL: 'fake-chat', CHAT_AI_TIMEOUT_MS: '400' });
  const token = await loginToken(t.app);
  await uploadHandbook(t, token);
  await uploadHandbook(t, token, 'Family Handbook.md', FAMILY_HANDBOOK);
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/widget/settings',
    headers: bearer(token),
    payload: {
      school_name: 'Brightwater Academy',
      chatbot_name: 'Robin',
      chatbot_personality: 'Cheerful and concise',
      unique_selling_proposition: 'Classes of eight with on-site therapists',
    },
  });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  extraction = {};
  chatReply = 'Yes, we do! Our speech therapists work on site. May I ask your name?';
  fake.requests.length = 0;
});

const lastChatRequest = (json: boolean) =>
  fake.requests
    .filter((r) => r.path === '/v1/chat/completions' && Boolean(r.body.response_format) === json)
    .at(-1)!;
const contextOf = async (id: string) =>
  (await queryRows(t.database, sql`select context from conversations where id = ${id}`))[0]!
    .context as Record<string, unknown>;

async function conversation() {
  const w = widgetClient(t);
  const { visitor_id } = await w.visit();
  const { id } = await w.start(visitor_id);
  return { w, visitor_id, id };
}

describe('AI mode', () => {
  it("answers with the model's words, prompted with the school's persona and the retrieved passages only", async () => {
    const { w, visitor_id, id } = await conversation();
    const answer = await w.say(id, visitor_id, 'Do you offer speech therapy?');
    expect(answer.message.content).toBe(chatReply);
    const system = (lastChatRequest(false).body.messages as { role: string; content: string }[])[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('You are Robin, the admissions assistant of Brightwater Academy.');
    expect(system.content).toContain('Cheerful and concise');
    expect(system.content).toContain('Classes of eight with on-site therapists');
    expect(system.content).toContain('ONLY from these passages');
    expect(system.content).toContain('offers speech and language therapy on site');
    expect(system.content).toContain('May I ask your name?');
  });

  it("takes the model's fields only where they pass the same checks as the patterns", async () => {
    const { w, visitor_id, id } = await conversation();
    extraction = {
      parentName: 'Dana Whitfield',
      email: 'not-an-email',
      children: [
        { name: 'Sam', age: 7, specialNeeds: ['Autism / ASD'] },
        { name: 'Zed', age: 4, specialNeeds: [] },
      ],
      timeline: 'next school year',
    };
    await w.say(
      id,
      visitor_id,
      'Dana Whitfield here, my boy Sam is on the spectrum, we want to start next school year',
    );
    const context = await contextOf(id);
    expect(context).toMatchObject({
      parentName: 'Dana Whitfield',
      timeline: 'Next Year',
      children: [{ name: 'Sam', age: null, specialNeeds: ['Autism/ASD'] }],
    });
    // The invented child, the age nobody wrote and the bad email were not taken.
    expect(context.email).toBeUndefined();
    expect((context.children as unknown[]).length).toBe(1);
    // An age the parent did write is taken.
    extraction = { children: [{ name: 'Sam', age: 7 }] };
    await w.say(id, visitor_id, 'He turned 7 last week');
    expect(((await contextOf(id)).children as { age: number }[])[0]!.age).toBe(7);
  });

  it('still reads the patterns when the model answers something that is not JSON', async () => {
    const { w, visitor_id, id } = await conversation();
    fake.scriptReplies('this is not json', 'Thanks!');
    await w.say(id, visitor_id, 'my email is dana@example.org');
    expect((await contextOf(id)).email).toBe('dana@example.org');
  });

  it('falls back to the offline answer when the provider fails with 500', async () => {
    const { w, visitor_id, id } = await conversation();
    fake.failNext(1, 500, '/v1/chat/completions');
    const answer = await w.say(id, visitor_id, 'Do you offer speech therapy?');
    // One failed call is enough: the answer does not wait for the provider a second time.
    expect(fake.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(1);
    expect(answer.message.content).toContain('offers speech and language therapy on site');
    expect(answer.message.content).toContain('May I ask your name?');
  });

  it('falls back to the offline answer when the provider does not answer in time', async () => {
    const { w, visitor_id, id } = await conversation();
    fake.stallNext(1, 3000, '/v1/chat/completions');
    const started = Date.now();
    const answer = await w.say(id, visitor_id, "I'm Priya");
    // One timeout (400 ms here), not two.
    expect(Date.now() - started).toBeLessThan(2500);
    expect(answer.message.content).toContain('Nice to meet you, Priya!');
  });

  it('falls back to the offline answer when only the answer call fails', async () => {
    const { w, visitor_id, id } = await conversation();
    // The extraction answers; the answer's own call (the next request) then fails with 500.
    fake.scriptReplies(() => {
      fake.failNext(1, 500, '/v1/chat/completions');
      return JSON.stringify({});
    });
    const answer = await w.say(id, visitor_id, 'Do you offer speech therapy?');
    expect(fake.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(2);
    expect(answer.message.content).toContain('offers speech and language therapy on site');
  });

  it("streams the model's reply as it arrives, a checked sentence at a time, then the done event with the whole answer", async () => {
    const { w, visitor_id, id } = await conversation();
    const res = await w.send(id, visitor_id, 'Do you offer speech therapy?', { accept: 'text/event-stream' });
    const { deltas, done } = streamed(res.body);
    expect(deltas).toEqual(['Yes, we do!', ' Our speech therapists work on site.', ' May I ask your name?']);
    expect(done).toBe(chatReply);
    expect(lastChatRequest(false).body.stream).toBe(true);
  });
});

/** The delta texts and the done event's content of a server-sent events answer. */
function streamed(body: string) {
  const blocks = body.split('\n\n').filter(Boolean);
  const data = (b: string) => JSON.parse(b.split('data: ')[1]!) as Record<string, unknown>;
  return {
    deltas: blocks.filter((b) => b.startsWith('event: delta')).map((b) => data(b).text as string),
    done: (data(blocks.at(-1)!).message as { content: string }).content,
  };
}

describe('AI mode holds to the passages', () => {
  it('refuses an invented price and gives the offline quote instead', async () => {
    const { w, visitor_id, id } = await conversation();
    chatReply = 'Tuition for the Upper School is $39,900 a year. May I ask your name?';
    const answer = (await w.say(id, visitor_id, 'How much is tuition for grade 10?')).message.content;
    expect(answer).not.toContain('39,900');
    expect(answer).toContain('Here\'s what our "Family Handbook.md" says:');
    expect(answer).toContain('Upper School: grades 9 to 12; annual tuition $48,200');
    expect(answer).toContain('May I ask your name?');
  });

  it('refuses an invented name and gives the offline quote instead', async () => {
    const { w, visitor_id, id } = await conversation();
    chatReply = 'Yes! Our speech therapist, Mrs. Jenkins, sees students on site. May I ask your name?';
    const answer = (await w.say(id, visitor_id, 'Do you offer speech therapy?')).message.content;
    expect(answer).not.toContain('Jenkins');
    expect(answer).toContain('offers speech and language therapy on site');
  });

  it('says it does not know when the model invents an answer the passages do not hold', async () => {
    const { w, visitor_id, id } = await conversation();
    chatReply = 'Our equestrian programme costs $5,000 a year, riding lessons included.';
    const answer = (await w.say(id, visitor_id, 'What is the tuition for the equestrian programme?')).message
      .content;
    expect(answer).not.toContain('5,000');
    expect(answer).toContain("I don't have information about that");
    expect(answer).toContain('pass your question on to our admissions team');
  });

  it("does not take a parent's figure as a source for a price", async () => {
    const { w, visitor_id, id } = await conversation();
    chatReply = 'Yes, tuition for grade 10 is $100 a year.';
    const answer = (await w.say(id, visitor_id, 'Is tuition for grade 10 $100?')).message.content;
    expect(answer).not.toContain(chatReply);
    expect(answer).not.toContain('is $100');
  });

  it('keeps a faithful answer with figures from the passages', async () => {
    const { w, visitor_id, id } = await conversation();
    chatReply =
      'Upper School tuition (grades 9 to 12) is $48,200 a year, paid in two instalments. May I ask your name?';
    const answer = (await w.say(id, visitor_id, 'How much is tuition for grade 10?')).message.content;
    expect(answer).toBe(chatReply);
  });

  it("keeps a faithful answer with the school's, the chatbot's and the family's names", async () => {
    const { w, visitor_id, id } = await conversation();
    extraction = { parentName: 'Dana Whitfield', children: [{ name: 'Sam', age: 7 }] };
    chatReply =
      "Hi Dana! Yes, Brightwater Academy offers speech and language therapy on site, so Sam, at 7, could see our therapists two to three times a week. I'm Robin, by the way. What's the best email address to reach you, Dana?";
    const answer = (
      await w.say(id, visitor_id, "I'm Dana Whitfield, my son Sam is 7. Do you offer speech therapy?")
    ).message.content;
    expect(answer).toBe(chatReply);
  });

  it('streams the checked sentences, then the offline answer in place of the one that invented a figure', async () => {
    const { w, visitor_id, id } = await conversation();
    chatReply = 'Great question! The Upper School costs $52,000 a year. May I ask your name?';
    const res = await w.send(id, visitor_id, 'How much is tuition for grade 10?', {
      accept: 'text/event-stream',
    });
    const { deltas, done } = streamed(res.body);
    expect(deltas.join('')).toBe(done);
    expect(done).toMatch(/^Great question!\n\nHere's what our "Family Handbook.md" says: /);
    expect(done).toContain('annual tuition $48,200');
    expect(done).not.toContain('52,000');
  });
});
