import {
  CONVERSATION_IDLE_MINUTES,
  CONVERSATION_STATUSES,
  type ConversationStatus,
} from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatRepository } from './chat.repository';

/**
 * A conversation's status, defined once: 'converted' once it produced a lead; 'abandoned' after
 * 30 minutes of silence while still in progress; otherwise 'in_progress'. Reads compute it (so it
 * is right at once); a sweep every minute also stores it, with ended_at, for lists and analytics.
 */
export const IDLE_MS = CONVERSATION_IDLE_MINUTES * 60_000;
export const SWEEP_EVERY_MS = 60_000;

export function statusAt(
  row: { status: string; lastActivityAt: Date },
  now = new Date(),
): ConversationStatus {
  const stored = (CONVERSATION_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as ConversationStatus)
    : 'in_progress';
  if (stored === 'in_progress' && now.getTime() - row.lastActivityAt.getTime() >= IDLE_MS) return 'abandoned';
  return stored;
}

/** A conversation quiet this long has its last details written to its lead by the sweep. */
export const LEAD_FLUSH_AFTER_MS = 60_000;

/**
 * Every minute: stores 'abandoned' for conversations silent 30 minutes, and writes to their leads
 * the details of conversations quiet a minute (see leadSync). Returns a stop function.
 */
export function startAbandonSweep(
  repo: ChatRepository,
  log: FastifyBaseLogger,
  flushStaleLeads: (before: Date) => Promise<number>,
  everyMs = SWEEP_EVERY_MS,
) {
  const sweep = async () => {
    try {
      const n = await repo.markAbandoned(new Date(Date.now() - IDLE_MS));
      if (n > 0) log.info({ abandoned: n }, 'chat: conversations marked abandoned');
      const flushed = await flushStaleLeads(new Date(Date.now() - LEAD_FLUSH_AFTER_MS));
      if (flushed > 0) log.info({ leads: flushed }, 'chat: lead details written after a pause');
    } catch (error) {
      log.warn({ err: (error as Error).message }, 'chat: abandon sweep failed');
    }
  };
  const timer = setInterval(() => void sweep(), everyMs);
  timer.unref();
  void sweep();
  return () => clearInterval(timer);
}
