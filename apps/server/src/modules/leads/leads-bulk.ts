import type { ImportLead } from '@lantern/contracts';
import { scoreOf, searchTextOf, toNewChild } from './lead-mapping';
import type { LeadsRepository } from './leads.repository';

export type NumberedLead = { lead: ImportLead; lineNumber: number };
export type BulkOutcome = {
  created: { lineNumber: number; email: string; id: string }[];
  /** Leads whose email was taken between validation and insert. */
  conflicts: { lineNumber: number; email: string }[];
  failed: { lineNumber: number; email: string; error: string }[];
};

const BATCH_SIZE = 500;

function toInsert(lead: ImportLead, source: string) {
  const children = lead.children.map((c) => toNewChild({ ...c, grade: c.grade ?? null }));
  const columns = {
    email: lead.email,
    parentName: lead.parent_name,
    phone: lead.phone,
    phoneConsent: false,
    timeline: lead.timeline,
    timelineDate: lead.timeline_date,
    biggestConcerns: lead.biggest_concerns,
    completedConversations: 0,
    resourceDownloads: 0,
  };
  const { score, breakdown } = scoreOf(columns, children);
  return {
    lead: {
      ...columns,
      source,
      leadScore: score,
      scoreBreakdown: breakdown,
      searchText: searchTextOf(columns, children),
    },
    children,
  };
}

/**
 * Creates validated leads in batches: one transaction and three statements per batch, never a
 * query per row. A batch that fails as a whole is retried row by row, so one bad row cannot
 * lose the others.
 */
export async function createLeadsInBatches(repo: LeadsRepository, rows: NumberedLead[], source: string) {
  const outcome: BulkOutcome = { created: [], conflicts: [], failed: [] };
  const record = (batch: NumberedLead[], idByEmail: Map<string, string>) => {
    for (const { lead, lineNumber } of batch) {
      const id = idByEmail.get(lead.email);
      if (id) outcome.created.push({ lineNumber, email: lead.email, id });
      else outcome.conflicts.push({ lineNumber, email: lead.email });
    }
  };
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = rows.slice(start, start + BATCH_SIZE);
    try {
      record(batch, await repo.insertMany(batch.map((r) => toInsert(r.lead, source))));
    } catch {
      for (const row of batch) {
        try {
          record([row], await repo.insertMany([toInsert(row.lead, source)]));
        } catch {
          outcome.failed.push({
            lineNumber: row.lineNumber,
            email: row.lead.email,
            error: 'Could not be saved',
          });
        }
      }
    }
  }
  return outcome;
}
