import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEFAULT_ADMIN, login, type TestApp } from '../test/test-app';

// A stand-in build of the SPA and widget, so static serving is tested without running Vite.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-web-'));
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
fs.writeFileSync(path.join(webDir, 'assets', 'app.js.map'), '{"sources":["secret.ts"]}');
const widgetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-widget-'));
fs.writeFileSync(path.join(widgetDir, 'index.html'), '<!doctype html><p>demo</p>');
const widgetJs = 'console.log("widget");'.repeat(50);
fs.writeFileSync(path.join(widgetDir, 'widget.js'), widgetJs);
fs.writeFileSync(path.join(widgetDir, 'widget.js.br'), zlib.brotliCompressSync(widgetJs));
fs.writeFileSync(path.join(widgetDir, 'widget.js.gz'), zlib.gzipSync(widgetJs));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: webDir, WIDGET_DIST_DIR: widgetDir });
});
afterAll(() => t.close());

const html = { accept: 'text/html' };

describe('health', () => {
  it('reports which database the suite runs on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    });
  });
});

describe('static files', () => {
  it('serves the SPA for its routes and its built assets', async () => {
    for (const url of [
      '/',
      '/login',
      '/leads',
      '/widget',
      '/widget?tab=security',
      '/analytics/conversation/abc',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
  });

  it('serves the SPA for a campaign preview link to a reviewer who has no session', async () => {
    // An approval token is 32 random bytes in base64url: letters, digits, '-' and '_'.
    const token = 'q1W-e2R_t3Y4u5I6o7P8a9S0d1F2g3H4j5K6l7Z8x9C';
    const res = await t.app.inject({ method: 'GET', url: `/preview/${token}`, headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });

  it.each([
    '/.env',
    '/.git/config',
    '/assets/app.js.map',
    '/assets/../../package.json',
    '/server.ts',
    '/x.map',
  ])('answers 404 for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret.ts');
    expect(res.body).not.toContain('<div id="root">');
  });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff and frame denial with the SPA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: html });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('sends the same headers on API answers, errors included', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/me' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('lets a school website load and frame the widget files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/widget/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends widget.js compressed to browsers that accept it, and plain to those that do not', async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/widget/widget.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(widgetJs);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(widgetJs);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(widgetJs);
    expect(plain.headers['content-type']).toMatch(/javascript/);
  });
});

describe('secrets stay secret', () => {
  it('never writes a password, token, TOTP secret or code to the logs of a full journey', async () => {
    const secrets: string[] = [DEFAULT_ADMIN.password];
    const first = await login(t.app);
    const token: string = first.json().token;
    secrets.push(token);
    const setup = await t.app.inject({ method: 'POST', url: '/admin/2fa/setup', headers: bearer(token) });
    const { secret, backupCodes } = setup.json() as { secret: string; backupCodes: string[] };
    secrets.push(secret, ...backupCodes);
    const code = await generate({ secret });
    secrets.push(code);
    await t.app.inject({
      method: 'POST',
      url: '/admin/2fa/verify-setup',
      headers: bearer(token),
      payload: { code },
    });
    await login(t.app, { ...DEFAULT_ADMIN, password: 'a-wrong-password-guess' });
    secrets.push('a-wrong-password-guess');
    const second = await login(t.app, { ...DEFAULT_ADMIN, twoFactorCode: backupCodes[0] });
    secrets.push(second.json().token);
    const status = await t.app.inject({ method: 'GET', url: '/admin/2fa/status', headers: bearer(token) });
    const meRes = await t.app.inject({
      method: 'GET',
      url: '/admin/me',
      headers: bearer(second.json().token),
    });
    await t.app.inject({
      method: 'POST',
      url: '/admin/2fa/disable',
      headers: bearer(second.json().token),
      payload: { password: DEFAULT_ADMIN.password, code: backupCodes[1] },
    });

    const logText = t.logs.join('\n');
    expect(t.logs.length).toBeGreaterThan(10);
    for (const s of secrets) expect(logText).not.toContain(s);
    // Only the call that hands a secret out carries it.
    for (const res of [status, meRes]) {
      for (const s of secrets) expect(res.body).not.toContain(s);
    }
  });

  it('answers a server failure with a plain message, no stack trace and no SQL', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await login(broken.app);
    expect(res.statusCode).toBe(500);
    expect(Object.keys(res.json())).toEqual(['error']);
    expect(res.body).not.toMatch(/select|insert|admin_users|\bat\s|\.ts:\d+/i);
    await broken.app.close();
    await broken.close().catch(() => {});
  });
});
