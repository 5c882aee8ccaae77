import {
  CAMPAIGN_MESSAGES,
  canCancelSchedule,
  canPause,
  canReschedule,
  canResume,
  canSend,
  DELIVERY_MESSAGES,
  isValidTimeZone,
  type CampaignActionResult,
  type CampaignDelivery as DeliveryProgress,
} from '@lantern/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { BadInputError, ConflictError, NotFoundError } from '../../../http/errors';
import { recordAuditEvent, type AuditAction } from '../../audit/audit.service';
import { deliveryOf, getCampaignRow, stateOf, toCampaign } from '../campaign-records';
import type { CampaignsRepository } from '../campaigns.repository';
import { campaigns, type CampaignRow } from '../campaigns.tables';
import { DeliveryError, type CampaignDelivery, type DeliveryCampaign } from './campaign-delivery';
import { DeliveryFailedError } from './delivery-failed';
import type { createBuiltinDelivery } from './builtin-delivery';
import type { SendEngine } from './send-engine';

/** Another provider's scheduled send went out at its instant: the campaign is recorded as sent. */
export const PROVIDER_SENT_JOB = 'campaign.provider-sent';

// Send now, schedule, cancel schedule, pause and resume (issue 23; spec document 3: 4.5, 5.4,
// 7.4): the state rules of campaign-rules.ts, the provider behind CampaignDelivery, the audit log.

/** Who acts: the signed-in admin and their address (the audit log). */
type Actor = { userId: string; ip: string | null };

