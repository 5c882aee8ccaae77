import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../providers/ai/fake-openai';
import { bearer, createTestApp, loginToken, queryRows, type TestApp } from '../../test/test-app';
import { uploadHandbook, widgetClient } from './chat-test-helpers';

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

  it("streams the model's reply as it arrives, then the done event with the whole answer", async () => {
    const { w, visitor_id, id } = await conversation();
    const res = await w.send(id, visitor_id, 'Do you offer speech therapy?', { accept: 'text/event-stream' });
    const blocks = res.body.split('\n\n').filter(Boolean);
    const deltas = blocks.filter((b) => b.startsWith('event: delta'));
    expect(deltas.length).toBeGreaterThan(3);
    const done = JSON.parse(blocks.at(-1)!.split('data: ')[1]!) as { message: { content: string } };
    expect(done.message.content).toBe(chatReply);
    expect(lastChatRequest(false).body.stream).toBe(true);
  });
});
