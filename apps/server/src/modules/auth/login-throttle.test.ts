import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, freshAddress, login, type TestApp } from '../../test/test-app';
import { createAuthRepository } from './auth.repository';
import { addressKey } from './login-throttle';
import { hashPassword } from './passwords';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Admin = { email: string; password: string };

let adminCount = 0;
/** A separate account per test, so one test's failures do not spill into the next. */
async function makeAdmin(): Promise<Admin> {
  adminCount += 1;
  const admin = {
    email: `admin-${adminCount}@school.example`,
    password: `correct-horse-battery-${adminCount}`,
  };
  await createAuthRepository(t.database.db).insertUser({
    email: admin.email,
    name: `Admin ${adminCount}`,
    passwordHash: await hashPassword(admin.password),
  });
  return admin;
}

const wrong = (admin: Admin) => ({ email: admin.email, password: 'not-the-password' });

async function signIn(admin: Admin, twoFactorCode?: string): Promise<string> {
  const res = await login(t.app, { ...admin, ...(twoFactorCode ? { twoFactorCode } : {}) });
  if (!res.json().token) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

const post = (url: string, token: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload, remoteAddress });

/** Turns two-factor on for the admin; answers a session token, the key and the backup codes. */
async function withTwoFactor(admin: Admin) {
  const address = freshAddress();
  const setupToken = await signIn(admin);
  const { secret, backupCodes } = (await post('/admin/2fa/setup', setupToken, {}, address)).json();
  const code = await generate({ secret });
  expect((await post('/admin/2fa/verify-setup', setupToken, { code }, address)).statusCode).toBe(200);
  const token = await signIn(admin, backupCodes[0]);
  return { token, secret: secret as string, backupCodes: (backupCodes as string[]).slice(1) };
}

function expectLockout(res: { statusCode: number; json: () => { error: string; retryAfter: number } }) {
  expect(res.statusCode).toBe(429);
  expect(res.json().error).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
  expect(res.json().retryAfter).toBeGreaterThan(0);
}

describe('sign-in lockout', () => {
  it('locks an address out of an account for 15 minutes after 5 failures, even with the right password', async () => {
    const admin = await makeAdmin();
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++) expect((await login(t.app, wrong(admin), attacker)).statusCode).toBe(401);
    const res = await login(t.app, admin, attacker);
    expectLockout(res);
    expect(res.json().error).toMatch(/in 1[45] minutes/);
    expect(res.json().retryAfter).toBeGreaterThan(800);
    expect(Number(res.headers['retry-after'])).toBe(res.json().retryAfter);
  });

  it('lets the real admin sign in from another address while the account is under attack', async () => {
    const admin = await makeAdmin();
    const attacker = freshAddress();
    for (let i = 0; i < 8; i++) await login(t.app, wrong(admin), attacker);
    expect((await login(t.app, admin, attacker)).statusCode).toBe(429);
    const res = await login(t.app, admin, freshAddress());
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(admin.email);
  });

  it('locks an address after 5 failures across different accounts', async () => {
    const admin = await makeAdmin();
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      await login(t.app, { email: `spray-${i}@school.example`, password: 'guess' }, address);
    }
    expectLockout(await login(t.app, admin, address));
    expect((await login(t.app, admin)).statusCode).toBe(200);
  });

  it('gives each address a single guess at an account that many addresses are guessing', async () => {
    const admin = await makeAdmin();
    const sprayers = Array.from({ length: 5 }, () => freshAddress());
    for (const address of sprayers) expect((await login(t.app, wrong(admin), address)).statusCode).toBe(401);

    // Under attack: an address that has already failed for this account is refused, and the
    // answer is the same with the right password, so the refusal reveals nothing.
    expectLockout(await login(t.app, wrong(admin), sprayers[0]));
    expectLockout(await login(t.app, admin, sprayers[1]));

    const newcomer = freshAddress();
    expect((await login(t.app, wrong(admin), newcomer)).statusCode).toBe(401);
    expectLockout(await login(t.app, wrong(admin), newcomer));

    // The real admin, from an address with no failures, still gets in; that does not end the attack.
    expect((await login(t.app, admin)).statusCode).toBe(200);
    expectLockout(await login(t.app, wrong(admin), sprayers[2]));
  });

  it('counts the addresses of one IPv6 /64 as one address', async () => {
    const admin = await makeAdmin();
    for (let i = 1; i <= 5; i++) {
      const res = await login(
        t.app,
        { email: `v6-${i}@school.example`, password: 'guess' },
        `2001:db8:5:6::${i}`,
      );
      expect(res.statusCode).toBe(401);
    }
    expectLockout(await login(t.app, admin, '2001:db8:5:6:ffff::99'));
    expect((await login(t.app, admin, '2001:db8:5:7::1')).statusCode).toBe(200);
  });
});