/** What a provider is given of a campaign (its frozen, approved content). */
export const deliveryCampaignOf = (row: CampaignRow): DeliveryCampaign => ({
  id: row.id,
  name: row.name,
  subject: row.subject,
  html: row.contentHtml,
  text: row.contentText,
  segmentId: row.segmentId ?? '',
  segmentName: row.segmentName ?? '',
  providerCampaignId: row.providerCampaignId,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** A schedule's instant and zone, or the 400 the spec words. */
export function parseSchedule(
  input: { scheduled_for?: string | null; time_zone?: string | null } | null | undefined,
  defaultZone: string,
  now = new Date(),
): { at: Date; timeZone: string } {
  const raw = input?.scheduled_for?.trim();
  if (!raw) throw new BadInputError(DELIVERY_MESSAGES.scheduleMissing);
  const at = new Date(raw);
  if (!ISO_INSTANT.test(raw) || Number.isNaN(at.getTime()))
    throw new BadInputError(DELIVERY_MESSAGES.scheduleInvalid);
  const zone = input?.time_zone?.trim() || defaultZone;
  if (!isValidTimeZone(zone)) throw new BadInputError(DELIVERY_MESSAGES.invalidTimeZone);
  if (at.getTime() <= now.getTime()) throw new BadInputError(DELIVERY_MESSAGES.schedulePast);
  return { at, timeZone: zone };
}

export function createCampaignSending(deps: {
  db: Database;
  repo: CampaignsRepository;
  delivery: CampaignDelivery;
  engine: SendEngine;
  schoolTimeZone: () => Promise<string>;
  log: FastifyBaseLogger;
  /** For another provider's schedule: a job at the instant records the campaign as sent. */
  jobs?: Parameters<typeof createBuiltinDelivery>[0]['jobs'];
}) {
  const { db, repo, delivery, engine } = deps;

  /** The provider sent it (its own schedule): sent, handed over, if still scheduled for `at`. */
  async function markHandedOver(id: string, at: Date | null, recipients?: number) {
    const now = new Date();
    await db
      .update(campaigns)
      .set({
        publishStatus: 'sent',
        deliveryStatus: 'completed',
        deliveryProvider: 'mailerlite',
        recipientsTotal: recipients ?? sql`${campaigns.estimatedRecipients}`,
        recipientsSent: recipients ?? sql`${campaigns.estimatedRecipients}`,
        sendStartedAt: now,
        sendFinishedAt: now,
        sentAt: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(campaigns.id, id),
          sql`${campaigns.deliveryStatus} is null`,
          at
            ? and(eq(campaigns.publishStatus, 'scheduled'), eq(campaigns.scheduledFor, at))
            : eq(campaigns.publishStatus, 'published'),
        ),
      );
  }
  if (delivery.name !== 'builtin')
    deps.jobs?.register(PROVIDER_SENT_JOB, async (payload) => {
      const at = new Date(String(payload.at));
      if (!Number.isNaN(at.getTime())) await markHandedOver(String(payload.campaignId), at);
    });
  const reasonOf = (error: unknown) =>
    error instanceof DeliveryError ? error.message : 'The provider could not be reached.';
  const audit = (actor: Actor, action: AuditAction, details: Record<string, unknown>) =>
    recordAuditEvent(db, { actorId: actor.userId, action, details, ip: actor.ip });
  const result = async (id: string, message: string): Promise<CampaignActionResult> => ({
    message,
    campaign: toCampaign(await getCampaignRow(repo, id)),
  });

  return {
    /** POST /api/campaigns/{id}/send: published -> sent; the send starts now. */
    async sendNow(id: string, actor: Actor): Promise<CampaignActionResult> {
      const row = await getCampaignRow(repo, id);
      if (!canSend(stateOf(row)) || row.deliveryStatus) throw new ConflictError(DELIVERY_MESSAGES.cannotSend);
      if (delivery.name === 'builtin') {
        if (!(await engine.start(id))) throw new ConflictError(DELIVERY_MESSAGES.cannotSend);
      } else {
        try {
          await delivery.sendNow(deliveryCampaignOf(row));
        } catch (error) {
          deps.log.warn({ err: error, campaignId: id }, 'provider send failed');
          throw new DeliveryFailedError(DELIVERY_MESSAGES.sendFailed, reasonOf(error));
        }
        // The provider sends; its progress is its own: the campaign is recorded as handed over.
        await markHandedOver(id, null, row.estimatedRecipients);
      }
      await audit(actor, 'campaign.send_started', { campaign_id: id, provider: delivery.name });
      return result(id, DELIVERY_MESSAGES.sendStarted);
    },

    /** POST /api/campaigns/{id}/schedule {scheduled_for, time_zone?}: published or scheduled. */
    async schedule(
      id: string,
      input: { scheduled_for?: string | null; time_zone?: string | null } | null | undefined,
      actor: Actor,
    ): Promise<CampaignActionResult> {
      const { at, timeZone } = parseSchedule(input, await deps.schoolTimeZone());
      const row = await getCampaignRow(repo, id);
      if (!canReschedule(stateOf(row)) || row.deliveryStatus)
        throw new ConflictError(DELIVERY_MESSAGES.cannotSchedule);
      const [saved] = await db
        .update(campaigns)
        .set({
          publishStatus: 'scheduled',
          scheduledFor: at,
          scheduledTimeZone: timeZone,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(campaigns.id, id),
            inArray(campaigns.publishStatus, ['published', 'scheduled']),
            sql`${campaigns.deliveryStatus} is null`,
          ),
        )
        .returning();
      if (!saved) throw new ConflictError(DELIVERY_MESSAGES.cannotSchedule);
      try {
        await delivery.schedule(deliveryCampaignOf(saved), at, timeZone);
      } catch (error) {
        // Back to what it was: the schedule did not reach the provider.
        await db
          .update(campaigns)
          .set({
            publishStatus: row.publishStatus,
            scheduledFor: row.scheduledFor,
            scheduledTimeZone: row.scheduledTimeZone,
          })
          .where(eq(campaigns.id, id));
        deps.log.warn({ err: error, campaignId: id }, 'schedule failed');
        throw new DeliveryFailedError(DELIVERY_MESSAGES.scheduleFailed, reasonOf(error));
      }
      if (delivery.name !== 'builtin')
        await deps.jobs?.enqueue(
          PROVIDER_SENT_JOB,
          { campaignId: id, at: at.toISOString() },
          { dedupeKey: `${id}@${at.toISOString()}`, delayMs: Math.max(0, at.getTime() - Date.now()) },
        );
      await audit(actor, 'campaign.scheduled', {
        campaign_id: id,
        scheduled_for: at.toISOString(),
        time_zone: timeZone,
        provider: delivery.name,
      });
      return result(id, DELIVERY_MESSAGES.scheduled);
    },

    /** DELETE /api/campaigns/{id}/schedule: scheduled -> published. */
    async cancelSchedule(id: string, actor: Actor): Promise<CampaignActionResult> {
      const row = await getCampaignRow(repo, id);
      if (!canCancelSchedule(stateOf(row))) throw new ConflictError(DELIVERY_MESSAGES.cannotCancelSchedule);
      try {
        await delivery.cancelSchedule(deliveryCampaignOf(row));
      } catch (error) {
        deps.log.warn({ err: error, campaignId: id }, 'cancel schedule failed');
        throw new DeliveryFailedError(DELIVERY_MESSAGES.cancelFailed, reasonOf(error));
      }
      const [saved] = await db
        .update(campaigns)
        .set({
          publishStatus: 'published',
          scheduledFor: null,
          scheduledTimeZone: null,
          updatedAt: new Date(),
        })
        .where(and(eq(campaigns.id, id), eq(campaigns.publishStatus, 'scheduled')))
        .returning({ id: campaigns.id });
      if (!saved) throw new ConflictError(DELIVERY_MESSAGES.cannotCancelSchedule);
      await audit(actor, 'campaign.schedule_cancelled', { campaign_id: id });
      return result(id, DELIVERY_MESSAGES.scheduleCancelled);
    },

    async pause(id: string, actor: Actor): Promise<CampaignActionResult> {
      const row = await getCampaignRow(repo, id);
      if (!canPause(stateOf(row)) || !(await engine.pause(id, DELIVERY_MESSAGES.pausedByAdmin)))
        throw new ConflictError(DELIVERY_MESSAGES.cannotPause);
      await audit(actor, 'campaign.send_paused', { campaign_id: id });
      return result(id, DELIVERY_MESSAGES.paused);
    },

    async resume(id: string, actor: Actor): Promise<CampaignActionResult> {
      const row = await getCampaignRow(repo, id);
      if (!canResume(stateOf(row)) || !(await engine.resume(id)))
        throw new ConflictError(DELIVERY_MESSAGES.cannotResume);
      await audit(actor, 'campaign.send_resumed', { campaign_id: id });
      return result(id, DELIVERY_MESSAGES.resumed);
    },

    /** GET /api/campaigns/{id}/delivery: one row's counters. */
    async delivery(id: string): Promise<{ delivery: DeliveryProgress | null }> {
      const [row] = UUID.test(id)
        ? await db
            .select({
              deliveryStatus: campaigns.deliveryStatus,
              deliveryProvider: campaigns.deliveryProvider,
              recipientsTotal: campaigns.recipientsTotal,
              recipientsSent: campaigns.recipientsSent,
              recipientsFailed: campaigns.recipientsFailed,
              recipientsSkipped: campaigns.recipientsSkipped,
              pausedReason: campaigns.pausedReason,
              sendStartedAt: campaigns.sendStartedAt,
              sendFinishedAt: campaigns.sendFinishedAt,
            })
            .from(campaigns)
            .where(eq(campaigns.id, id))
        : [];
      if (!row) throw new NotFoundError(CAMPAIGN_MESSAGES.notFound);
      return { delivery: deliveryOf(row) };
    },
  };
}

export type CampaignSending = ReturnType<typeof createCampaignSending>;
