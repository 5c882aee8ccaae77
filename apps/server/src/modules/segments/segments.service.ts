import type { Segment } from '@lantern/contracts';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/errors';
import { BadInputError, NotFoundError } from '../../http/errors';
import type { SegmentsRepository, SegmentWithCount } from './segments.repository';

export function toSegment(row: SegmentWithCount): Segment {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_active: row.isActive,
    never_contact: row.neverContact,
    email_list_ready: row.emailListReady,
    auto_tag: row.autoTag,
    priority: row.priority,
    active_leads: row.leadCount,
    created_at: row.createdAt.toISOString(),
    last_evaluated: row.lastEvaluated?.toISOString() ?? null,
  };
}

export function createSegmentsService(repo: SegmentsRepository) {
  return {
    async listSegments(): Promise<Segment[]> {
      return (await repo.findSegments()).map(toSegment);
    },

    async assignLeads(
      segmentId: string,
      leadIds: string[],
    ): Promise<{ assigned: number; segmentName: string }> {
      const segment = await repo.findSegmentById(segmentId);
      if (!segment) throw new NotFoundError('Segment not found');
      try {
        const assigned = await repo.assignManually(segmentId, [...new Set(leadIds)]);
        return { assigned, segmentName: segment.name };
      } catch (error) {
        if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION)
          throw new BadInputError('lead_ids: one or more leads do not exist');
        throw error;
      }
    },

    /** Each lead's segments (highest priority first), for lead lists and profiles. */
    async membershipsByLead(leadIds: string[]) {
      const byLead = new Map<
        string,
        { id: string; name: string; manually_assigned: boolean; assigned_at: string }[]
      >();
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
    },

    /** SQL condition "the lead is in this segment", for the leads list filter. */
    leadIsInSegment: (segmentId: string) => repo.leadIsInSegment(segmentId),
    countActive: () => repo.countActive(),
    topByLeads: (limit: number) => repo.topByLeads(limit),
    createSegment: repo.insertSegment,
  };
}

export type SegmentsService = ReturnType<typeof createSegmentsService>;
