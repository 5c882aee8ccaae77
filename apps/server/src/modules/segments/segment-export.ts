import { neutraliseCsvCell, type SegmentLead } from '@lantern/contracts';
import { stringify } from 'csv-stringify/sync';
import type { Actor } from '../audit/audit.service';
import { membersInPages } from './membership';
import { toSegment } from './segment-mapping';
import { getSegmentRow, recordSegmentEvent } from './segment-records';
import type { SegmentsRepository } from './segments.repository';

// A segment's members as a file: JSON (read whole) or CSV (streamed a page at a time, cells
// neutralised against spreadsheet formulas). The export is recorded before the first row is read.

const EXPORT_COLUMNS = [
  'email',
  'parent_name',
  'child_name',
  'child_age',
  'phone',
  'special_needs',
  'lead_score',
  'timeline',
  'assignment',
  'assigned_at',
] as const;

type ExportedSegment = { id: string; name: string };
export type SegmentExport =
  | { format: 'json'; segment: ExportedSegment; leads: SegmentLead[] }
  | { format: 'csv'; segment: ExportedSegment; csv: AsyncGenerator<string> };

function exportCells(lead: SegmentLead): (string | null)[] {
  const cells: Record<(typeof EXPORT_COLUMNS)[number], string | null> = {
    email: lead.email,
    parent_name: lead.parent_name,
    child_name: lead.child_name,
    child_age: lead.child_age === null ? null : String(lead.child_age),
    phone: lead.phone,
    special_needs: lead.special_needs.join(', ') || null,
    lead_score: String(lead.lead_score),
    timeline: lead.timeline,
    assignment: lead.manually_assigned ? 'Manual' : 'Auto',
    assigned_at: lead.assigned_at,
  };
  return EXPORT_COLUMNS.map((c) => (cells[c] === null ? null : neutraliseCsvCell(cells[c])));
}

/** The CSV text: the header line, then one chunk per page of members. */
async function* csvChunks(repo: SegmentsRepository, segmentId: string): AsyncGenerator<string> {
  yield stringify([[...EXPORT_COLUMNS]]);
  for await (const page of membersInPages(repo, segmentId)) yield stringify(page.map(exportCells));
}

export async function exportSegment(
  repo: SegmentsRepository,
  segmentId: string,
  format: 'csv' | 'json',
  actor: Actor,
): Promise<SegmentExport> {
  const segment = toSegment(await getSegmentRow(repo, segmentId));
  await recordSegmentEvent(repo, actor, 'segment.exported', {
    segmentId: segment.id,
    format,
    rows: segment.active_leads,
  });
  const exported = { id: segment.id, name: segment.name };
  if (format === 'csv') return { format, segment: exported, csv: csvChunks(repo, segment.id) };
  const leads: SegmentLead[] = [];
  for await (const page of membersInPages(repo, segment.id)) leads.push(...page);
  return { format, segment: exported, leads };
}
