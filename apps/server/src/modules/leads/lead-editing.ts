import {
  leadChildrenOf,
  leadUpdateError,
  manualLeadError,
  type Lead,
  type LeadCreateInput,
  type LeadUpdateInput,
} from '@lantern/contracts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors';
import { BadInputError, ConflictError, NotFoundError } from '../../http/errors';
import type { Actor } from '../audit/audit.service';
import { columnsFromInput } from './lead-mapping';
import {
  DUPLICATE_EMAIL,
  getLeadRow,
  recordLeadEvent,
  refreshDerived,
  withMemberships,
  type LeadsDeps,
} from './lead-records';
import type { LeadRow } from './leads.tables';

// Staff creating, changing and deleting a lead by hand. The lead is scored and its segments
// re-tagged in the transaction that writes it; each change is recorded in the audit log.

export type LeadEditingDeps = Pick<LeadsDeps, 'db' | 'repo' | 'segments' | 'onLeadsChanged'>;

function withoutUndefined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Runs a write of a lead's email; an email taken meanwhile is a 409. */
async function withUniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new ConflictError(DUPLICATE_EMAIL);
    throw error;
  }
}

export async function createLead(
  deps: LeadEditingDeps,
  input: LeadCreateInput,
  source: string,
  actor: Actor,
): Promise<Lead> {
  const { db, repo, segments, onLeadsChanged } = deps;
  const children = leadChildrenOf(input) ?? [];
  const problem = manualLeadError({ email: input.email, parent_name: input.parent_name, children });
  if (problem) throw new BadInputError(problem);
  if (await repo.findLeadIdByEmail(input.email)) throw new ConflictError(DUPLICATE_EMAIL);
  // Another request may take the email between the check and the insert: the same 409.
  return withUniqueEmail(async () => {
    const id = await repo.transaction(async (tx) => {
      const row = await repo.insertLead(tx, {
        ...(withoutUndefined(columnsFromInput(input)) as Pick<LeadRow, 'email' | 'parentName'>),
        unsubscribedAt: input.email_status === 'unsubscribed' ? new Date() : null,
        source,
      });
      await repo.replaceChildren(tx, row.id, children);
      await refreshDerived(repo, tx, row.id);
      await onLeadsChanged([row.id], tx);
      return row.id;
    });
    await recordLeadEvent(db, actor, 'lead.created', { leadId: id, source });
    return (await withMemberships(segments, [await getLeadRow(repo, id)]))[0]!;
  });
}

/** Refuses an update that would leave the lead without a child, a name or an email, or take another's email. */
async function checkUpdate(
  deps: LeadEditingDeps,
  id: string,
  current: LeadRow,
  input: LeadUpdateInput,
): Promise<void> {
  const problem = leadUpdateError(input);
  if (problem) throw new BadInputError(problem);
  if (input.email && input.email !== current.email) {
    const other = await deps.repo.findLeadIdByEmail(input.email);
    if (other && other !== id) throw new ConflictError(DUPLICATE_EMAIL);
  }
}

/** Changes the given fields; children, when given, replace the list. */
export async function updateLead(
  deps: LeadEditingDeps,
  id: string,
  input: LeadUpdateInput,
  actor: Actor,
): Promise<Lead> {
  const { db, repo, segments, onLeadsChanged } = deps;
  const current = await getLeadRow(repo, id);
  await checkUpdate(deps, id, current, input);
  const children = leadChildrenOf(input);
  const changes = withoutUndefined(columnsFromInput(input));
  if (input.email_status && input.email_status !== current.emailStatus) {
    const unsubscribed = input.email_status === 'unsubscribed';
    Object.assign(changes, {
      unsubscribedAt: unsubscribed ? new Date() : null,
      unsubscribeReason: unsubscribed ? (input.unsubscribe_reason ?? null) : null,
    });
  }
  await withUniqueEmail(() =>
    repo.transaction(async (tx) => {
      await repo.updateLead(tx, id, changes);
      if (children) await repo.replaceChildren(tx, id, children);
      await refreshDerived(repo, tx, id);
      await onLeadsChanged([id], tx);
    }),
  );
  await recordLeadEvent(db, actor, 'lead.updated', { leadId: id });
  return (await withMemberships(segments, [await getLeadRow(repo, id)]))[0]!;
}

export async function deleteLead(deps: LeadEditingDeps, id: string, actor: Actor): Promise<void> {
  if (!(await deps.repo.deleteLead(id))) throw new NotFoundError('Lead not found');
  await recordLeadEvent(deps.db, actor, 'lead.deleted', { leadId: id });
}
