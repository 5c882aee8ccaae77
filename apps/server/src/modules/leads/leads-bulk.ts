import type { ImportLead, RuleLead } from '@lantern/contracts';
import { childFactsOf, scoreOf, searchTextOf, toNewChild } from './lead-mapping';
import type { BulkLead, DbOrTx, LeadsRepository } from './leads.repository';

export type NumberedLead = { lead: ImportLead; lineNumber: number };
export type BulkOutcome = {
  created: { lineNumber: number; email: string; id: string }[];
  /** Leads whose email was taken between validation and insert. */
  conflicts: { lineNumber: number; email: string }[];
  failed: { lineNumber: number; email: string; error: string }[];
};

const BATCH_SIZE = 1000;
const CONCURRENCY = 3;

function facts(children: ReturnType<typeof toNewChild>[]) {
  const f = childFactsOf(
    children.map((c) => ({
      name: c.name,
      age: c.age ?? null,
      specialNeeds: c.specialNeeds ?? [],
      currentSupport: c.currentSupport ?? [],
    })),
  );
  return {
    child_count: f.childCount,
    first_child_name: f.firstChildName,
    first_child_age: f.firstChildAge,
    first_child_special_needs: f.firstChildSpecialNeeds,
    first_child_current_support: f.firstChildCurrentSupport,
    all_special_needs: f.allSpecialNeeds,
    all_ages: f.allAges,
  };
}

function toBulkLead(lead: ImportLead, source: string, createdAt: Date): Omit<BulkLead, 'segment_ids'> {
  const children = lead.children.map((c) => toNewChild({ ...c, grade: c.grade ?? null }));
  const columns = {
    email: lead.email,
    parentName: lead.parent_name,
    phone: lead.phone,
    phoneConsent: false,
    timeline: lead.timeline,
    timelineDate: lead.timeline_date,
    completedConversations: 0,
    resourceDownloads: 0,
  };
  const { score, breakdown } = scoreOf(columns, children);
  return {
    created_at: createdAt.toISOString(),
    email: lead.email,
    parent_name: lead.parent_name,
    phone: lead.phone,
    timeline: lead.timeline,
    timeline_date: lead.timeline_date,
    biggest_concerns: lead.biggest_concerns,
    lead_score: score,
    score_breakdown: breakdown,
    search_text: searchTextOf(columns, children),
    source,
    ...facts(children),
    children: lead.children.map((c) => ({ ...c, grade: c.grade ?? null })),
  };
}

/** A new lead as segment rules see it. */
function asRuleLead(lead: Omit<BulkLead, 'segment_ids'>, createdAt: Date): RuleLead {
  return {
    email: lead.email,
    parent_name: lead.parent_name,
    phone: lead.phone,
    timeline: lead.timeline,
    biggest_concerns: lead.biggest_concerns,
    lead_score: lead.lead_score,
    created_at: createdAt,
    children: lead.children.map((c) => ({
      name: c.name,
      age: c.age,
      special_needs: c.special_needs,
      current_support: c.current_support,
    })),
  };
}

/**
 * Creates validated leads in batches: one write per batch (COPY on PostgreSQL, one statement on
 * PGlite: see insertMany), never a query per row. A batch that fails as a whole is retried row
 * by row, so one bad row cannot lose the others.
 */
export async function createLeadsInBatches(
  repo: LeadsRepository,
  rows: NumberedLead[],
  source: string,
  /**
   * Runs in each batch's transaction before its insert, with the new leads as segment rules see
   * them (`now` is their creation time): each lead's automatic segment ids, written with the lead.
   */
  autoTagsOf: (newLeads: RuleLead[], tx: DbOrTx, now: Date) => Promise<string[][]>,
) {
  const now = new Date();
  const outcome: BulkOutcome = { created: [], conflicts: [], failed: [] };
  const record = (batch: NumberedLead[], idByEmail: Map<string, string>) => {
    for (const { lead, lineNumber } of batch) {
      const id = idByEmail.get(lead.email);
      if (id) outcome.created.push({ lineNumber, email: lead.email, id });
      else outcome.conflicts.push({ lineNumber, email: lead.email });
    }
  };
  const insert = (leads: Omit<BulkLead, 'segment_ids'>[]) =>
    repo.transaction(async (tx) => {
      const tags = await autoTagsOf(
        leads.map((lead) => asRuleLead(lead, now)),
        tx,
        now,
      );
      return repo.insertMany(
        leads.map((lead, i) => ({ ...lead, segment_ids: tags[i]! })),
        tx,
      );
    });
  const insertBatch = async (batch: NumberedLead[]) => {
    try {
      record(batch, await insert(batch.map((r) => toBulkLead(r.lead, source, now))));
    } catch {
      for (const row of batch) {
        try {
          record([row], await insert([toBulkLead(row.lead, source, now)]));
        } catch {
          outcome.failed.push({
            lineNumber: row.lineNumber,
            email: row.lead.email,
            error: 'Could not be saved',
          });
        }
      }
    }
  };
  const batches: NumberedLead[][] = [];
  for (let start = 0; start < rows.length; start += BATCH_SIZE)
    batches.push(rows.slice(start, start + BATCH_SIZE));
  // A few batches in flight, so the database works on one while the next is prepared.
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, batches.length) }, async () => {
      while (next < batches.length) await insertBatch(batches[next++]!);
    }),
  );
  outcome.created.sort((a, b) => a.lineNumber - b.lineNumber);
  return outcome;
}
