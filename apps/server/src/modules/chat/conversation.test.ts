import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginToken, queryRows, type TestApp } from '../../test/test-app';
import { speechSegmentWithResource, uploadHandbook, widgetClient } from './chat-test-helpers';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
  await uploadHandbook(t, token);
  await speechSegmentWithResource(t, token);
});
afterAll(() => t.close());

describe('a whole offline conversation', () => {
  it('answers from the handbook, gathers the family one question at a time, and makes a scored, tagged lead with a working resource link', async () => {
    const w = widgetClient(t);
    const { visitor_id } = await w.visit();
    const conversation = await w.start(visitor_id);
    expect(conversation.status).toBe('in_progress');
    expect(conversation.messages).toEqual([
      {
        role: 'assistant',
        content: 'Hi! Welcome to My Academy. How can I help you today?',
        timestamp: expect.any(String),
      },
    ]);
    const id = conversation.id;

    const first = await w.say(id, visitor_id, 'Do you offer speech therapy?');
    expect(first.message.content).toContain('Here\'s what our "Parent Handbook.md" says:');
    expect(first.message.content).toContain('offers speech and language therapy on site');
    expect(first.message.content).toContain('May I ask your name?');
    expect(first.status).toBe('in_progress');

    expect((await w.say(id, visitor_id, "I'm Dana Whitfield")).message.content).toMatch(
      /Nice to meet you, Dana![\s\S]*email address/,
    );
    const badEmail = await w.say(id, visitor_id, 'dana@example');
    expect(badEmail.message.content).toContain('"dana@example" doesn\'t look like a complete email address');
    expect((await w.say(id, visitor_id, 'dana.whitfield@example.org')).message.content).toContain(
      "child's first name",
    );
    const children = await w.say(id, visitor_id, 'Two kids: Ava 5 and Leo 9');
    // Name, email and a child: the lead exists now, and the family's resources are offered.
    expect(children.status).toBe('converted');
    expect(children.message.content).toContain('Does Ava have any special needs');
    await w.say(id, visitor_id, 'Ava has a speech delay');
    expect((await w.say(id, visitor_id, 'Leo has ADHD')).message.content).toContain('any other children');
    expect((await w.say(id, visitor_id, 'no')).message.content).toContain('phone number');
    expect((await w.say(id, visitor_id, '(555) 010-2233')).message.content).toContain('text you');
    expect((await w.say(id, visitor_id, 'yes you can text me')).message.content).toContain('hoping to start');
    await w.say(id, visitor_id, 'next school year');
    const last = await w.say(id, visitor_id, 'Leo struggles with reading and I worry about transitions');
    expect(last.message.content).toContain('anything else');
    expect(last.resources).toEqual([
      {
        title: 'Speech therapy guide',
        description: 'How our therapists work',
        download_url: expect.stringMatching(/^\/api\/resources\/download\//),
      },
    ]);
    const file = await t.app.inject({ method: 'GET', url: last.resources[0]!.download_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');

    const [lead] = await queryRows(
      t.database,
      sql`select id from leads where email = 'dana.whitfield@example.org'`,
    );
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/leads/${lead!.id}`, headers: bearer(token) })
    ).json();
    expect(detail.lead).toMatchObject({
      parent_name: 'Dana Whitfield',
      phone: '(555) 010-2233',
      phone_consent: true,
      timeline: 'Next Year',
      segment_tags: ['Speech families'],
    });
    expect(
      detail.lead.children.map((c: { name: string; age: number; special_needs: string[] }) => [
        c.name,
        c.age,
        c.special_needs,
      ]),
    ).toEqual([
      ['Ava', 5, ['Speech/Language Delays']],
      ['Leo', 9, ['ADHD']],
    ]);
    expect(detail.lead.lead_score).toBeGreaterThanOrEqual(60);
    // Conversation History: the whole conversation, completed, with the extracted information.
    const [history] = detail.conversations;
    expect(history).toMatchObject({ completed: true, message_count: 25 });
    expect(history.context).toMatchObject({
      parentName: 'Dana Whitfield',
      email: 'dana.whitfield@example.org',
      childName: 'Ava',
      phoneConsent: true,
      timeline: 'Next Year',
      parentStatus: 'planning',
      children: [
        { name: 'Ava', age: 5, specialNeeds: ['Speech/Language Delays'] },
        { name: 'Leo', age: 9, specialNeeds: ['ADHD'] },
      ],
    });
    expect(history.context.biggestConcerns).toContain('struggles with reading');
    expect(history.ended_at).not.toBeNull();

    const [row] = await queryRows(
      t.database,
      sql`select c.status, c.has_name, c.has_email, c.has_child_info, v.lead_id, v.total_visits, l.completed_conversations, l.source
          from conversations c join visitors v on v.id = c.visitor_id join leads l on l.id = c.lead_id where c.id = ${id}`,
    );
    expect(row).toMatchObject({
      status: 'converted',
      has_name: true,
      has_email: true,
      has_child_info: true,
      lead_id: lead!.id,
      total_visits: 1,
      completed_conversations: 1,
      source: 'chat',
    });
  });

  it('reads a whole introduction in one message, answers its question and makes the lead at once', async () => {
    const w = widgetClient(t);
    const { visitor_id } = await w.visit();
    const { id } = await w.start(visitor_id);
    expect((await w.say(id, visitor_id, 'hi')).message.content).toBe('Hello!\n\nMay I ask your name?');
    const answer = await w.say(
      id,
      visitor_id,
      "Hi, I'm Maria Lopez (maria@example.com). My son Diego is 8 and has a speech delay. What are your class sizes?",
    );
    expect(answer.status).toBe('converted');
    expect(answer.message.content).toContain('Classes have at most eight students');
    expect(answer.message.content).toContain(
      "Thank you, Maria! I've passed your details to our admissions team.",
    );
    expect(answer.message.content).toContain('• Speech therapy guide: How our therapists work');
    expect(answer.message.content).toContain('any other children');
    expect(answer.resources.map((r) => r.title)).toEqual(['Speech therapy guide']);
  });

  it('says plainly when the handbook has no answer, and offers to pass the question to staff', async () => {
    const w = widgetClient(t);
    const { visitor_id } = await w.visit();
    const { id } = await w.start(visitor_id);
    const answer = await w.say(id, visitor_id, 'What is the tuition for the equestrian programme?');
    expect(answer.message.content).toContain("I don't have information about that");
    expect(answer.message.content).toContain('pass your question on to our admissions team');
    expect(answer.message.content).not.toMatch(/\$\d/);
  });

  it('resumes the open conversation after a reload, and a second visit is counted', async () => {
    const w = widgetClient(t);
    const { visitor_id } = await w.visit();
    const first = await w.start(visitor_id);
    await w.say(first.id, visitor_id, 'My name is Priya Nair');
    const again = await w.visit(visitor_id);
    expect(again).toEqual({ visitor_id, total_visits: 2, is_new_visitor: false });
    const resumed = await w.start(visitor_id);
    expect(resumed.id).toBe(first.id);
    expect(resumed.messages.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant']);
    expect((await w.get(first.id, visitor_id)).json().conversation.messages[1].content).toBe(
      'My name is Priya Nair',
    );
  });

  it('starts a new conversation when the old one has been silent for 30 minutes, and marks it abandoned', async () => {
    const w = widgetClient(t);
    const { visitor_id } = await w.visit();
    const old = await w.start(visitor_id);
    await w.say(old.id, visitor_id, 'Hello');
    await t.database.db.execute(
      sql`update conversations set last_activity_at = now() - interval '31 minutes' where id = ${old.id}`,
    );
    expect((await w.get(old.id, visitor_id)).json().conversation.status).toBe('abandoned');
    const fresh = await w.start(visitor_id);
    expect(fresh.id).not.toBe(old.id);
  });
});
