import { and, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { IncomingEvent } from './webhook-events';
import { webhookEvents, type WebhookEventRow } from './webhooks.tables';

export function createWebhooksRepository(db: Database) {
  return {
    /** Stores the events not seen before; answers every event's row id and whether it was new. */
    async storeEvents(provider: string, events: IncomingEvent[]) {
      const stored: { id: number; isNew: boolean; status: string }[] = [];
      for (const e of events) {
        const [inserted] = await db
          .insert(webhookEvents)
          .values({ provider, eventKey: e.key, eventType: e.type, payload: e.payload })
          .onConflictDoNothing()
          .returning({ id: webhookEvents.id, status: webhookEvents.status });
        if (inserted) {
          stored.push({ ...inserted, isNew: true });
          continue;
        }
        const [existing] = await db
          .select({ id: webhookEvents.id, status: webhookEvents.status })
          .from(webhookEvents)
          .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventKey, e.key)));
        if (existing) stored.push({ ...existing, isNew: false });
      }
      return stored;
    },

    /** Takes a received event for applying (one worker only); undefined when already taken or done. */
    async claim(id: number): Promise<WebhookEventRow | undefined> {
      const [row] = await db
        .update(webhookEvents)
        .set({ status: 'applying' })
        .where(and(eq(webhookEvents.id, id), eq(webhookEvents.status, 'received')))
        .returning();
      return row;
    },

    async finish(
      id: number,
      status: 'applied' | 'ignored' | 'failed' | 'received',
      outcome: string | null,
      error: string | null = null,
    ) {
      await db
        .update(webhookEvents)
        .set({ status, outcome, error, processedAt: status === 'received' ? null : new Date() })
        .where(eq(webhookEvents.id, id));
    },

    async countsByType() {
      return db
        .select({
          provider: webhookEvents.provider,
          type: webhookEvents.eventType,
          count: count(),
          lastReceivedAt: max(webhookEvents.receivedAt),
        })
        .from(webhookEvents)
        .groupBy(webhookEvents.provider, webhookEvents.eventType)
        .orderBy(webhookEvents.provider, webhookEvents.eventType);
    },

    async countWithStatus(statuses: string[]): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(webhookEvents)
        .where(inArray(webhookEvents.status, statuses));
      return Number(row?.n ?? 0);
    },

    async findByKey(provider: string, key: string): Promise<WebhookEventRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventKey, key)));
      return row;
    },

    /** Total events (for the stats' total without summing in JS across types). */
    async total(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents);
      return Number(row?.n ?? 0);
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
