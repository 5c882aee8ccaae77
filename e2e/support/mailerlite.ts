import crypto from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';

/** The e2e server's MailerLite webhook secret (playwright.config.ts passes it to the server). */
export const E2E_MAILERLITE_WEBHOOK_SECRET = 'e2e-mailerlite-webhook-secret-0123456789';

/**
 * A local stand-in for MailerLite: posts one event to POST /webhooks/mailerlite, signed as MailerLite
 * signs (hex HMAC-SHA256 of the exact bytes posted, in the Signature header).
 */
export async function sendMailerliteEvent(
  request: APIRequestContext,
  type: 'subscriber.unsubscribed' | 'subscriber.bounced',
  email: string,
  extra: Record<string, unknown> = {},
) {
  const body = JSON.stringify({
    id: String(Date.now()),
    email,
    status: type === 'subscriber.bounced' ? 'bounced' : 'unsubscribed',
    event: type,
    account_id: 0,
    ...extra,
  });
  const signature = crypto.createHmac('sha256', E2E_MAILERLITE_WEBHOOK_SECRET).update(body).digest('hex');
  const res = await request.post('/webhooks/mailerlite', {
    headers: { 'content-type': 'application/json', signature },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { received: number; duplicates: number };
}
