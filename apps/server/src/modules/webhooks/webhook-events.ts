import crypto from 'node:crypto';
import type { EmailEventKind } from '@lantern/contracts';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { BadInputError, UnauthorizedError } from '../../http/errors';

// The two receivers' formats: how a delivery is verified and split into events (at the door), and
// how a stored event reads as an email event (in the job).
//
// MailerLite (https://developers.mailerlite.com/docs/webhooks.html, read through the search tool):
// the `Signature` header is the hex HMAC-SHA256 of the JSON payload with the webhook's secret; a
// delivery is one flat event (`{ id, email, status, event: 'subscriber.unsubscribed', account_id
// }`) or, for a batchable webhook, `{ events: [...] }`; a delivery is answered 2xx within 3 s, else
// retried three more times after 10, 100 and 1000 s; the events we act on are
// subscriber.unsubscribed, subscriber.bounced and subscriber.spam_reported. Nested shapes
// (`subscriber: {...}`, classic `data.subscriber`) are read too. The documentation shows no event
// id, so an event's key is a digest of its exact JSON: a retry carries the same bytes.
//
// Email events (our generic receiver, Standard Webhooks: https://www.standardwebhooks.com):
// `webhook-id`, `webhook-timestamp` and `webhook-signature` headers, checked by `standardwebhooks`
// (which also refuses timestamps more than 5 minutes off); the body is
// `{ type, timestamp, data: { email, reason?, bounce_type? } }` with type email.unsubscribed,
// email.bounced (bounce_type hard or soft; hard when absent), email.complained.

export const PROVIDERS = ['mailerlite', 'email-events'] as const;
export type WebhookProvider = (typeof PROVIDERS)[number];

/** One event of a verified delivery, ready to store. */
export type IncomingEvent = { key: string; type: string; payload: Record<string, unknown> };

/** An event as it changes a lead's email status. */
export type EmailEventReading = {
  email: string;
  kind: EmailEventKind;
  reason: string | null;
  occurredAt: Date;
};

/** Addresses of the test event (POST /api/webhooks/test): a reserved domain no lead can have. */
export const TEST_EMAIL_DOMAIN = 'webhook-test.invalid';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new BadInputError('The body is not valid JSON');
  }
}

export function mailerliteSignature(raw: Buffer | string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(raw).digest('hex');
}

/** Checks MailerLite's Signature over the exact bytes (constant time) and splits the delivery. */
export function verifyMailerlite(raw: Buffer, signature: unknown, secret: string): IncomingEvent[] {
  if (typeof signature !== 'string' || !signature) throw new UnauthorizedError('Missing Signature header');
  const expected = Buffer.from(mailerliteSignature(raw, secret), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature.trim()) ? Buffer.from(signature.trim(), 'hex') : null;
  if (!given || !crypto.timingSafeEqual(expected, given)) throw new UnauthorizedError('Invalid signature');
  const body = parseJson(raw);
  const events = isObject(body) && Array.isArray(body.events) ? body.events : [body];
  if (events.length === 0) throw new BadInputError('The delivery holds no event');
  return events.map((event) => {
    const type = isObject(event) ? (text(event.event) ?? text(event.type)) : null;
    if (!isObject(event) || !type) throw new BadInputError('Every event needs an event type');
    const key = crypto.createHash('sha256').update(JSON.stringify(event)).digest('hex');
    return { key, type, payload: event };
  });
}

/** Checks a Standard Webhooks delivery (signature and timestamp) and reads its one event. */
export function verifyEmailEvents(
  raw: Buffer,
  headers: Record<string, unknown>,
  secret: string,
): IncomingEvent[] {
  const wanted = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
  const given = Object.fromEntries(wanted.map((h) => [h, headers[h]]));
  if (wanted.some((h) => typeof given[h] !== 'string' || !given[h]))
    throw new UnauthorizedError('Missing webhook-id, webhook-timestamp or webhook-signature header');
  try {
    new Webhook(secret).verify(raw, given as Record<string, string>, { jsonParse: false });
  } catch (error) {
    if (error instanceof WebhookVerificationError) throw new UnauthorizedError(error.message);
    throw error;
  }
  const body = parseJson(raw);
  const type = isObject(body) ? text(body.type) : null;
  if (!isObject(body) || !type) throw new BadInputError('The event needs a type');
  return [{ key: String(given['webhook-id']), type, payload: body }];
}

const occurredAt = (...candidates: unknown[]) => {
  for (const c of candidates) {
    const t = typeof c === 'number' ? c * 1000 : typeof c === 'string' ? Date.parse(c) : NaN;
    if (Number.isFinite(t)) return new Date(t);
  }
  return new Date();
};

/** A MailerLite event as an email event; null for the events that change no email status. */
export function readMailerliteEvent(type: string, event: Json): EmailEventReading | null {
  const nested = isObject(event.subscriber) ? event.subscriber : isObject(event.data) ? event.data : null;
  const subscriber = nested && isObject(nested.subscriber) ? nested.subscriber : (nested ?? event);
  const email = text(subscriber.email);
  if (!email) return null;
  const when = occurredAt(subscriber.unsubscribed_at, event.timestamp, subscriber.updated_at);
  const reason = text(event.reason) ?? text(subscriber.unsubscribe_reason);
  if (type === 'subscriber.unsubscribed' || type === 'subscriber.unsubscribe')
    return { email, kind: 'unsubscribe', reason: reason ?? 'Unsubscribed in MailerLite', occurredAt: when };
  if (type === 'subscriber.bounced') {
    const soft = [event.bounce_type, subscriber.bounce_type, event.bounce].some((v) => v === 'soft');
    return {
      email,
      kind: soft ? 'soft_bounce' : 'hard_bounce',
      reason: reason ?? (soft ? 'Soft bounce reported by MailerLite' : 'Hard bounce reported by MailerLite'),
      occurredAt: when,
    };
  }
  if (['subscriber.spam_reported', 'spam.subscriber.spam_reported', 'subscriber.complaint'].includes(type))
    return { email, kind: 'complaint', reason: reason ?? 'Marked an email as spam', occurredAt: when };
  return null;
}

/** A Standard Webhooks email event; null for types that change no email status. */
export function readStandardEvent(type: string, event: Json): EmailEventReading | null {
  const data = isObject(event.data) ? event.data : {};
  const email = text(data.email);
  if (!email) return null;
  const when = occurredAt(data.occurred_at, event.timestamp);
  const reason = text(data.reason);
  const kinds: Record<string, EmailEventKind> = {
    'email.unsubscribed': 'unsubscribe',
    'email.bounced': data.bounce_type === 'soft' ? 'soft_bounce' : 'hard_bounce',
    'email.hard_bounced': 'hard_bounce',
    'email.soft_bounced': 'soft_bounce',
    'email.complained': 'complaint',
  };
  const kind = kinds[type];
  return kind ? { email, kind, reason, occurredAt: when } : null;
}
