import { Readable } from 'node:stream';
import { EXPORT_COLUMNS, exportFilename, neutraliseCsvCell, type Lead } from '@lantern/contracts';
import { stringify } from 'csv-stringify/sync';
import type { Database } from '../../db/client';
import { recordAuditEvent } from '../audit/audit.service';
import type { LeadsService } from '../leads/leads.service';

type Actor = { userId: string | null; ip: string | null };
type Cell = string | number | null;

const joined = (values: (string | number | null)[]) =>
  values.filter((v) => v !== null && v !== '').join('; ');
const union = (lists: string[][]) => [...new Set(lists.flat())].join('; ');

/** One export row: every column of the export column groups. */
export function exportRecord(lead: Lead): Record<string, Cell> {
  return {
    id: lead.id,
    email: lead.email,
    parent_name: lead.parent_name,
    phone: lead.phone,
    phone_consent: lead.phone_consent ? 'yes' : 'no',
    children_count: lead.children.length,
    children_names: joined(lead.children.map((c) => c.name)),
    children_ages: joined(lead.children.map((c) => c.age)),
    children_grades: joined(lead.children.map((c) => c.grade)),
    special_needs: union(lead.children.map((c) => c.special_needs)),
    current_support: union(lead.children.map((c) => c.current_support)),
    timeline: lead.timeline,
    timeline_date: lead.timeline_date,
    lead_score: lead.lead_score,
    conversion_status: lead.conversion_status,
    enrollment_date: lead.enrollment_date,
    payment_amount: lead.payment_amount,
    payment_period: lead.payment_period,
    email_status: lead.email_status,
    unsubscribed_at: lead.unsubscribed_at,
    unsubscribe_reason: lead.unsubscribe_reason,
    segment_tags: lead.segment_tags.join('; '),
    biggest_concerns: lead.biggest_concerns,
    source: lead.source,
    created_at: lead.created_at,
    updated_at: lead.updated_at,
  };
}

function csvRows(leads: Lead[], columns: readonly string[]): Cell[][] {
  return leads.map((lead) => {
    const record = exportRecord(lead);
    return columns.map((c) => {
      const value = record[c] ?? null;
      return typeof value === 'string' ? neutraliseCsvCell(value) : value;
    });
  });
}

/**
 * Streams every lead as CSV (chosen columns, formula-like cells neutralised) or as a JSON
 * array, a page at a time: memory stays flat and the first bytes leave at once.
 */
export function createLeadExportService(deps: { db: Database; leads: LeadsService }) {
  const { db, leads } = deps;

  async function* chunks(format: 'csv' | 'json', columns: readonly string[], actor: Actor) {
    let count = 0;
    try {
      if (format === 'csv') yield stringify([columns]);
      else yield '[';
      for await (const page of leads.allLeadsInPages()) {
        if (format === 'csv') yield stringify(csvRows(page, columns));
        else yield (count > 0 ? ',\n' : '\n') + page.map((lead) => JSON.stringify(lead)).join(',\n');
        count += page.length;
      }
      if (format === 'json') yield '\n]\n';
    } finally {
      await recordAuditEvent(db, {
        actorId: actor.userId,
        action: 'leads.exported',
        details: { format, rows: count, columns: format === 'csv' ? columns.length : null },
        ip: actor.ip,
      });
    }
  }

  return {
    exportLeads(format: 'csv' | 'json', columns: string[] | undefined, actor: Actor) {
      const chosen = EXPORT_COLUMNS.filter((c) => !columns || columns.includes(c));
      return {
        filename: exportFilename(format),
        contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        stream: Readable.from(chunks(format, chosen, actor)),
      };
    },
  };
}

export type LeadExportService = ReturnType<typeof createLeadExportService>;
