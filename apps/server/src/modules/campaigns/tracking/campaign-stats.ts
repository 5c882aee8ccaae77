import { rateOf, type CampaignResultStats } from '@lantern/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { rows } from '../../../db/rows';
import { NotFoundError } from '../../../http/errors';
import { recordAuditEvent, type Actor } from '../../audit/audit.service';
import { campaigns } from '../campaigns.tables';
import {
  campaignClickers,
  campaignClicks,
  campaignLinks,
  campaignOpens,
  campaignOutcomes,
  campaignStats,
  campaignTrackingSettings,
} from './tracking.tables';

// Recording results and reading them back. Every first event (a recipient's first click of a
// link, first open, a bounce or unsubscribe) is one insert ... on conflict do nothing, and the
// campaign's counters move in the same statement only when that insert made a row: the counters
// can never drift from the rows, and reading stats or the History tab never counts rows.

/** Figures a provider reports for a campaign it sent (MailerLite); see `providerStats`. */
export type ProviderCampaignStats = {
  sent: number;
  opens: number;
  /** Unique recipient-link clicks. */
  clicks: number;
  /** Unique clickers (the click rate's numerator); `clicks` when the provider does not say. */
  clickers?: number;
  bounced: number;
  unsubscribed: number;
};

export type CampaignResultsDeps = {
  db: Database;
  /**
   * The seam for providers that count for themselves: with MailerLite as the campaign's provider,
   * its API's figures (`GET /campaigns/{id}` stats) are the campaign's. Null when not available.
   */
  providerStats?: (campaign: {
    id: string;
    providerCampaignId: string;
  }) => Promise<ProviderCampaignStats | null>;
  log?: FastifyBaseLogger;
};

/** Clicks and opens are written in batches: at most this many, at most this long after the first. */
const BATCH_SIZE = 500;
const BATCH_MS = 10;
/** Links of sent campaigns kept in memory (they never change once stored). */
const LINK_CACHE_SIZE = 50_000;

type PendingEvent = { kind: 'click' | 'open'; campaignId: string; leadId: string; idx: number };

/** How long the open-tracking setting is trusted between reads (it is read by every pixel). */
const SETTING_TTL_MS = 5_000;

