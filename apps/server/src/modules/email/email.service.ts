import { offsetPageOf, type EmailMessage, type OutboxQuery } from '@lantern/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { EmailSendError, type EmailProvider, type OutgoingEmail } from '../../providers/email/email-provider';
import type { JobQueue } from '../jobs';
import { emailMessages, type EmailMessageRow } from './email.tables';

export const SEND_EMAIL_JOB = 'email.send';

function toMessage(row: EmailMessageRow): EmailMessage {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    status: row.status,
    provider: row.provider,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * Email leaves through a job: `queue` records the message (the outbox) and queues its sending,
 * so a request never waits for a mail server and a restart loses no message.
 */
export function createEmailService(deps: {
  db: Database;
  provider: EmailProvider;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}) {
  const { db, provider, jobs, log } = deps;

  jobs.register(SEND_EMAIL_JOB, async (payload, job) => {
    const id = String(payload.messageId);
    const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, id));
    if (!row || row.status === 'sent') return;
    try {
      const { providerMessageId } = await provider.send({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
      await db
        .update(emailMessages)
        .set({ status: 'sent', sentAt: new Date(), providerMessageId, error: null })
        .where(eq(emailMessages.id, id));
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The email could not be sent';
      const retry = error instanceof EmailSendError && error.isTransient && job.attempts < job.maxAttempts;
      await db
        .update(emailMessages)
        .set({ status: retry ? 'queued' : 'failed', error: message.slice(0, 1000) })
        .where(eq(emailMessages.id, id));
      log.warn({ messageId: id, attempt: job.attempts, transient: retry }, 'email not sent');
      if (retry) throw error;
    }
  });

  return {
    providerName: provider.name,

    async queue(kind: string, message: OutgoingEmail): Promise<string> {
      // The outbox keeps the message and sends nothing: it is delivered the moment it is stored.
      const keptOnly = provider.name === 'outbox';
      const [row] = await db
        .insert(emailMessages)
        .values({
          kind,
          ...message,
          provider: provider.name,
          ...(keptOnly ? { status: 'sent' as const, sentAt: new Date() } : {}),
        })
        .returning({ id: emailMessages.id });
      if (!keptOnly) await jobs.enqueue(SEND_EMAIL_JOB, { messageId: row!.id }, { maxAttempts: 5 });
      return row!.id;
    },

    /** The outbox, newest first: one page, with how many there are in all. */
    async list(query: OutboxQuery) {
      const where = query.to ? eq(emailMessages.to, query.to.toLowerCase()) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(emailMessages)
          .where(where)
          .orderBy(desc(emailMessages.createdAt), desc(emailMessages.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ n: count() }).from(emailMessages).where(where),
      ]);
      return { messages: rows.map(toMessage), ...offsetPageOf(query, rows.length, counted?.n ?? 0) };
    },
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
