import {
  CONVERSION_STATUSES,
  SEGMENT_ANALYTICS_RANGE_DAYS,
  type LeadGrowthPoint,
  type SegmentAnalytics,
  type SegmentAnalyticsRange,
} from '@lantern/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import { leadColumns as lead, leadsTable } from '../leads';
import { getSegmentRow } from './segment-records';
import type { SegmentsRepository } from './segments.repository';
import { leadSegments } from './segments.tables';
import { rowsOf } from '../../db/rows';

// A segment's analytics (spec 3.5, issue 19): growth by the day leads joined the segment
// (lead_segments.assigned_at, not the lead's created_at), its current members by conversion status,
// and their engagement. Leads are read through their read interface (lead-columns); conversations
// through a counter the app hands in (chat reaches segments through resources, so segments cannot
// import chat).

/** Chat's countConvertedConversations, bound to the database by the app. */
export type ConvertedConversationCounter = (query: {
  leadIdIn: SQL;
  since: Date | null;
  now: Date;
}) => Promise<number>;

export type SegmentAnalyticsDeps = {
  repo: SegmentsRepository;
  convertedConversations: ConvertedConversationCounter;
};

const DAY_MS = 86_400_000;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The first day of the range (UTC midnight), or null for 'all'. */
function rangeStart(range: SegmentAnalyticsRange, now: Date): Date | null {
  if (range === 'all') return null;
  const today = Date.parse(`${utcDay(now)}T00:00:00Z`);
  return new Date(today - (SEGMENT_ANALYTICS_RANGE_DAYS[range] - 1) * DAY_MS);
}

/** One point a day from `start` to `now`: joins that day and members at its end. */
export function growthSeries(
  joinsByDay: Map<string, number>,
  before: number,
  start: Date,
  now: Date,
): LeadGrowthPoint[] {
  const points: LeadGrowthPoint[] = [];
  let total = before;
  for (let t = start.getTime(); t <= now.getTime(); t += DAY_MS) {
    const date = utcDay(new Date(t));
    const joined = joinsByDay.get(date) ?? 0;
    total += joined;
    points.push({ date, new_leads: joined, total_leads: total });
  }
  return points;
}

async function leadGrowth(repo: SegmentsRepository, segmentId: string, start: Date | null, now: Date) {
  const rows = rowsOf<{ day: string; joined: number | string }>(
    await repo.db.execute(sql`
      select to_char(${leadSegments.assignedAt} at time zone 'UTC', 'YYYY-MM-DD') as day,
             count(*) as joined
      from ${leadSegments}
      where ${leadSegments.segmentId} = ${segmentId}
      group by 1 order by 1`),
  );
  const joinsByDay = new Map(rows.map((r) => [r.day, Number(r.joined)]));
  if (rows.length === 0 && !start) return [];
  const from = start ?? new Date(`${rows[0]!.day}T00:00:00Z`);
  const fromDay = utcDay(from);
  const before = rows.filter((r) => r.day < fromDay).reduce((n, r) => n + Number(r.joined), 0);
  return growthSeries(joinsByDay, before, from, now);
}

async function conversionRates(repo: SegmentsRepository, segmentId: string) {
  const rows = rowsOf<{ status: string; n: number | string }>(
    await repo.db.execute(sql`
      select ${lead.conversionStatus} as status, count(*) as n
      from ${leadSegments} join ${leadsTable} on ${lead.id} = ${leadSegments.leadId}
      where ${leadSegments.segmentId} = ${segmentId}
      group by 1`),
  );
  const counts = new Map(rows.map((r) => [r.status, Number(r.n)]));
  const total = rows.reduce((n, r) => n + Number(r.n), 0);
  const rate = (n: number) => (total === 0 ? 0 : n / total);
  // Statuses outside the list (none are written today) count in the total only.
  const by_status = CONVERSION_STATUSES.map((status) => {
    const count = counts.get(status) ?? 0;
    return { status, count, rate: rate(count) };
  });
  return { total_leads: total, by_status, enrolled_rate: rate(counts.get('enrolled') ?? 0) };
}

async function engagement(deps: SegmentAnalyticsDeps, segmentId: string, start: Date | null, now: Date) {
  const members = sql`select ${leadSegments.leadId} from ${leadSegments} where ${eq(leadSegments.segmentId, segmentId)}`;
  const [row] = rowsOf<{ downloads: number | string | null }>(
    await deps.repo.db.execute(sql`
      select coalesce(sum(${lead.resourceDownloads}), 0) as downloads from ${leadsTable}
      where ${lead.id} in (${members})`),
  );
  return {
    conversations_completed: await deps.convertedConversations({ leadIdIn: members, since: start, now }),
    resources_downloaded: Number(row?.downloads ?? 0),
    // Campaigns do not send email yet: nothing to open or click until they do.
    campaign_opens: 0,
    campaign_clicks: 0,
  };
}

/** The segment's analytics over the range; NotFoundError for an unknown segment. */
export async function segmentAnalytics(
  deps: SegmentAnalyticsDeps,
  segmentId: string,
  range: SegmentAnalyticsRange,
  now = new Date(),
): Promise<SegmentAnalytics> {
  const { repo } = deps;
  const segment = await getSegmentRow(repo, segmentId);
  const start = rangeStart(range, now);
  return {
    segment_id: segment.id,
    time_range: range,
    lead_growth: await leadGrowth(repo, segment.id, start, now),
    conversion_rates: await conversionRates(repo, segment.id),
    engagement_metrics: await engagement(deps, segment.id, start, now),
  };
}
