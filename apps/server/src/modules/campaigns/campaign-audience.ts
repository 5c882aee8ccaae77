import {
  CAMPAIGN_EXCLUSION_LABELS,
  CAMPAIGN_EXCLUSION_REASONS,
  dataQualityColor,
  type DataValidation,
} from '@lantern/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leadColumns as lead } from '../leads';
import type { SegmentsService } from '../segments/segments.service';
import { rowsOf } from '../../db/rows';

// A campaign's audience: its segment's sendable leads (segments' one rule: subscribed, not
// complained or bounced, in no never-contact segment) with an email address, one per address.
// Counts and data quality come from one aggregate query over the members, never a row per lead.

/** What campaigns need of segments to read an audience (the segments service provides it). */
export type AudienceSegments = Pick<SegmentsService, 'segmentAudienceSql'>;

/** The lead fields a placeholder reads, by placeholder. */
const FIELD_OF: Record<string, 'parent_name' | 'child_name' | 'child_age' | 'timeline' | 'special_needs'> = {
  parent_name: 'parent_name',
  name: 'parent_name',
  first_name: 'parent_name',
  child_name: 'child_name',
  child_age: 'child_age',
  timeline: 'timeline',
  special_needs: 'special_needs',
};
const FIELD_LABELS = {
  parent_name: "a parent's name",
  child_name: "a child's name",
  child_age: "a child's age",
  timeline: 'a timeline',
  special_needs: 'special needs recorded',
} as const;

export type AudienceCounts = {
  segment_leads: number;
  unsubscribed: number;
  bounced: number;
  complained: number;
  never_contact: number;
  no_email: number;
  sendable_rows: number;
  recipients: number;
  parent_name: number;
  child_name: number;
  child_age: number;
  timeline: number;
  special_needs: number;
};

/** One pass over the members of the segments: why each is excluded, recipients, filled fields. */
export async function audienceCounts(
  db: Database,
  segments: AudienceSegments,
  segmentIds: readonly string[],
): Promise<AudienceCounts> {
  if (segmentIds.length === 0) return emptyCounts();
  const members = segments.segmentAudienceSql(
    segmentIds,
    sql`${lead.emailStatus} as status, trim(${lead.email}) <> '' as has_email,
      ${lead.email} <> lower(trim(${lead.email})) as odd_email,
      trim(${lead.parentName}) <> '' as has_parent, coalesce(trim(${lead.firstChildName}), '') <> '' as has_child,
      ${lead.firstChildAge} is not null as has_age, coalesce(trim(${lead.timeline}), '') <> '' as has_timeline,
      coalesce(cardinality(${lead.allSpecialNeeds}), 0) > 0 as has_needs`,
  );
  // A lead counts under its first reason: unsubscribed, bounced, complained, never contact, no email.
  const [row] = rowsOf<AudienceCounts & { odd_emails: number }>(
    await db.execute(sql`
      select count(*)::int as segment_leads,
        count(*) filter (where m.status = 'unsubscribed')::int as unsubscribed,
        count(*) filter (where m.status = 'bounced')::int as bounced,
        count(*) filter (where m.status = 'complained')::int as complained,
        count(*) filter (where m.status = 'subscribed' and not m.sendable)::int as never_contact,
        count(*) filter (where m.sendable and not m.has_email)::int as no_email,
        count(*) filter (where m.sendable and m.has_email)::int as sendable_rows,
        count(*) filter (where m.sendable and m.has_email and m.odd_email)::int as odd_emails,
        count(*) filter (where m.sendable and m.has_email and m.has_parent)::int as parent_name,
        count(*) filter (where m.sendable and m.has_email and m.has_child)::int as child_name,
        count(*) filter (where m.sendable and m.has_email and m.has_age)::int as child_age,
        count(*) filter (where m.sendable and m.has_email and m.has_timeline)::int as timeline,
        count(*) filter (where m.sendable and m.has_email and m.has_needs)::int as special_needs
      from (${members}) m`),
  );
  if (!row) return emptyCounts();
  const { odd_emails, ...counts } = row;
  // Leads' addresses are unique as stored (leads_email_idx), so two members can share an address
  // only when one is stored with capitals or spaces: without such a member, every sendable member
  // is a recipient, and the costly distinct count is not needed.
  const recipients =
    odd_emails === 0 ? counts.sendable_rows : await distinctRecipients(db, segments, segmentIds);
  return { ...counts, recipients };
}

