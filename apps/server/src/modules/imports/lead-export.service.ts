import { Readable } from 'node:stream';
import { EXPORT_COLUMNS, exportFilename, neutraliseCsvCell } from '@lantern/contracts';
import { stringify } from 'csv-stringify/sync';
import type { Database } from '../../db/client';
import { recordAuditEvent, type Actor } from '../audit/audit.service';
import type { LeadsService } from '../leads/leads.service';

type Cell = string | null;

/** One CSV field (RFC 4180 quoting, as csv-stringify writes it), formula-like cells neutralised. */
function csvField(value: Cell | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const cell = neutraliseCsvCell(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/**
 * A page of rows as CSV text, written straight into one string: no per-cell arrays or per-call
 * stringifier, so a 100,000-lead export leaves little garbage behind (its memory stays flat).
 */
function csvPage(rows: Record<string, Cell>[], columns: readonly string[]): string {
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < columns.length; i++) text += (i ? ',' : '') + csvField(row[columns[i]!]);
    text += '\n';
  }
  return text;
}

/**
 * Streams every lead as CSV (chosen columns, formula-like cells neutralised) or as a JSON
 * array, a page at a time: memory stays flat and the first bytes leave at once.
 */
export function createLeadExportService(deps: { db: Database; leads: LeadsService }) {
  const { db, leads } = deps;

  async function* chunks(format: 'csv' | 'json', columns: readonly string[], actor: Actor) {
    let count = 0;
    let completed = false;
    try {
      if (format === 'csv') yield stringify([columns]);
      else yield '[';
      // On PostgreSQL, PostgreSQL writes the CSV (COPY): the rows never become objects here.
      const copied = format === 'csv' ? await leads.copyExportCsv(columns) : null;
      if (copied) {
        yield* copied.data;
        count = copied.rows;
      } else if (format === 'csv') {
        for await (const page of leads.allExportRowsInPages()) {
          yield csvPage(page, columns);
          count += page.length;
        }
      } else {
        for await (const page of leads.allLeadsInPages()) {
          yield (count > 0 ? ',\n' : '\n') + page.map((lead) => JSON.stringify(lead)).join(',\n');
          count += page.length;
        }
      }
      if (format === 'json') yield '\n]\n';
      completed = true;
    } finally {
      await recordAuditEvent(db, {
        actorId: actor.userId,
        action: 'leads.exported',
        // A cancelled download is recorded too, as not completed (rows: those counted before it stopped).
        details: { format, rows: count, completed, columns: format === 'csv' ? columns.length : null },
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
        // One page buffered ahead at most: the socket's pace sets the database's.
        stream: Readable.from(chunks(format, chosen, actor), { highWaterMark: 1 }),
      };
    },
  };
}

export type LeadExportService = ReturnType<typeof createLeadExportService>;
