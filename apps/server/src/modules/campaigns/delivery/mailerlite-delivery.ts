import { parseTemplate, type SyncResult } from '@lantern/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { AppError } from '../../../http/errors';
import {
  MailerLiteError,
  type MailerLiteCampaignInput,
  type MailerLiteClient,
  type MailerLiteSchedule,
  type MailerLiteTimezone,
} from '../../../providers/mailerlite/mailerlite-client';
import { leadColumns as lead } from '../../leads';
import type { SegmentsService } from '../../segments/segments.service';
import { DeliveryError, type CampaignDelivery, type DeliveryCampaign } from './campaign-delivery';

/*
 * MailerLite as the campaign's provider (issue 23, when MAILERLITE_API_KEY is set).
 *
 * publish: the segment's audience goes to its MailerLite group through the segments service's own
 * sync (one audience rule: subscribed, not bounced or complained, in no never-contact segment), then
 * anyone still in that group who is no longer in the audience (unsubscribed in Lantern since an
 * earlier sync, left the segment) is taken out of the group, so MailerLite never mails a parent who
 * said stop; then a regular MailerLite campaign is created for the group with the approved subject
 * and content, our placeholders turned into MailerLite's tags. Publishing again updates that draft.
 * schedule: POST /campaigns/{id}/schedule with the wall-clock date and time in the chosen zone and
 * MailerLite's id of that zone; a campaign already scheduled is cancelled first (a reschedule).
 * sendNow: the same with delivery 'instant'. cancelSchedule: POST /campaigns/{id}/cancel.
 * Every failure is a DeliveryError whose message is MailerLite's own reason (never the key).
 */

export type MailerLiteDeliveryDeps = {
  client: MailerLiteClient;
  db: Database;
  /** The segments service: its sync to MailerLite and the audience rule, never a copy. */
  segments: Pick<SegmentsService, 'syncToMailerLite' | 'segmentAudienceSql'>;
  /** EMAIL_FROM, 'Name <address>' or a bare address. */
  from: string;
  schoolName: () => Promise<string>;
  log: FastifyBaseLogger;
};

/** Our placeholders MailerLite fills per subscriber: its default fields and those the sync creates. */
const SUBSCRIBER_TAGS: Readonly<Record<string, string>> = {
  parent_name: '{$name} {$last_name}',
  name: '{$name} {$last_name}',
  first_name: '{$name}',
  email: '{$email}',
  child_name: '{$child_name}',
  timeline: '{$timeline}',
  special_needs: '{$special_needs}',
  unsubscribe: '{$unsubscribe}',
  // MailerLite's link to the web version of the email: what a parent forwards.
  forward: '{$url}',
};
const UNSUBSCRIBE_TAG = '{$unsubscribe}';
const UNSUBSCRIBE_FOOTER =
  '<p style="font-size:12px;color:#6b7280;margin-top:24px">Would you rather not hear from us? ' +
  `<a href="${UNSUBSCRIBE_TAG}">Unsubscribe</a> at any time.</p>`;
/** MailerLite keeps campaign names to 255 characters. */
const NAME_MAX = 255;
/** The sync acts for no signed-in user: publishing is the campaign's own step. */
const SYSTEM_ACTOR = { userId: null, ip: null };
/** Subscribers taken out of a group at once. */
const REMOVE_CONCURRENCY = 4;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** 'Admissions <admissions@school.org>' as MailerLite's from_name and from. */
export function splitFrom(from: string, fallbackName: string): { fromName: string; from: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<\s*([^<>\s]+)\s*>\s*$/.exec(from);
  if (match) return { fromName: match[1]!.trim() || fallbackName, from: match[2]! };
  return { fromName: fallbackName, from: from.trim() };
}

/**
 * Our content with MailerLite's tags: per-subscriber placeholders become {$tags}, campaign-wide
 * ones (school, campaign, segment name) are written in, and a placeholder MailerLite has no value
 * for is refused by name rather than sent as a blank.
 */
export function toMailerLiteContent(
  source: string,
  values: Readonly<Record<string, string>>,
  mode: 'html' | 'text',
): { content: string; unsupported: string[] } {
  const unsupported = new Set<string>();
  let content = '';
  for (const part of parseTemplate(source).parts) {
    if (part.kind === 'text') content += part.value;
    else if (part.kind === 'variable') {
      const tag = SUBSCRIBER_TAGS[part.name];
      const value = Object.prototype.hasOwnProperty.call(values, part.name) ? values[part.name] : undefined;
      if (tag) content += tag;
      else if (value !== undefined) content += mode === 'html' ? escapeHtml(value) : value;
      else unsupported.add(part.name);
    }
    // An invalid placeholder renders as nothing, as our own renderer does.
  }
  return { content, unsupported: [...unsupported] };
}

