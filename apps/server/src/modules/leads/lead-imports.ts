import type { Actor } from '../audit/audit.service';
import { updateLead, type LeadEditingDeps } from './lead-editing';
import { recordLeadEvent, type LeadsDeps } from './lead-records';
import { childrenOfRow } from './leads.repository';
import { createLeadsInBatches, emptyOutcome, type BulkOutcome, type NumberedLead } from './leads-bulk';

// What the imports module asks of leads for a CSV import: the validated rows created batch by
// batch (leads-bulk.ts) and recorded in the audit log, and a row merged into the lead that already
// has its email.

export type LeadImportDeps = Pick<LeadsDeps, 'db' | 'repo' | 'onLeadsCreated'>;

/** Creates imported leads (already validated), batch by batch as they come; see leads-bulk.ts. */
export async function createImportedLeads(
  { db, repo, onLeadsCreated }: LeadImportDeps,
  batches: AsyncIterable<NumberedLead[]>,
  actor: Actor,
): Promise<BulkOutcome> {
  const outcome = emptyOutcome();
  const audit = (interrupted: boolean) =>
    recordLeadEvent(db, actor, 'leads.imported', {
      created: outcome.created.length,
      conflicts: outcome.conflicts.length,
      failed: outcome.failed.length,
      ...(interrupted ? { interrupted: true } : {}),
    });
  try {
    await createLeadsInBatches(repo, batches, 'import', onLeadsCreated, outcome);
  } catch (error) {
    // Judging a later slice failed (the database went away, say): the batches already
    // written stay, and the audit log still says who imported them. The request fails with
    // the original error even if this entry cannot be written.
    if (outcome.created.length > 0) await audit(true).catch(() => undefined);
    throw error;
  }
  await audit(false);
  return outcome;
}

/**
 * Merges an imported row into the existing lead with its email: fills only empty fields and
 * adds children it does not have yet (by name), so nothing already stored is lost.
 */
export async function mergeImportedLead(
  deps: LeadEditingDeps,
  row: NumberedLead,
  actor: Actor,
): Promise<string | null> {
  const { repo } = deps;
  const id = await repo.findLeadIdByEmail(row.lead.email);
  const current = id ? await repo.findLeadById(id) : undefined;
  if (!current) return null;
  const known = new Set(current.children.map((c) => c.name.trim().toLowerCase()));
  const added = row.lead.children.filter((c) => !known.has(c.name.trim().toLowerCase()));
  await updateLead(
    deps,
    current.id,
    {
      phone: current.phone ?? row.lead.phone ?? undefined,
      timeline: current.timeline ?? row.lead.timeline ?? undefined,
      timeline_date: current.timelineDate ?? row.lead.timeline_date ?? undefined,
      biggest_concerns: current.biggestConcerns ?? row.lead.biggest_concerns ?? undefined,
      ...(added.length ? { children: [...childrenOfRow(current.children), ...added] } : {}),
    },
    actor,
  );
  return current.id;
}
