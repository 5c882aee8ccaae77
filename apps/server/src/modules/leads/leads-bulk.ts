import type { ImportLead, RuleLead } from '@lantern/contracts';
import type { LeadsCreatedListener } from './lead-changes';
import { childFactsOf, scoreOf, searchTextOf } from './lead-mapping';
import { childRowsOf, type BulkLead, type LeadsRepository } from './leads.repository';

export type NumberedLead = { lead: ImportLead; lineNumber: number };
export type BulkOutcome = {
  created: { lineNumber: number; email: string; id: string }[];
  /** Leads whose email was taken between validation and insert. */
  conflicts: { lineNumber: number; email: string }[];
  failed: { lineNumber: number; email: string; error: string }[];
};

export const emptyOutcome = (): BulkOutcome => ({ created: [], conflicts: [], failed: [] });

/** Batches written at once. */
const CONCURRENCY = 3;
const MAX_BATCH = 1000;

/**
 * Leads per write (and per slice an import judges at a time) for `total` rows: at most 1,000, in
 * a multiple of CONCURRENCY batches of about the same size, so no batch is left to be written
 * alone at the end while the database has cores to spare (10,000 rows: 12 batches of 834).
 */
export function bulkBatchSize(total: number) {
  const rounds = Math.max(1, Math.ceil(total / (CONCURRENCY * MAX_BATCH)));
  return Math.max(1, Math.ceil(total / (rounds * CONCURRENCY)));
}

/** A lead ready for insertMany: score, child facts and search text made. */
function toBulkLead(lead: ImportLead, source: string, createdAt: string): BulkLead {
  const children = childRowsOf(lead.children);
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
  const f = childFactsOf(children);
  return {
    created_at: createdAt,
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
    child_count: f.childCount,
    first_child_name: f.firstChildName,
    first_child_age: f.firstChildAge,
    first_child_special_needs: f.firstChildSpecialNeeds,
    first_child_current_support: f.firstChildCurrentSupport,
    all_special_needs: f.allSpecialNeeds,
    all_ages: f.allAges,
    children,
  };
}

/** A new lead as segment rules see it: the imported lead, with its score and every-child facts as written. */
const asRuleLead = (lead: ImportLead, written: BulkLead, createdAt: Date): RuleLead => ({
  ...lead,
  lead_score: written.lead_score,
  created_at: createdAt,
  all_special_needs: written.all_special_needs,
  all_ages: written.all_ages,
});

/**
 * Creates validated leads in batches: one write per batch (COPY on PostgreSQL, one statement on
 * PGlite: see insertMany), never a query per row, and the listener told of the batch's new leads
 * in its transaction. A batch that fails as a whole is retried row by row, so one bad row cannot
 * lose the others. The batches may still be in the making (an async iterable): a few are written
 * at once, each as soon as it is ready.
 */
export async function createLeadsInBatches(
  repo: LeadsRepository,
  batches: AsyncIterable<NumberedLead[]>,
  source: string,
  /** Told of each batch's created leads in the batch's transaction (`now` is their creation time). */
  onLeadsCreated: LeadsCreatedListener,
  /** Filled as batches are written: if making the batches fails, it holds what was written. */
  outcome: BulkOutcome = emptyOutcome(),
) {
  const now = new Date();
  const record = (batch: NumberedLead[], idByEmail: Map<string, string>) => {
    for (const { lead, lineNumber } of batch) {
      const id = idByEmail.get(lead.email);
      if (id) outcome.created.push({ lineNumber, email: lead.email, id });
      else outcome.conflicts.push({ lineNumber, email: lead.email });
    }
  };
  const createdAt = now.toISOString();
  const insert = (rows: NumberedLead[]) =>
    repo.transaction(async (tx) => {
      const written = rows.map((r) => toBulkLead(r.lead, source, createdAt));
      const idByEmail = await repo.insertMany(written, tx);
      const created = rows.flatMap(({ lead }, i) => {
        const id = idByEmail.get(lead.email);
        return id ? [{ id, lead: asRuleLead(lead, written[i]!, now) }] : [];
      });
      await onLeadsCreated(created, tx, now);
      return idByEmail;
    });
  const insertBatch = async (batch: NumberedLead[]) => {
    try {
      record(batch, await insert(batch));
    } catch {
      for (const row of batch) {
        try {
          record([row], await insert([row]));
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
  // A few batches in flight, so the database works on one while the next is prepared. Each
  // writer takes the next batch when it is free (an async iterator hands them out in turn).
  const pending = batches[Symbol.asyncIterator]();
  const writers = await Promise.allSettled(
    Array.from({ length: CONCURRENCY }, async () => {
      for (;;) {
        const next = await pending.next();
        if (next.done) return;
        if (next.value.length > 0) await insertBatch(next.value);
      }
    }),
  );
  // If making the batches failed, the other writers finish the batch they hold before this throws.
  const failure = writers.find((w) => w.status === 'rejected');
  if (failure) throw failure.reason;
  outcome.created.sort((a, b) => a.lineNumber - b.lineNumber);
  return outcome;
}