/** Sendable members once per address, any case and spacing (the rare path, see above). */
async function distinctRecipients(db: Database, segments: AudienceSegments, segmentIds: readonly string[]) {
  const members = segments.segmentAudienceSql(segmentIds, sql`lower(trim(${lead.email})) as email_key`);
  const [row] = rowsOf<{ recipients: number }>(
    await db.execute(sql`
      select count(distinct m.email_key)::int as recipients from (${members}) m
      where m.sendable and m.email_key <> ''`),
  );
  return row?.recipients ?? 0;
}

const emptyCounts = (): AudienceCounts => ({
  segment_leads: 0,
  unsubscribed: 0,
  bounced: 0,
  complained: 0,
  never_contact: 0,
  no_email: 0,
  sendable_rows: 0,
  recipients: 0,
  parent_name: 0,
  child_name: 0,
  child_age: 0,
  timeline: 0,
  special_needs: 0,
});

/**
 * The data quality of sending this content to these counts: how well the sendable leads' data fills
 * the lead fields the content personalises with (100 when it personalises with none and someone
 * will receive it; 0 when no one will).
 */
export function dataValidation(
  counts: AudienceCounts,
  variables: readonly string[],
  now = new Date(),
): DataValidation {
  const used = [...new Set(variables.map((v) => FIELD_OF[v]).filter((f) => f !== undefined))];
  const base = counts.sendable_rows;
  const fields = used.map((field) => ({
    field,
    filled: counts[field],
    fill_rate: base === 0 ? 0 : Math.round((counts[field] / base) * 1000) / 1000,
  }));
  const score =
    counts.recipients === 0
      ? 0
      : fields.length === 0
        ? 100
        : Math.round((fields.reduce((sum, f) => sum + f.fill_rate, 0) / fields.length) * 100);
  const exclusions = CAMPAIGN_EXCLUSION_REASONS.map((reason) => ({
    reason,
    label: CAMPAIGN_EXCLUSION_LABELS[reason],
    count: counts[reason],
  })).filter((e) => e.count > 0);
  const duplicates = counts.sendable_rows - counts.recipients;
  const warnings: string[] = [];
  if (counts.segment_leads === 0) warnings.push('The segment has no leads.');
  else if (counts.recipients === 0) warnings.push('No lead in the segment can be emailed.');
  for (const f of fields)
    if (f.filled < base)
      warnings.push(
        `${base - f.filled} of ${base} recipients have no ${FIELD_LABELS[f.field as keyof typeof FIELD_LABELS]}: {{${f.field}}} will be blank for them.`,
      );
  if (duplicates > 0)
    warnings.push(
      `${duplicates} leads share an email address with another lead: each address gets one email.`,
    );
  return {
    quality_score: score,
    quality_color: dataQualityColor(score),
    segment_leads: counts.segment_leads,
    sendable_leads: counts.recipients,
    excluded_leads: counts.segment_leads - counts.recipients,
    exclusions,
    duplicate_emails: duplicates,
    fields,
    warnings,
    checked_at: now.toISOString(),
  };
}

export type AudienceProfile = {
  segmentId: string;
  recipients: number;
  medianAge: number | null;
  topNeeds: string[];
};

/** A segment's recipients, median child age and three most common needs (compatibility). */
export async function audienceProfile(
  db: Database,
  segments: AudienceSegments,
  segmentId: string,
): Promise<AudienceProfile> {
  const members = segments.segmentAudienceSql(
    [segmentId],
    sql`lower(trim(${lead.email})) as email_key, ${lead.firstChildAge} as age, ${lead.allSpecialNeeds} as needs`,
  );
  const [facts] = rowsOf<{ recipients: number; median_age: number | null }>(
    await db.execute(sql`
      select count(distinct m.email_key)::int as recipients,
        percentile_cont(0.5) within group (order by m.age)::float8 as median_age
      from (${members}) m where m.sendable and m.email_key <> ''`),
  );
  const needs = rowsOf<{ need: string }>(
    await db.execute(sql`
      select lower(n) as need from (${members}) m, unnest(m.needs) n
      where m.sendable and m.email_key <> '' group by lower(n) order by count(*) desc, lower(n) limit 3`),
  );
  return {
    segmentId,
    recipients: facts?.recipients ?? 0,
    medianAge: facts?.median_age ?? null,
    topNeeds: needs.map((n) => n.need),
  };
}
