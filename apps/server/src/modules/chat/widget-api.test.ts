import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginToken, queryRows, type TestApp } from '../../test/test-app';
import { uploadHandbook, widgetClient } from './chat-test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await uploadHandbook(t, await loginToken(t.app));
});
afterAll(() => t.close());

/** Server-sent events as [event, data] pairs. */
function events(body: string): [string, unknown][] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      return [event, JSON.parse(data) as unknown];
    });
}

describe('visits', () => {
  it('makes an unguessable visitor id, counts visits, and never adopts an id the server did not make', async () => {
    const w = widgetClient(t);
    const first = await w.visit();
    expect(first.visitor_id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(first).toMatchObject({ total_visits: 1, is_new_visitor: true });
    expect(await w.visit(first.visitor_id)).toEqual({
      visitor_id: first.visitor_id,
      total_visits: 2,
      is_new_visitor: false,
    });
    const made = await w.visit('a-made-up-visitor-id-1234');
    expect(made.visitor_id).not.toBe('a-made-up-visitor-id-1234');
    expect(made.is_new_visitor).toBe(true);
  });

  it('answers any origin (the widget runs on the school site), preflight included', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/widget/visits', payload: {} });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/widget/conversations/abc/messages',
      headers: { origin: 'https://school.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('content-type');
  });
});

describe('bad input', () => {
  it('refuses a conversation for a visitor the server never made', async () => {
    const res = await widgetClient(t).post('/widget/conversations', {
      visitor_id: 'nobody-ever-made-this-id',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Unknown visitor');
  });

  it("does not find another visitor's conversation, by GET, by message or by stream, and shows nothing of it", async () => {
    const owner = widgetClient(t);
    const { visitor_id } = await owner.visit();
    const { id } = await owner.start(visitor_id);
    await owner.say(id, visitor_id, 'My name is Secret Person, email secret@example.org');
    const intruder = widgetClient(t);
    const other = (await intruder.visit()).visitor_id;
    for (const res of [
      await intruder.get(id, other),
      await intruder.send(id, other, 'hello'),
      await intruder.send(id, other, 'hello', { accept: 'text/event-stream' }),
      await intruder.get('not-a-uuid', other),
      await intruder.get('00000000-0000-4000-8000-000000000000', other),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Conversation not found' });
    }
    const [row] = await queryRows(
      t.database,
      sql`select jsonb_array_length(messages) as n from conversations where id = ${id}`,
    );
    expect(row!.n).toBe(3);
  });

  it('refuses a 100 KB message before reading it, and a message over 2000 characters with a clear error', async () => {
    const w = widgetClient(t);
    const { visitor_id } = await w.visit();
    const { id } = await w.start(visitor_id);
    const huge = await w.send(id, visitor_id, 'x'.repeat(100 * 1024));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: 'The message is too large' });
    // The same without a Content-Length (a chunked body): cut off at 16 KB.
    const chunked = await t.app.inject({
      method: 'POST',
      url: `/widget/conversations/${id}/messages`,
      headers: { 'content-type': 'application/json' },
      payload: Readable.from([JSON.stringify({ visitor_id, content: 'x'.repeat(100 * 1024) })]),
      remoteAddress: w.address,
    });
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json()).toEqual({ error: 'The message is too large' });
    const long = await w.send(id, visitor_id, 'y'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain('Messages can be at most 2000 characters');
    const blank = await w.send(id, visitor_id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toContain('Please type a message');
    expect((await w.get(id, visitor_id)).json().conversation.messages).toHaveLength(1);
  });

  it('keeps HTML and script as the plain text the parent typed (JSON, never markup of ours)', async () => {
    const w = widgetClient(t);
    const { visitor_id } = await w.visit();
    const { id } = await w.start(visitor_id);
    const typed = '<script>alert(1)</script><img src=x onerror=alert(2)> <b>hi</b>';
    const answer = await w.send(id, visitor_id, typed);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/json');
    const [user] = (await w.get(id, visitor_id)).json().conversation.messages.slice(1);
    expect(user.content).toBe(typed);
    expect(answer.json().message.content).not.toContain('<script>');
  });

  it('rate-limits a flood of messages from one visitor with the wait in seconds', async () => {
    const w = widgetClient(t);
    const { visitor_id } = await w.visit();
    const { id } = await w.start(visitor_id);
    const statuses: number[] = [];
    let limited:
      { statusCode: number; headers: Record<string, unknown>; json: () => { error: string } } | undefined;
    for (let i = 0; i < 25; i++) {
      const res = await w.send(id, visitor_id, `hello ${i}`);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) limited = res;
    }
    expect(statuses.filter((s) => s === 200).length).toBe(19);
    expect(limited?.json().error).toMatch(/Please wait \d+ seconds/);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor is not slowed by this one.
    const calm = widgetClient(t);
    const other = (await calm.visit()).visitor_id;
    expect((await calm.send((await calm.start(other)).id, other, 'hello')).statusCode).toBe(200);
  });
});

describe('streaming', () => {
  it('streams the answer as delta events and ends with the same JSON answer as a done event', async () => {
    const w = widgetClient(t);
    const { visitor_id } = await w.visit();
    const { id } = await w.start(visitor_id);
    const res = await w.send(id, visitor_id, 'What are your class sizes?', { accept: 'text/event-stream' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const stream = events(res.body);
    const deltas = stream.filter(([e]) => e === 'delta').map(([, d]) => (d as { text: string }).text);
    const [doneEvent, done] = stream.at(-1)!;
    expect(doneEvent).toBe('done');
    expect(deltas.join('')).toBe((done as { message: { content: string } }).message.content);
    expect(deltas.join('')).toContain('at most eight students');
    expect(done).toMatchObject({ status: 'in_progress', resources: [] });
  });
});
