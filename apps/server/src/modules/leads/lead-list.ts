import {
  offsetOfPage,
  pageOf,
  SCORE_BAND_RANGES,
  type Lead,
  type LeadsPage,
  type leadsQuerySchema,
} from '@lantern/contracts';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { BadInputError } from '../../http/errors';
import { withMemberships, type LeadSegmentsReader } from './lead-records';
import type { ExportCursor, ExportRow, LeadsRepository } from './leads.repository';
import type { LeadRow } from './leads.tables';

// Reading leads in bulk: the leads list (search and filters) a page at a time, and every lead in
// keyset pages for the streaming exports.

export type LeadsQueryInput = z.output<typeof leadsQuerySchema>;

/** The WHERE conditions of a leads list query; filters equal to 'all' (or empty) are ignored. */
export function leadsListConditions(
  query: LeadsQueryInput,
  repo: LeadsRepository,
  segments: Pick<LeadSegmentsReader, 'leadIsInSegment' | 'leadIsNotInSegment'>,
): SQL[] {
  const c = repo.conditions;
  const conditions: SQL[] = [];
  const given = (v: string | undefined): v is string => Boolean(v) && v !== 'all';
  if (query.search) conditions.push(c.search(query.search));
  if (given(query.score)) {
    const range = SCORE_BAND_RANGES[query.score as keyof typeof SCORE_BAND_RANGES];
    conditions.push(c.scoreBetween(range.min, range.max));
  }
  if (given(query.timeline)) {
    conditions.push(
      query.timeline.toLowerCase() === 'unknown' ? c.timelineUnknown() : c.timelineIs(query.timeline),
    );
  }
  if (given(query.conversion_status)) conditions.push(c.conversionStatus(query.conversion_status));
  if (given(query.email_status)) conditions.push(c.emailStatus(query.email_status));
  if (given(query.segment)) {
    if (!/^[0-9a-f-]{36}$/i.test(query.segment)) throw new BadInputError('segment: must be a segment id');
    conditions.push(segments.leadIsInSegment(query.segment));
  }
  if (query.not_in_segment) conditions.push(segments.leadIsNotInSegment(query.not_in_segment));
  return conditions;
}

/** One page of the leads list, newest first, each lead with its segments. */
export async function listLeads(
  repo: LeadsRepository,
  segments: LeadSegmentsReader,
  query: LeadsQueryInput,
): Promise<LeadsPage> {
  const conditions = leadsListConditions(query, repo, segments);
  const { rows, total, totalIsEstimate } = await repo.findLeadsPage(
    conditions,
    query.limit,
    offsetOfPage(query),
  );
  return {
    leads: await withMemberships(segments, rows),
    pagination: { ...pageOf(query, total), ...(totalIsEstimate ? { totalIsEstimate } : {}) },
  };
}

/** Every lead, newest first, a page at a time (keyset), for streaming exports. */
export async function* allLeadsInPages(
  repo: LeadsRepository,
  segments: LeadSegmentsReader,
  pageSize = 1000,
): AsyncGenerator<Lead[]> {
  let cursor: ExportCursor | null = null;
  for (;;) {
    const page: { rows: LeadRow[]; next: ExportCursor | null } = await repo.findPageAfter(cursor, pageSize);
    if (page.rows.length === 0) return;
    yield await withMemberships(segments, page.rows);
    cursor = page.next;
  }
}

/** Every lead as flat export columns (segment tags included), a page at a time. */
export async function* allExportRowsInPages(
  repo: LeadsRepository,
  segments: LeadSegmentsReader,
  pageSize = 500,
): AsyncGenerator<ExportRow[]> {
  let cursor: ExportCursor | null = null;
  for (;;) {
    const page: { rows: ExportRow[]; next: ExportCursor | null } = await repo.exportRowsAfter(
      cursor,
      pageSize,
      segments.segmentTagsSql,
    );
    if (page.rows.length === 0) return;
    yield page.rows;
    cursor = page.next;
  }
}
