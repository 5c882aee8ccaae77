import {
  computeLeadScore,
  SCORE_FACTORS,
  type ScoreFactor,
  type Lead,
  type LeadCreateInput,
  type LeadUpdateInput,
} from '@lantern/contracts';
import { childrenOfRow } from './leads.repository';
import type { LeadChildRow, LeadRow, StoredScoreFactor } from './leads.tables';

/** The children facts kept on the lead row (see leads.tables.ts): first child's fields, and every child's. */
export function childFactsOf(
  children: Pick<LeadChildRow, 'name' | 'age' | 'specialNeeds' | 'currentSupport'>[],
) {
  const first = children[0];
  return {
    childCount: children.length,
    firstChildName: first?.name ?? null,
    firstChildAge: first?.age ?? null,
    firstChildSpecialNeeds: first?.specialNeeds ?? [],
    firstChildCurrentSupport: first?.currentSupport ?? [],
    allSpecialNeeds: children.flatMap((c) => c.specialNeeds),
    allAges: children.flatMap((c) => (c.age === null ? [] : [c.age])),
  };
}

export function searchTextOf(
  lead: Pick<LeadRow, 'parentName' | 'email' | 'phone'>,
  children: { name: string }[],
) {
  const digits = (lead.phone ?? '').replace(/\D/g, '');
  return [lead.parentName, lead.email, lead.phone, digits, ...children.map((c) => c.name)]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

type ScoredFields = Pick<
  LeadRow,
  | 'email'
  | 'parentName'
  | 'phone'
  | 'phoneConsent'
  | 'timeline'
  | 'timelineDate'
  | 'completedConversations'
  | 'resourceDownloads'
>;

const expandFactor = (f: StoredScoreFactor): ScoreFactor => ({
  key: f.key,
  label: f.label ?? SCORE_FACTORS[f.key].label,
  points: f.points,
  max: f.max ?? SCORE_FACTORS[f.key].max,
  detail: f.detail,
});

/** The lead's score, and its breakdown as stored (see StoredScoreFactor). */
export function scoreOf(
  lead: ScoredFields,
  children: Pick<LeadChildRow, 'name' | 'age' | 'specialNeeds'>[],
): { score: number; breakdown: StoredScoreFactor[] } {
  const { score, breakdown } = computeLeadScore({
    email: lead.email,
    parent_name: lead.parentName,
    phone: lead.phone,
    phone_consent: lead.phoneConsent,
    timeline: lead.timeline,
    timeline_date: lead.timelineDate,
    children: children.map((c) => ({
      name: c.name,
      age: c.age ?? null,
      special_needs: c.specialNeeds ?? [],
    })),
    completed_conversations: lead.completedConversations,
    resource_downloads: lead.resourceDownloads,
  });
  return { score, breakdown: breakdown.map(({ key, points, detail }) => ({ key, points, detail })) };
}

/** The column values a create or update input sets (undefined means "leave as is"). */
export function columnsFromInput(input: LeadCreateInput | LeadUpdateInput) {
  return {
    email: input.email,
    parentName: input.parent_name,
    phone: input.phone,
    phoneConsent: input.phone_consent,
    timeline: input.timeline,
    timelineDate: input.timeline_date,
    biggestConcerns: input.biggest_concerns,
    conversionStatus: input.conversion_status,
    enrollmentDate: input.enrollment_date,
    paymentAmount: input.payment_amount,
    paymentPeriod: input.payment_period,
    emailStatus: input.email_status,
    unsubscribeReason: input.unsubscribe_reason,
  };
}

export type Membership = { id: string; name: string; manually_assigned: boolean; assigned_at: string };

export function toLead(row: LeadRow, memberships: Membership[] = []): Lead {
  const { children } = row;
  return {
    id: row.id,
    email: row.email,
    parent_name: row.parentName,
    phone: row.phone,
    phone_consent: row.phoneConsent,
    timeline: row.timeline,
    timeline_date: row.timelineDate,
    biggest_concerns: row.biggestConcerns,
    children: childrenOfRow(children),
    child_name: children[0]?.name ?? null,
    lead_score: row.leadScore,
    score_breakdown: row.scoreBreakdown.map(expandFactor),
    segment_tags: memberships.map((m) => m.name),
    segments: memberships,
    conversion_status: row.conversionStatus,
    enrollment_date: row.enrollmentDate,
    payment_amount: row.paymentAmount,
    payment_period: row.paymentPeriod,
    email_status: row.emailStatus,
    unsubscribed_at: row.unsubscribedAt?.toISOString() ?? null,
    unsubscribe_reason: row.unsubscribeReason,
    source: row.source,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
