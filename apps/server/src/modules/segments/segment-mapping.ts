import { rulesSummary, segmentStatus, type Segment, type SegmentLead } from '@lantern/contracts';
import type { SegmentLeadRow, SegmentWithCount } from './segments.repository';

/** A segment as the API shows it (status and rules summary by the contracts' rules). */
export function toSegment(row: SegmentWithCount): Segment {
  const s = {
    never_contact: row.neverContact,
    is_active: row.isActive,
    email_list_ready: row.emailListReady,
  };
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    inclusion_rules: row.inclusionRules,
    exclusion_rules: row.exclusionRules,
    ...s,
    auto_tag: row.autoTag,
    priority: row.priority,
    active_leads: row.leadCount,
    created_at: row.createdAt.toISOString(),
    last_evaluated: row.lastEvaluated?.toISOString() ?? null,
    status: segmentStatus(s),
    rules_summary: rulesSummary(row.inclusionRules, row.exclusionRules),
  };
}

/** A member as the segment's lead list and export show it. */
export function toSegmentLead(row: SegmentLeadRow): SegmentLead {
  return {
    id: row.id,
    email: row.email,
    parent_name: row.parent_name,
    child_name: row.child_name,
    child_age: row.child_age,
    phone: row.phone,
    special_needs: row.special_needs,
    lead_score: row.lead_score,
    timeline: row.timeline,
    manually_assigned: row.assignment === 'manual',
    assigned_at: new Date(row.assigned_at).toISOString(),
  };
}
