import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, freshAddress, loginToken, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;

const enrol = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/widget/submit-lead',
    remoteAddress: freshAddress(),
    payload: {
      visitorId: 'visitor-outbox',
      leadData: {
        parentName: 'Sam Okafor',
        email,
        phone: '(555) 010-2233',
        phoneConsent: 'yes',
        timeline: 'Immediately',
      },
      children: [{ name: 'Ari', age: 7, special_needs: ['Autism / ASD'], current_support: '' }],
      website: '',
    },
  });

const outbox = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/outbox${query}`, headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
  for (const who of ['one', 'two', 'three']) {
    const res = await enrol(`${who}@example.org`);
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('GET /api/outbox', () => {
  it('pages by offset, newest first, with the total and whether more follow', async () => {
    const first = await outbox('?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 3, hasMore: true, provider: 'outbox' });
    const second = await outbox('?limit=2&offset=2');
    expect(second.json()).toMatchObject({ total: 3, hasMore: false });
    const seen = [...first.json().messages, ...second.json().messages].map((m: { to: string }) => m.to);
    expect(seen).toEqual(['three@example.org', 'two@example.org', 'one@example.org']);
  });

  it('counts only the messages to the address asked for', async () => {
    const res = await outbox('?to=TWO@example.org');
    expect(res.json()).toMatchObject({ total: 1, hasMore: false });
    expect(res.json().messages).toHaveLength(1);
  });

  it('refuses a bad page with the one error shape', async () => {
    const res = await outbox('?offset=-1');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/offset/);
    expect((await outbox('?limit=500')).statusCode).toBe(400);
  });
});