describe('two-factor codes', () => {
  it('lets the real admin in with password and code from another address while one address is locked out', async () => {
    const admin = await makeAdmin();
    const { secret } = await withTwoFactor(admin);
    const attacker = freshAddress();
    for (let i = 0; i < 8; i++) await login(t.app, { ...wrong(admin), twoFactorCode: '123456' }, attacker);
    expectLockout(await login(t.app, admin, attacker));
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const res = await login(t.app, { ...admin, twoFactorCode: code }, freshAddress());
    expect(res.statusCode).toBe(200);
  });

  it('limits wrong codes per account wherever they come from, even with the right password', async () => {
    const admin = await makeAdmin();
    const { secret } = await withTwoFactor(admin);
    for (let i = 0; i < 5; i++) {
      const res = await login(t.app, { ...admin, twoFactorCode: `90000${i}` }, freshAddress());
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Invalid two-factor code' });
    }
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const res = await login(t.app, { ...admin, twoFactorCode: code }, freshAddress());
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(
      /^Too many failed two-factor codes\. Please try again in 1[45] minutes\.$/,
    );
  });
});

describe('checking the current password behind a session', () => {
  const changePassword = (token: string, currentPassword: string, address: string) =>
    post('/admin/password', token, { currentPassword, newPassword: 'a-brand-new-passphrase' }, address);

  it('answers 429 on POST /admin/password after 5 wrong current passwords, even for the right one', async () => {
    const admin = await makeAdmin();
    const token = await signIn(admin);
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      const res = await changePassword(token, `guess-${i}`, address);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'The current password is not correct' });
    }
    for (let i = 0; i < 3; i++) expectLockout(await changePassword(token, admin.password, address));
    // The guesses count for signing in from that address too; the password is unchanged.
    expectLockout(await login(t.app, admin, address));
    expect((await login(t.app, admin)).statusCode).toBe(200);
  });

  it('counts wrong current passwords per session, from whatever address they come', async () => {
    const admin = await makeAdmin();
    const token = await signIn(admin);
    for (let i = 0; i < 5; i++) {
      expect((await changePassword(token, `guess-${i}`, freshAddress())).statusCode).toBe(400);
    }
    expectLockout(await changePassword(token, admin.password, freshAddress()));
  });

  it('lets only 5 of a burst of parallel guesses through, from one address or one session', async () => {
    const admin = await makeAdmin();
    const address = freshAddress();
    const logins = await Promise.all(Array.from({ length: 8 }, () => login(t.app, wrong(admin), address)));
    expect(logins.map((r) => r.statusCode).sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

    const token = await signIn(admin);
    const changes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => changePassword(token, `guess-${i}`, freshAddress())),
    );
    expect(changes.map((r) => r.statusCode).sort()).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
  });

  it('answers 429 on POST /admin/2fa/disable after 5 wrong passwords, even for the right one', async () => {
    const admin = await makeAdmin();
    const { token, backupCodes } = await withTwoFactor(admin);
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/admin/2fa/disable',
        token,
        { password: `guess-${i}`, code: '123456' },
        address,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'The password is not correct' });
    }
    const res = await post(
      '/admin/2fa/disable',
      token,
      { password: admin.password, code: backupCodes[0] },
      address,
    );
    expectLockout(res);
    const status = await t.app.inject({ method: 'GET', url: '/admin/2fa/status', headers: bearer(token) });
    expect(status.json().enabled).toBe(true);
  });
});

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:5:6::1', '2001:db8:5:6::/64'],
    ['2001:0DB8:0005:0006:0000:0000:0000:0001', '2001:db8:5:6::/64'],
    ['1::2:3:4:5:6:7', '1:0:2:3::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});
