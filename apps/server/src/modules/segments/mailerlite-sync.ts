import type { SyncResult } from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from '../../db/errors';
import { AppError, BadInputError } from '../../http/errors';
import {
  MailerLiteError,
  type MailerLiteClient,
  type MailerLiteSubscriber,
} from '../../providers/mailerlite/mailerlite-client';
import type { Actor } from '../audit/audit.service';
import { getSegmentRow, recordSegmentEvent } from './segment-records';
import type { SegmentsRepository, SendableLeadRow } from './segments.repository';

/*
 * Sends a segment's audience to MailerLite. It lives in segments, not in the MailerLite provider
 * nor (later) in campaigns, because what it sends is a segment's audience: its members under the
 * one rule of every email audience (sendableLeadSql: subscribed, in no never-contact segment),
 * which segments owns. providers/mailerlite stays the API client only. Campaigns will reach this
 * through the segments service's syncToMailerLite (a module reaches another only through its
 * service), passing its own actor ({ userId: null, ip: null } for a scheduled send), so there is
 * one sync and one audience rule, never a copy.
 */

export type MailerLiteSyncDeps = {
  repo: SegmentsRepository;
  mailerlite: MailerLiteClient | null;
  log: FastifyBaseLogger;
};

const MAILERLITE_FIELDS = [
  { key: 'lead_score', name: 'lead_score', type: 'number' as const },
  { key: 'timeline', name: 'timeline', type: 'text' as const },
  { key: 'child_name', name: 'child_name', type: 'text' as const },
  { key: 'special_needs', name: 'special_needs', type: 'text' as const },
];
/** A sync answers at most this many per-email errors (the count says how many there were). */
const MAX_ERROR_DETAILS = 50;

/** A member as a MailerLite subscriber: the parent's name split into first and last. */
function toSubscriber(member: SendableLeadRow): MailerLiteSubscriber {
  const [first, ...rest] = member.parent_name.trim().split(/\s+/);
  return {
    email: member.email,
    fields: {
      name: first ?? member.parent_name,
      last_name: rest.join(' ') || null,
      phone: member.phone,
      lead_score: member.lead_score,
      timeline: member.timeline,
      child_name: member.child_name,
      special_needs: member.special_needs.join(', ') || null,
    },
  };
}

/**
 * Sends the segment's sendable members (never-contact, unsubscribed, bounced and complained
 * leads left out) to the MailerLite group named after the segment, and records the sync.
 */
export async function syncToMailerLite(
  { repo, mailerlite, log }: MailerLiteSyncDeps,
  segmentId: string,
  actor: Actor,
): Promise<SyncResult> {
  if (!mailerlite) throw new BadInputError('MailerLite is not configured');
  const segment = await getSegmentRow(repo, segmentId);
  const members = await repo.sendableMembers(segmentId);
  let result: SyncResult;
  try {
    const group = await mailerlite.findOrCreateGroup(segment.name);
    await mailerlite.ensureFields(MAILERLITE_FIELDS);
    const { synced, errors } = await mailerlite.upsertSubscribers(group.id, members.map(toSubscriber));
    result = {
      success: errors.length === 0,
      mailerlite_group_name: group.name,
      results: {
        leads_found: members.length,
        synced,
        errors: errors.length,
        error_details: errors.slice(0, MAX_ERROR_DETAILS),
      },
    };
  } catch (error) {
    if (error instanceof MailerLiteError) {
      log.warn({ err: loggableError(error) }, 'MailerLite sync failed');
      throw new AppError(502, `Failed to sync to MailerLite: ${error.message}`);
    }
    throw error;
  }
  await recordSegmentEvent(repo, actor, 'segment.synced', {
    segmentId,
    found: result.results.leads_found,
    synced: result.results.synced,
    errors: result.results.errors,
  });
  return result;
}
