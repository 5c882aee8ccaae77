import {
  offsetOfPage,
  pageOf,
  SCORE_BAND_RANGES,
  type SegmentLead,
  type SegmentLeadsPage,
  type segmentLeadsQuerySchema,
} from '@lantern/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/errors';
import { BadInputError } from '../../http/errors';
import type { Actor } from '../audit/audit.service';
import { leadConditions } from '../leads';
import { toSegmentLead } from './segment-mapping';
import { getSegmentRow, recordSegmentEvent } from './segment-records';
import type { SegmentsRepository } from './segments.repository';

// A segment's members as staff see and edit them: the filtered page, hand assignment and
// removal (a removed lead stays out: its rules never put it back), every member in pages, and
// each lead's segments for the leads screens. Automatic membership is auto-tagging.ts.

export type SegmentLeadsQueryInput = z.output<typeof segmentLeadsQuerySchema>;
export type SegmentMembership = { id: string; name: string; manually_assigned: boolean; assigned_at: string };

export async function segmentLeadsPage(
  repo: SegmentsRepository,
  segmentId: string,
  query: SegmentLeadsQueryInput,
): Promise<SegmentLeadsPage> {
  await getSegmentRow(repo, segmentId);
  const filters: SQL[] = [];
  if (query.search) filters.push(leadConditions.search(query.search));
  if (query.score && query.score !== 'all') {
    const range = SCORE_BAND_RANGES[query.score];
    filters.push(leadConditions.scoreBetween(range.min, range.max));
  }
  if (query.assignment && query.assignment !== 'all')
    filters.push(sql`lead_segments.assignment = ${query.assignment}`);
  const { rows, total, segmentTotal } = await repo.membersPage(
    segmentId,
    filters,
    query.limit,
    offsetOfPage(query),
  );
  return {
    leads: rows.map(toSegmentLead),
    pagination: pageOf(query, total),
    segment_total: segmentTotal,
  };
}

/** Adds leads by hand (an automatic membership becomes manual); the audit log counts those asked for. */
export async function assignLeads(
  repo: SegmentsRepository,
  segmentId: string,
  leadIds: string[],
  actor: Actor,
) {
  const segment = await getSegmentRow(repo, segmentId);
  let assigned: number;
  try {
    assigned = await repo.assignManually(segmentId, [...new Set(leadIds)]);
  } catch (error) {
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION)
      throw new BadInputError('lead_ids: one or more leads do not exist');
    throw error;
  }
  await recordSegmentEvent(repo, actor, 'segment.leads_assigned', { segmentId, count: leadIds.length });
  return { assigned, segmentName: segment.name };
}

/** Takes leads out by hand; answers how many were members. */
export async function removeLeads(
  repo: SegmentsRepository,
  segmentId: string,
  leadIds: string[],
  actor: Actor,
): Promise<number> {
  await getSegmentRow(repo, segmentId);
  const removed = await repo.removeMembers(segmentId, [...new Set(leadIds)]);
  await recordSegmentEvent(repo, actor, 'segment.leads_removed', { segmentId, count: removed });
  return removed;
}

/** Every member, a page at a time (for streaming exports). */
export async function* membersInPages(
  repo: SegmentsRepository,
  segmentId: string,
  pageSize = 1000,
): AsyncGenerator<SegmentLead[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await repo.membersAfter(segmentId, after, pageSize);
    if (rows.length === 0) return;
    yield rows.map(toSegmentLead);
    after = rows[rows.length - 1]!.id;
    if (rows.length < pageSize) return;
  }
}

/** Each lead's segments (highest priority first), for lead lists and profiles. */
export async function membershipsByLead(
  repo: SegmentsRepository,
  leadIds: string[],
): Promise<Map<string, SegmentMembership[]>> {
  const byLead = new Map<string, SegmentMembership[]>();
  for (const m of await repo.membershipsOf(leadIds)) {
    const list = byLead.get(m.leadId) ?? [];
    list.push({
      id: m.id,
      name: m.name,
      manually_assigned: m.assignment === 'manual',
      assigned_at: m.assignedAt.toISOString(),
    });
    byLead.set(m.leadId, list);
  }
  return byLead;
}
