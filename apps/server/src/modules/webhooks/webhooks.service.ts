import crypto from 'node:crypto';
import type { EmailHealth, WebhookStats, WebhookTestResult } from '@lantern/contracts';
import { Webhook } from 'standardwebhooks';
import type { AppConfig } from '../../config';
import { UnauthorizedError } from '../../http/errors';
import type { JobQueue } from '../jobs';
import type { LeadsService } from '../leads/leads.service';
import {
  mailerliteSignature,
  readMailerliteEvent,
  readStandardEvent,
  TEST_EMAIL_DOMAIN,
  verifyEmailEvents,
  verifyMailerlite,
  type WebhookProvider,
} from './webhook-events';
import type { WebhooksRepository } from './webhooks.repository';

// Webhooks in: a delivery is verified over its raw bytes and its events stored once (by key),
// then answered at once; a job per event applies it to the lead through the leads service.

export const APPLY_JOB = 'webhooks.apply';
const NO_SECRET = 'This webhook receiver has no secret configured';

/** Sends a request through the app itself (app.inject), for the test event. */
export type Deliver = (request: {
  url: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<{ statusCode: number; body: string }>;

type Deps = {
  repo: WebhooksRepository;
  jobs: JobQueue;
  leads: LeadsService;
  secrets: AppConfig['webhooks'];
};

export function createWebhooksService({ repo, jobs, leads, secrets }: Deps) {
  let rejected = 0;

  async function store(provider: WebhookProvider, verify: () => ReturnType<typeof verifyMailerlite>) {
    let events;
    try {
      events = verify();
    } catch (error) {
      rejected += 1;
      throw error;
    }
    const stored = await repo.storeEvents(provider, events);
    for (const event of stored.filter((e) => e.status === 'received'))
      await jobs.enqueue(
        APPLY_JOB,
        { eventId: event.id },
        { dedupeKey: `event:${event.id}`, maxAttempts: 3 },
      );
    return { received: stored.length, duplicates: stored.filter((e) => !e.isNew).length };
  }

  /** The job: reads the stored event and applies it to its lead; failures are kept after the last try. */
  async function applyStoredEvent(eventId: number, isFinalAttempt: boolean): Promise<void> {
    const event = await repo.claim(eventId);
    if (!event) return;
    try {
      const read = event.provider === 'mailerlite' ? readMailerliteEvent : readStandardEvent;
      const reading = read(event.eventType, event.payload);
      if (!reading) return await repo.finish(event.id, 'ignored', 'not_an_email_event');
      if (reading.email.toLowerCase().endsWith(`@${TEST_EMAIL_DOMAIN}`))
        return await repo.finish(event.id, 'ignored', 'test');
      const outcome = await leads.applyEmailEvent({ ...reading, source: event.provider });
      await repo.finish(event.id, outcome === 'unknown_lead' ? 'ignored' : 'applied', outcome);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await repo.finish(event.id, isFinalAttempt ? 'failed' : 'received', null, message.slice(0, 2000));
      throw error;
    }
  }

  jobs.register(APPLY_JOB, (payload, job) =>
    applyStoredEvent(Number(payload.eventId), job.attempts >= job.maxAttempts),
  );

  return {
    receiveMailerlite(raw: Buffer, signature: unknown) {
      const secret = secrets.mailerliteSecret;
      return store('mailerlite', () => {
        if (!secret) throw new UnauthorizedError(NO_SECRET);
        return verifyMailerlite(raw, signature, secret);
      });
    },

    receiveEmailEvents(raw: Buffer, headers: Record<string, unknown>) {
      const secret = secrets.emailEventsSecret;
      return store('email-events', () => {
        if (!secret) throw new UnauthorizedError(NO_SECRET);
        return verifyEmailEvents(raw, headers, secret);
      });
    },

    async emailHealth(): Promise<EmailHealth> {
      return {
        ...(await leads.emailHealthCounts()),
        webhook_config: { secret_configured: Boolean(secrets.mailerliteSecret || secrets.emailEventsSecret) },
      };
    },

    async stats(): Promise<WebhookStats> {
      const byType = await repo.countsByType();
      const last = byType
        .map((t) => t.lastReceivedAt)
        .sort((a, b) => (b?.getTime() ?? 0) - (a?.getTime() ?? 0))[0];
      return {
        total_events: await repo.total(),
        by_type: byType.map((t) => ({
          provider: t.provider,
          type: t.type,
          count: Number(t.count),
          last_received_at: (t.lastReceivedAt ?? new Date(0)).toISOString(),
        })),
        last_received_at: last?.toISOString() ?? null,
        failures: await repo.countWithStatus(['failed']),
        pending: await repo.countWithStatus(['received', 'applying']),
        rejected_since_start: rejected,
      };
    },

    /** Signs a test unsubscribe for a reserved address and posts it to the real receiver. */
    async sendTestEvent(deliver: Deliver): Promise<WebhookTestResult> {
      const email = `test-${crypto.randomUUID()}@${TEST_EMAIL_DOMAIN}`;
      const provider: WebhookProvider | null = secrets.mailerliteSecret
        ? 'mailerlite'
        : secrets.emailEventsSecret
          ? 'email-events'
          : null;
      const eventType = provider === 'email-events' ? 'email.unsubscribed' : 'subscriber.unsubscribed';
      if (!provider)
        return {
          ok: false,
          status_code: null,
          event_type: eventType,
          stored: false,
          message:
            'No webhook secret is configured (MAILERLITE_WEBHOOK_SECRET or EMAIL_EVENTS_WEBHOOK_SECRET)',
        };
      const request =
        provider === 'mailerlite'
          ? mailerliteTest(email, secrets.mailerliteSecret!)
          : standardTest(email, secrets.emailEventsSecret!);
      const response = await deliver(request);
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      const stored = ok && (await repo.findByKey(provider, request.key)) !== undefined;
      return {
        ok: ok && stored,
        status_code: response.statusCode,
        event_type: eventType,
        stored,
        message: ok
          ? `The ${provider} receiver verified and stored the test event; no lead was changed`
          : `The ${provider} receiver refused the test event: ${errorOf(response.body)}`,
      };
    },
  };
}

function errorOf(body: string): string {
  try {
    return String((JSON.parse(body) as { error?: unknown }).error ?? body);
  } catch {
    return body.slice(0, 200);
  }
}

function mailerliteTest(email: string, secret: string) {
  const event = {
    id: 'test',
    email,
    status: 'unsubscribed',
    event: 'subscriber.unsubscribed',
    account_id: 0,
    test_at: new Date().toISOString(),
  };
  const body = JSON.stringify(event);
  return {
    url: '/webhooks/mailerlite',
    headers: { 'content-type': 'application/json', signature: mailerliteSignature(body, secret) },
    body,
    key: crypto.createHash('sha256').update(JSON.stringify(event)).digest('hex'),
  };
}

function standardTest(email: string, secret: string) {
  const id = `msg_test_${crypto.randomUUID()}`;
  const now = new Date();
  const body = JSON.stringify({ type: 'email.unsubscribed', timestamp: now.toISOString(), data: { email } });
  return {
    url: '/webhooks/email-events',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, now, body),
    },
    body,
    key: id,
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
