import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestApp,
  DEFAULT_ADMIN,
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

const post = (url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const status = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/admin/2fa/status', headers: bearer(token) })).json();
/** The code an authenticator shows `stepsAhead` 30-second steps from now (inside the accepted drift). */
const totp = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
const withCode = (twoFactorCode: string) => ({ ...DEFAULT_ADMIN, twoFactorCode });

describe('two-factor authentication', () => {
  let token: string;
  let secret: string;
  let backupCodes: string[];

  it('starts disabled', async () => {
    token = await loginToken(t.app);
    expect(await status(token)).toEqual({ enabled: false, setupAt: null });
  });

  it('hands out a QR code, a key and 10 single-use backup codes, but stays off until verified', async () => {
    const res = await post('/admin/2fa/setup', token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.qrCodeUrl).toMatch(/^data:image\/png;base64,/);
    expect(body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(body.backupCodes).toHaveLength(10);
    for (const code of body.backupCodes) expect(code).toMatch(/^\d{8}$/);
    expect(new Set(body.backupCodes).size).toBe(10);
    secret = body.secret;
    backupCodes = body.backupCodes;
    expect((await status(token)).enabled).toBe(false);
    expect((await login(t.app)).json()).toHaveProperty('token');
  });

  it('refuses a wrong verification code with a 400 (not a 401 that would sign the user out)', async () => {
    const res = await post('/admin/2fa/verify-setup', token, { code: '000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid verification code' });
    const malformed = await post('/admin/2fa/verify-setup', token, { code: '12345' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toContain('Please enter a valid 6-digit code');
  });

  it('enables two-factor with a right code and signs out the other sessions', async () => {
    const other = await loginToken(t.app);
    const res = await post('/admin/2fa/verify-setup', token, { code: await totp(secret) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: '2FA enabled successfully!' });
    const s = await status(token);
    expect(s.enabled).toBe(true);
    expect(new Date(s.setupAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/admin/me', headers: bearer(other) })).statusCode).toBe(
      401,
    );
  });

  it('keeps the TOTP secret encrypted and the backup codes hashed at rest', async () => {
    const users = await queryRows(t.database, sql`select * from admin_users`);
    const codes = await queryRows(t.database, sql`select code_hash from admin_backup_codes`);
    const stored = JSON.stringify([users, codes]);
    expect(stored).not.toContain(secret);
    for (const code of backupCodes) expect(stored).not.toContain(code);
    expect(codes).toHaveLength(10);
  });

  it('asks for a code after the password, then signs in with a TOTP code', async () => {
    expect((await login(t.app)).json()).toEqual({ requiresTwoFactor: true });
    const wrongPassword = await login(t.app, {
      ...DEFAULT_ADMIN,
      password: 'wrong',
      twoFactorCode: await totp(secret, 1),
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: 'Invalid email or password' });
    const res = await login(t.app, withCode(await totp(secret, 1)));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.twoFactorEnabled).toBe(true);
  });

  it('refuses the same TOTP code a second time', async () => {
    const res = await login(t.app, withCode(await totp(secret, 1)));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid two-factor code' });
  });

  it('accepts a backup code once and refuses it the second time', async () => {
    const code = backupCodes[0]!;
    expect((await login(t.app, withCode(code))).statusCode).toBe(200);
    const again = await login(t.app, withCode(code));
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: 'Invalid two-factor code' });
  });

  it('regenerates backup codes with a current code; the old ones stop working', async () => {
    token = await loginToken(t.app, withCode(backupCodes[1]!));
    expect((await post('/admin/2fa/regenerate-backup-codes', token, { code: '123456' })).statusCode).toBe(
      400,
    );
    // The last code used was one step ahead; a later code only exists once the clock moves on.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 90_000);
    const res = await post('/admin/2fa/regenerate-backup-codes', token, { code: await totp(secret) });
    vi.useRealTimers();
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().backupCodes;
    expect(fresh).toHaveLength(10);
    expect((await login(t.app, withCode(backupCodes[2]!))).statusCode).toBe(401);
    expect((await login(t.app, withCode(fresh[0]!))).statusCode).toBe(200);
    backupCodes = fresh.slice(1);
  });

  it('disables only with the right password and code', async () => {
    token = await loginToken(t.app, withCode(backupCodes[0]!));
    const noPassword = await post('/admin/2fa/disable', token, { password: 'wrong', code: backupCodes[1]! });
    expect(noPassword.statusCode).toBe(400);
    expect((await status(token)).enabled).toBe(true);
    const badCode = await post('/admin/2fa/disable', token, {
      password: DEFAULT_ADMIN.password,
      code: '111111',
    });
    expect(badCode.statusCode).toBe(400);
    const res = await post('/admin/2fa/disable', token, {
      password: DEFAULT_ADMIN.password,
      code: backupCodes[1]!,
    });
    expect(res.json()).toEqual({ success: true, message: '2FA disabled successfully' });
    expect(await status(token)).toEqual({ enabled: false, setupAt: null });
    expect((await login(t.app)).json()).toHaveProperty('token');
  });
});

describe('two-factor rate limits', () => {
  it('answers 429 after 5 wrong codes for the account', async () => {
    const token = await loginToken(t.app);
    const { secret } = (await post('/admin/2fa/setup', token)).json();
    await post('/admin/2fa/verify-setup', token, { code: await totp(secret) });
    const fresh = await loginToken(t.app, withCode(await totp(secret, 1)));
    expect(fresh).toBeTruthy();
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, withCode(`00000${i}`))).statusCode).toBe(401);
    }
    const res = await login(t.app, withCode(await totp(secret, -1)));
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/Too many failed two-factor codes/);
  });
});
