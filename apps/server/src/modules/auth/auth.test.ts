import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../security/secret-box';
import {
  bearer,
  createTestApp,
  DEFAULT_ADMIN,
  freshAddress,
  login,
  loginToken,
  queryRows,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/admin/me', headers: bearer(token) });

describe('POST /admin/login', () => {
  it('signs in with the default account and answers a token and the user', async () => {
    const res = await login(t.app);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ email: DEFAULT_ADMIN.email, twoFactorEnabled: false });
    expect((await me(body.token)).json().user.email).toBe(DEFAULT_ADMIN.email);
  });

  it('accepts the email in any letter case', async () => {
    const res = await login(t.app, {
      email: DEFAULT_ADMIN.email.toUpperCase(),
      password: DEFAULT_ADMIN.password,
    });
    expect(res.statusCode).toBe(200);
  });

  it('stores only a hash of the session token and an argon2id password hash', async () => {
    const token = await loginToken(t.app);
    const hashed = await queryRows(
      t.database,
      sql`select token_hash from admin_sessions where token_hash = ${sha256Hex(token)}`,
    );
    expect(hashed).toHaveLength(1);
    expect(
      await queryRows(t.database, sql`select 1 from admin_sessions where token_hash = ${token}`),
    ).toHaveLength(0);
    const users = await queryRows(t.database, sql`select password_hash from admin_users`);
    expect(String(users[0]?.password_hash)).toMatch(/^\$argon2id\$/);
  });

  it('gives a wrong password and an unknown email the same status, body and about the same time', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await login(t.app, { email, password: 'not-the-password' });
      return { res, ms: performance.now() - started };
    };
    // Two of each, interleaved, compared by their fastest: other work on the machine only ever adds
    // time, so the fastest is the closest to the work itself (more would lock the account out).
    const wrongTimes: number[] = [];
    const unknownTimes: number[] = [];
    let wrong!: Awaited<ReturnType<typeof timed>>;
    let unknown!: Awaited<ReturnType<typeof timed>>;
    for (let i = 0; i < 2; i++) {
      wrong = await timed(DEFAULT_ADMIN.email);
      unknown = await timed('nobody@school.example');
      wrongTimes.push(wrong.ms);
      unknownTimes.push(unknown.ms);
    }
    expect(wrong.res.statusCode).toBe(401);
    expect(unknown.res.statusCode).toBe(401);
    expect(unknown.res.body).toBe(wrong.res.body);
    expect(wrong.res.json()).toEqual({ error: 'Invalid email or password' });
    // Both paths run one argon2 verification; neither answers in a fraction of the other's time.
    const ratio = Math.min(...unknownTimes) / Math.min(...wrongTimes);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });

  it.each([
    ['a missing password', { email: DEFAULT_ADMIN.email }],
    ['a missing email', { password: 'x' }],
    ['wrong types', { email: 42, password: true }],
    ['an unknown field', { email: DEFAULT_ADMIN.email, password: 'x', role: 'owner' }],
    ['a malformed code', { email: DEFAULT_ADMIN.email, password: 'x', twoFactorCode: '12ab56' }],
  ])('refuses %s with a 400 and an error message', async (_name, payload) => {
    const res = await login(t.app, payload);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });

  it('names the unknown field it refuses', async () => {
    const res = await login(t.app, {
      email: DEFAULT_ADMIN.email,
      password: 'x',
      id: 'abc',
      created_by: 'me',
    });
    expect(res.json().error).toContain('id');
    expect(res.json().error).toContain('created_by');
  });

  it('refuses a 1 MB body with a 413 and an error message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: DEFAULT_ADMIN.email, password: 'x'.repeat(1024 * 1024) }),
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBeTruthy();
  });

  it('refuses malformed JSON with a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Malformed JSON body' });
  });
});

describe('sessions', () => {
  it('answers 401 without a token, with a malformed token and with an unknown token', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      bearer('x'.repeat(43)),
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/admin/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBeTruthy();
    }
  });

  it('revokes the session on logout, even right after it was used (and cached)', async () => {
    const token = await loginToken(t.app);
    expect((await me(token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/admin/logout', headers: bearer(token) });
    expect(out.json()).toEqual({ success: true });
    expect((await me(token)).statusCode).toBe(401);
  });

  it('expires a session after the idle limit', async () => {
    const token = await loginToken(t.app);
    await t.database.db.execute(
      sql`update admin_sessions set last_used_at = now() - interval '481 minutes' where token_hash = ${sha256Hex(token)}`,
    );
    expect((await me(token)).statusCode).toBe(401);
  });

  it('expires a session at its absolute limit even when in use', async () => {
    const token = await loginToken(t.app);
    await t.database.db.execute(
      sql`update admin_sessions set expires_at = now() - interval '1 second' where token_hash = ${sha256Hex(token)}`,
    );
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('changing the password', () => {
  it('refuses a wrong current password and a short new one without changing anything', async () => {
    const token = await loginToken(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/admin/password',
      headers: bearer(token),
      payload: { currentPassword: 'nope', newPassword: 'a-long-new-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('The current password is not correct');
    const short = await t.app.inject({
      method: 'POST',
      url: '/admin/password',
      headers: bearer(token),
      payload: { currentPassword: DEFAULT_ADMIN.password, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect((await login(t.app)).statusCode).toBe(200);
  });

  it('revokes the other sessions, keeps this one, and hides the development hint', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/admin/login-hint' })).json().devCredentials).toEqual(
      DEFAULT_ADMIN,
    );
    const other = await loginToken(t.app);
    const current = await loginToken(t.app);
    expect((await me(other)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/password',
      headers: bearer(current),
      payload: { currentPassword: DEFAULT_ADMIN.password, newPassword: 'a-much-better-passphrase' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(current)).statusCode).toBe(200);
    expect((await login(t.app)).statusCode).toBe(401);
    expect(
      (await login(t.app, { email: DEFAULT_ADMIN.email, password: 'a-much-better-passphrase' })).statusCode,
    ).toBe(200);
    const hint = await t.app.inject({ method: 'GET', url: '/admin/login-hint' });
    expect(hint.json()).toEqual({ devCredentials: null });
  });
});