export function createCampaignResults(deps: CampaignResultsDeps) {
  const { db } = deps;
  let cachedSetting: { value: boolean; until: number } | null = null;

  async function openTrackingEnabled(): Promise<boolean> {
    if (cachedSetting && cachedSetting.until > Date.now()) return cachedSetting.value;
    const [row] = await rows<{ open_tracking_enabled: boolean }>(
      db,
      sql`select open_tracking_enabled from ${campaignTrackingSettings} where id = 1`,
    );
    const value = row ? row.open_tracking_enabled : true;
    cachedSetting = { value, until: Date.now() + SETTING_TTL_MS };
    return value;
  }

  const linkCache = new Map<string, string>();
  let pending: PendingEvent[] = [];
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();

  function queue(event: PendingEvent) {
    pending.push(event);
    if (pending.length >= BATCH_SIZE) void flush();
    else timer ??= setTimeout(() => void flush(), BATCH_MS);
  }

  /**
   * Writes the queued clicks and opens: one statement each per batch, first events only, the
   * counters moved in the same statement by what it inserted. Batches run one after another.
   * Stats and History call it first, and the app calls it when it closes; a crash can lose at most
   * the last BATCH_MS of clicks and opens.
   */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = [];
    flushing = flushing.then(async () => {
      if (batch.length === 0) return;
      try {
        await writeBatch(batch);
      } catch (error) {
        deps.log?.error({ err: error, events: batch.length }, 'campaign clicks and opens not recorded');
      }
    });
    return flushing;
  }

  async function writeBatch(batch: PendingEvent[]) {
    const clicks = batch.filter((e) => e.kind === 'click');
    const opens = batch.filter((e) => e.kind === 'open');
    const arrays = (events: PendingEvent[]) => ({
      campaigns: `{${events.map((e) => e.campaignId).join(',')}}`,
      leads: `{${events.map((e) => e.leadId).join(',')}}`,
      idx: `{${events.map((e) => e.idx).join(',')}}`,
    });
    if (clicks.length > 0) {
      const a = arrays(clicks);
      await db.execute(sql`
        with input as (
          select distinct i.campaign_id, i.lead_id, i.link_idx
          from unnest(${a.campaigns}::uuid[], ${a.leads}::uuid[], ${a.idx}::int[]) as i(campaign_id, lead_id, link_idx)
          where exists (select 1 from ${campaigns} c where c.id = i.campaign_id)
        ), c as (
          insert into ${campaignClicks} (campaign_id, lead_id, link_idx) select * from input
          on conflict do nothing returning campaign_id, lead_id
        ), k as (
          insert into ${campaignClickers} (campaign_id, lead_id) select distinct campaign_id, lead_id from c
          on conflict do nothing returning campaign_id
        ), counts as (
          select campaign_id, count(*)::int as clicks, 0 as clickers from c group by campaign_id
          union all
          select campaign_id, 0, count(*)::int from k group by campaign_id
        )
        insert into ${campaignStats} (campaign_id, clicks, clickers)
        select campaign_id, sum(clicks), sum(clickers) from counts group by campaign_id
        on conflict (campaign_id) do update set
          clicks = ${campaignStats}.clicks + excluded.clicks,
          clickers = ${campaignStats}.clickers + excluded.clickers,
          updated_at = now()`);
    }
    if (opens.length > 0) {
      const a = arrays(opens);
      await db.execute(sql`
        with input as (
          select distinct i.campaign_id, i.lead_id
          from unnest(${a.campaigns}::uuid[], ${a.leads}::uuid[]) as i(campaign_id, lead_id)
          where exists (select 1 from ${campaigns} c where c.id = i.campaign_id)
        ), o as (
          insert into ${campaignOpens} (campaign_id, lead_id) select * from input
          on conflict do nothing returning campaign_id
        )
        insert into ${campaignStats} (campaign_id, opens)
        select campaign_id, count(*)::int from o group by campaign_id
        on conflict (campaign_id) do update set opens = ${campaignStats}.opens + excluded.opens, updated_at = now()`);
    }
  }

  return {
    openTrackingEnabled,

    /** PUT /api/campaigns/tracking-settings: the change and who made it (audited). */
    async setOpenTracking(enabled: boolean, actor: Actor): Promise<boolean> {
      await recordAuditEvent(db, {
        actorId: actor.userId,
        action: 'campaign.tracking_settings_changed',
        details: { open_tracking_enabled: enabled },
        ip: actor.ip,
      });
      await db.execute(sql`
        insert into ${campaignTrackingSettings} (id, open_tracking_enabled, updated_at) values (1, ${enabled}, now())
        on conflict (id) do update set open_tracking_enabled = excluded.open_tracking_enabled, updated_at = now()`);
      cachedSetting = { value: enabled, until: Date.now() + SETTING_TTL_MS };
      return enabled;
    },

    /**
     * The URL of the campaign's link `idx`, or null when that campaign has no such link (links
     * never change once stored, so they are kept in memory after the first look). With `record`,
     * the click is queued for the next batch (see `flush`).
     */
    async click(
      target: { campaignId: string; leadId: string; idx: number },
      record: boolean,
    ): Promise<string | null> {
      const key = `${target.campaignId}:${target.idx}`;
      let url = linkCache.get(key);
      if (url === undefined) {
        const [link] = await rows<{ url: string }>(
          db,
          sql`select url from ${campaignLinks} where campaign_id = ${target.campaignId} and idx = ${target.idx}`,
        );
        if (!link) return null;
        url = link.url;
        if (linkCache.size >= LINK_CACHE_SIZE) linkCache.clear();
        linkCache.set(key, url);
      }
      if (record) queue({ kind: 'click', ...target });
      return url;
    },

    /** Queues a recipient's open for the next batch (counted once per recipient; see `flush`). */
    open(target: { campaignId: string; leadId: string }): void {
      queue({ kind: 'open', ...target, idx: 0 });
    },

    flush,

    /**
     * A hard bounce of the campaign's message to the lead, or the lead's unsubscribe through the
     * campaign's link: counted once per recipient. Call it from the send engine (a permanent
     * failure that is a hard bounce, or a provider's bounce event naming the campaign) and from
     * the unsubscribe link (when the lead was subscribed until then). False when counted before.
     */
    async recordOutcome(
      campaignId: string,
      leadId: string,
      kind: 'bounce' | 'unsubscribe',
    ): Promise<boolean> {
      const column = kind === 'bounce' ? sql`bounced` : sql`unsubscribed`;
      const result = await rows<{ one: number }>(
        db,
        sql`
        with o as (
          insert into ${campaignOutcomes} (campaign_id, lead_id, kind)
          select id, ${leadId}, ${kind} from ${campaigns} where id = ${campaignId}
          on conflict do nothing returning 1
        )
        insert into ${campaignStats} (campaign_id, ${column})
        select ${campaignId}, 1 where exists (select 1 from o)
        on conflict (campaign_id) do update set ${column} = ${campaignStats}.${column} + 1, updated_at = now()
        returning 1 as one`,
      );
      return result.length > 0;
    },

    /** GET /api/campaigns/{id}/stats: rates as fractions of sent (0 when nothing was sent). */
    async stats(campaignId: string): Promise<CampaignResultStats> {
      await flush();
      const [row] = await rows<{
        sent: number;
        opens: number | null;
        clicks: number | null;
        clickers: number | null;
        bounced: number | null;
        unsubscribed: number | null;
        delivery_provider: string | null;
        provider_campaign_id: string | null;
      }>(
        db,
        sql`
        select c.recipients_sent as sent, s.opens, s.clicks, s.clickers, s.bounced, s.unsubscribed,
          c.delivery_provider, c.provider_campaign_id
        from ${campaigns} c left join ${campaignStats} s on s.campaign_id = c.id
        where c.id = ${campaignId}`,
      );
      if (!row) throw new NotFoundError('Campaign not found');
      let figures: Required<ProviderCampaignStats> = {
        sent: Number(row.sent),
        opens: Number(row.opens ?? 0),
        clicks: Number(row.clicks ?? 0),
        clickers: Number(row.clickers ?? 0),
        bounced: Number(row.bounced ?? 0),
        unsubscribed: Number(row.unsubscribed ?? 0),
      };
      if (row.delivery_provider === 'mailerlite' && row.provider_campaign_id && deps.providerStats) {
        const reported = await deps.providerStats({
          id: campaignId,
          providerCampaignId: row.provider_campaign_id,
        });
        if (reported) figures = { ...reported, clickers: reported.clickers ?? reported.clicks };
      }
      return {
        sent: figures.sent,
        opens: figures.opens,
        clicks: figures.clicks,
        bounced: figures.bounced,
        unsubscribed: figures.unsubscribed,
        open_rate: rateOf(figures.opens, figures.sent),
        click_rate: rateOf(figures.clickers, figures.sent),
        open_tracking: await openTrackingEnabled(),
        opens_are_estimates: true,
      };
    },
  };
}

export type CampaignResults = ReturnType<typeof createCampaignResults>;
