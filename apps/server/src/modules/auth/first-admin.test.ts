import { describe, expect, it } from 'vitest';
import { createTestApp, DEFAULT_ADMIN, login } from '../../test/test-app';

describe('the first admin account', () => {
  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD, with no credentials hint', async () => {
    const t = await createTestApp({
      ADMIN_EMAIL: 'head@school.example',
      ADMIN_PASSWORD: 'a-real-passphrase-1',
    });
    try {
      expect(
        (await login(t.app, { email: 'head@school.example', password: 'a-real-passphrase-1' })).statusCode,
      ).toBe(200);
      expect((await login(t.app)).statusCode).toBe(401);
      const hint = await t.app.inject({ method: 'GET', url: '/admin/login-hint' });
      expect(hint.json()).toEqual({ devCredentials: null });
    } finally {
      await t.close();
    }
  });

  it('falls back to the development default, whose hint the login page shows', async () => {
    const t = await createTestApp();
    try {
      const hint = await t.app.inject({ method: 'GET', url: '/admin/login-hint' });
      expect(hint.json()).toEqual({ devCredentials: DEFAULT_ADMIN });
    } finally {
      await t.close();
    }
  });

  it('is refused in production without ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    await expect(createTestApp({ NODE_ENV: 'production' })).rejects.toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
  });
});
