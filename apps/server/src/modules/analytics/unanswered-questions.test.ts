import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, freshAddress, loginToken, type TestApp } from '../../test/test-app';

// The knowledge base is empty, so every question the visitors ask below goes unanswered.
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
});
afterAll(() => t.close());

/** A visitor's conversation through the widget's API, asking each question in turn; its id. */
async function converse(...questions: string[]): Promise<string> {
  const remoteAddress = freshAddress();
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const { visitor_id } = await post('/widget/visits', {});
  const { conversation } = await post('/widget/conversations', { visitor_id });
  for (const content of questions) {
    await post(`/widget/conversations/${conversation.id}/messages`, { visitor_id, content });
  }
  return conversation.id;
}

async function unanswered(query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/analytics/unanswered-questions${query}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('unanswered questions', () => {
  it('groups the questions nobody could answer by similar wording, most asked first', async () => {
    const first = await converse('What are your tuition fees?', 'Do you have a swimming pool?');
    const second = await converse('Tuition fees??');
    const third = await converse('how much are the fees for tuition', 'Is there a swimming pool');

    const answer = await unanswered();
    expect(answer.considered).toBe(3);
    expect(answer.groups.map((g: { count: number }) => g.count)).toEqual([3, 2]);
    const [fees, pool] = answer.groups;
    expect(fees.wordings).toHaveLength(3);
    expect(fees.wordings).toEqual(
      expect.arrayContaining([
        'What are your tuition fees?',
        'Tuition fees??',
        'how much are the fees for tuition',
      ]),
    );
    expect(fees.wordings).toContain(fees.question);
    expect(fees.conversations.map((c: { id: string }) => c.id)).toEqual([third, second, first]);
    expect(pool.wordings).toEqual(
      expect.arrayContaining(['Do you have a swimming pool?', 'Is there a swimming pool']),
    );
    expect(pool.conversations.map((c: { id: string }) => c.id)).toEqual([third, first]);
    expect(Date.parse(fees.last_asked_at)).toBeGreaterThanOrEqual(
      Date.parse(fees.conversations[0].started_at),
    );
  });

  it('counts only the conversations of the period', async () => {
    expect(await unanswered('?dateFrom=2020-01-01&dateTo=2020-01-31')).toEqual({ groups: [], considered: 0 });
  });

  it('refuses a bad period', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/unanswered-questions?period=forever',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics/unanswered-questions' });
    expect(res.statusCode).toBe(401);
  });
});
