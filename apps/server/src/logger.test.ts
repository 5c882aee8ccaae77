import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactLinkTokens } from './logger';

const TOKEN = 'Zm9vYmFyLWJhei1xdXV4LTAxMjM0NTY3ODktYWJjZGVm';

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger('info', sink), lines };
}

describe('link tokens in logs', () => {
  it.each([
    [`/api/resources/download/${TOKEN}?file=1`, '/api/resources/download/[redacted]?file=1'],
    [`/preview/${TOKEN}`, '/preview/[redacted]'],
    [`/api/campaigns/preview/${TOKEN}/approve`, '/api/campaigns/preview/[redacted]/approve'],
    [`/unsubscribe/${TOKEN}`, '/unsubscribe/[redacted]'],
    [`/api/unsubscribe/${TOKEN}?reason=moved`, '/api/unsubscribe/[redacted]?reason=moved'],
    [`/API/Resources/Download%2F${TOKEN}`, '/API/Resources/Download%2F[redacted]'],
    // The unsubscribe link of every campaign email, and spellings of it that reach the same route.
    [`/u/${TOKEN}`, '/u/[redacted]'],
    [`https://school.example/u/${TOKEN}`, 'https://school.example/u/[redacted]'],
    [`/U%2f${TOKEN}`, '/U%2f[redacted]'],
    [`/%75/${TOKEN}`, '/%75/[redacted]'],
    [`<https://school.example/u/${TOKEN}>`, '<https://school.example/u/[redacted]>'],
    // A campaign email's click and open-pixel links (modules/campaigns/tracking).
    [`/c/${TOKEN}`, '/c/[redacted]'],
    [`https://school.example/o/${TOKEN}`, 'https://school.example/o/[redacted]'],
    [`/C%2F${TOKEN}`, '/C%2F[redacted]'],
    [`/%6f/${TOKEN}`, '/%6f/[redacted]'],
    ['/api/campaigns/history?search=c', '/api/campaigns/history?search=c'],
    ['/api/leads?status=unsubscribed', '/api/leads?status=unsubscribed'],
    ['/menu/lunch', '/menu/lunch'],
    [`/api/other?page=2&token=${TOKEN}&sort=asc`, '/api/other?page=2&token=[redacted]&sort=asc'],
    ['/api/resources/by-segment/Urgent', '/api/resources/by-segment/Urgent'],
  ])('redacts %s', (url, expected) => {
    expect(redactLinkTokens(url)).toBe(expected);
  });

  it('redacts the request, messages and errors of every line, child loggers included', () => {
    const { log, lines } = capture();
    const req = { method: 'GET', url: `/api/resources/download/${TOKEN}` };
    log.info({ req }, 'incoming request');
    log.child({ reqId: 'r1' }).info(`Route GET:/unsubscribe/${TOKEN} not found`);
    log.error({ err: new Error(`cannot open /preview/${TOKEN}`), req }, 'failed');
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).not.toContain(TOKEN.slice(0, 20));
      expect(() => JSON.parse(line)).not.toThrow();
    }
    expect(JSON.parse(lines[0]!).req.url).toBe('/api/resources/download/[redacted]');
  });
});