/** The unsubscribe link MailerLite requires: the footer is added when the content has none. */
export function withUnsubscribeLink(html: string): string {
  if (html.includes(UNSUBSCRIBE_TAG)) return html;
  const close = html.search(/<\/body\s*>/i);
  return close >= 0
    ? html.slice(0, close) + UNSUBSCRIBE_FOOTER + html.slice(close)
    : html + UNSUBSCRIBE_FOOTER;
}

/** The wall-clock date, hours and minutes of an instant in an IANA zone (rounded up to the minute). */
export function wallClock(at: Date, timeZone: string): { date: string; hours: string; minutes: string } {
  const minute = Math.ceil(at.getTime() / 60_000) * 60_000;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(minute);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, hours: get('hour'), minutes: get('minute') };
}

/** The zone's canonical IANA name, or null when it is not a zone at all. */
function canonicalZone(timeZone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A provider failure as the admin may read it after 'Failed to publish to the provider'. */
function deliveryErrorOf(error: unknown): unknown {
  if (error instanceof DeliveryError) return error;
  if (error instanceof MailerLiteError) return new DeliveryError(error.message, error.isTransient);
  // The segments sync answers AppErrors (502 with MailerLite's reason, 400 when not configured).
  if (error instanceof AppError) return new DeliveryError(error.message, error.statusCode >= 500);
  return error;
}

export function createMailerLiteDelivery(deps: MailerLiteDeliveryDeps): CampaignDelivery {
  const { client, db, segments, log } = deps;
  let timezones: MailerLiteTimezone[] | null = null;

  /** The lower-cased addresses the segment's audience may be emailed at, now. */
  async function audienceEmails(segmentId: string): Promise<Set<string>> {
    const members = segments.segmentAudienceSql([segmentId], sql`lower(trim(${lead.email})) as email`);
    const rows = rowsOf<{ email: string | null }>(
      await db.execute(sql`select distinct m.email from (${members}) m where m.sendable and m.email <> ''`),
    );
    return new Set(rows.flatMap((r) => (r.email ? [r.email] : [])));
  }

  /** Takes out of the group everyone no longer in the audience (unsubscribed here since, left it). */
  async function pruneGroup(groupId: string, segmentId: string): Promise<number> {
    const [audience, members] = await Promise.all([
      audienceEmails(segmentId),
      client.listGroupSubscribers(groupId),
    ]);
    const stale = members.filter((m) => !audience.has(m.email.trim().toLowerCase()));
    let next = 0;
    const worker = async () => {
      while (next < stale.length) await client.removeFromGroup(stale[next++]!.id, groupId);
    };
    await Promise.all(Array.from({ length: Math.min(REMOVE_CONCURRENCY, stale.length) }, worker));
    return stale.length;
  }

  /** Sends the audience to the group (the segments sync) and answers the group's id. */
  async function syncAudience(campaign: DeliveryCampaign): Promise<string> {
    const result: SyncResult = await segments.syncToMailerLite(campaign.segmentId, SYSTEM_ACTOR);
    const { leads_found: found, synced, error_details: errors } = result.results;
    if (found === 0) throw new DeliveryError('The segment has no families who can be emailed', false);
    if (synced === 0) {
      const reason = errors[0]?.error;
      throw new DeliveryError(
        `MailerLite accepted none of the ${found.toLocaleString('en-US')} families${reason ? `: ${reason}` : ''}`,
        false,
      );
    }
    if (errors.length > 0)
      log.warn(
        { campaignId: campaign.id, refused: result.results.errors },
        'MailerLite refused some families',
      );
    // The sync found or created the group by this name: this finds it again (one request).
    const group = await client.findOrCreateGroup(result.mailerlite_group_name);
    const removed = await pruneGroup(group.id, campaign.segmentId);
    if (removed > 0)
      log.info(
        { campaignId: campaign.id, removed },
        'Took families no longer emailable out of the MailerLite group',
      );
    return group.id;
  }

  /** The campaign's email for MailerLite, checked before anything is sent there. */
  async function emailFor(campaign: DeliveryCampaign): Promise<Omit<MailerLiteCampaignInput, 'groupIds'>> {
    const schoolName = await deps.schoolName();
    const values = {
      school_name: schoolName,
      campaign_name: campaign.name,
      segment_name: campaign.segmentName,
    };
    const subject = toMailerLiteContent(campaign.subject, values, 'text');
    const html = toMailerLiteContent(campaign.html, values, 'html');
    const unsupported = [...new Set([...subject.unsupported, ...html.unsupported])];
    if (unsupported.length > 0) {
      throw new DeliveryError(
        `MailerLite has no value for ${unsupported.map((n) => `{{${n}}}`).join(', ')}; remove ${
          unsupported.length === 1 ? 'it' : 'them'
        } from the content`,
        false,
      );
    }
    const tag = ` [Lantern ${campaign.id.slice(0, 8)}]`;
    return {
      // Unique, so a create whose answer was lost is found again instead of made twice.
      name: campaign.name.slice(0, NAME_MAX - tag.length) + tag,
      subject: subject.content,
      ...splitFrom(deps.from, schoolName),
      content: withUnsubscribeLink(html.content),
    };
  }

  /** MailerLite's id of the zone; UTC (the same instant) when MailerLite lacks that zone. */
  async function timezoneFor(timeZone: string): Promise<{ id: number; name: string }> {
    const canonical = canonicalZone(timeZone);
    if (!canonical) throw new DeliveryError(`Unknown time zone "${timeZone}"`, false);
    timezones ??= await client.listTimezones();
    const byName = (name: string) => timezones!.find((t) => t.name === name);
    const zone = byName(timeZone) ?? byName(canonical);
    if (zone) return zone;
    const utc = byName('UTC') ?? byName('Etc/UTC');
    if (!utc) throw new DeliveryError(`MailerLite has no time zone "${timeZone}"`, false);
    log.info({ timeZone }, 'MailerLite lacks this time zone: scheduling the same instant in UTC');
    return utc;
  }

  /** The campaign on MailerLite, ready to take a schedule: a standing schedule withdrawn first. */
  async function draftFor(campaign: DeliveryCampaign): Promise<string> {
    const id = campaign.providerCampaignId;
    if (!id) throw new DeliveryError('The campaign has not been published to MailerLite', false);
    const current = await client.getCampaign(id);
    if (!current) throw new DeliveryError('MailerLite no longer has this campaign; publish it again', false);
    if (current.status === 'ready') await client.cancelCampaign(id);
    else if (current.status !== 'draft')
      throw new DeliveryError('MailerLite has already sent this campaign', false);
    return id;
  }

  /**
   * Schedules or sends the draft. Parents who stopped being emailable since publishing (an
   * unsubscribe here) are taken out of the group first; the group is the one the sync named after
   * the segment.
   */
  async function scheduleOn(campaign: DeliveryCampaign, schedule: MailerLiteSchedule) {
    const id = await draftFor(campaign);
    const group = await client.findOrCreateGroup(campaign.segmentName);
    await pruneGroup(group.id, campaign.segmentId);
    await client.scheduleCampaign(id, schedule);
  }

  const guarded =
    <A extends unknown[], R>(action: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await action(...args);
      } catch (error) {
        throw deliveryErrorOf(error);
      }
    };

  return {
    name: 'mailerlite',

    publish: guarded(async (campaign: DeliveryCampaign) => {
      const email = await emailFor(campaign);
      const input = { ...email, groupIds: [await syncAudience(campaign)] };
      if (campaign.providerCampaignId) {
        const existing = await client.getCampaign(campaign.providerCampaignId);
        if (existing?.status === 'draft') {
          await client.updateCampaign(existing.id, input);
          return { providerCampaignId: existing.id };
        }
        if (existing && existing.status !== 'draft')
          throw new DeliveryError('MailerLite has already scheduled or sent this campaign', false);
      }
      const created = await client.createCampaign(input);
      return { providerCampaignId: created.id };
    }),

    schedule: guarded(async (campaign: DeliveryCampaign, at: Date, timeZone: string) => {
      if (Number.isNaN(at.getTime())) throw new DeliveryError('The schedule time is not a valid date', false);
      const zone = await timezoneFor(timeZone);
      const local = wallClock(at, zone.name);
      await scheduleOn(campaign, { delivery: 'scheduled', schedule: { ...local, timezone_id: zone.id } });
    }),

    cancelSchedule: guarded(async (campaign: DeliveryCampaign) => {
      const id = campaign.providerCampaignId;
      if (!id) throw new DeliveryError('The campaign has not been published to MailerLite', false);
      const current = await client.getCampaign(id);
      if (!current)
        throw new DeliveryError('MailerLite no longer has this campaign; publish it again', false);
      // Already back to draft (cancelled there): nothing left to withdraw.
      if (current.status === 'draft') return;
      if (current.status !== 'ready')
        throw new DeliveryError('MailerLite has already sent this campaign', false);
      await client.cancelCampaign(id);
    }),

    sendNow: guarded(async (campaign: DeliveryCampaign) => {
      await scheduleOn(campaign, { delivery: 'instant' });
    }),
  };
}
