import type { ChildInput, LeadChild, PublicFormLead } from '@lantern/contracts';
import { ConflictError } from '../../http/errors';
import { childFactsOf, scoreOf, searchTextOf } from './lead-mapping';
import { refreshDerived, type LeadsDeps } from './lead-records';
import { childRowsOf, childrenOfRow, type DbOrTx } from './leads.repository';
import type { LeadRow } from './leads.tables';

// The public enrolment form (and the chat, which asks the same questions): one parent, one lead.
// The lead comes checked and in the API's words (PublicFormLead, made by readEnrolmentForm in
// contracts, or by the chat).

export type PublicFormDeps = Pick<LeadsDeps, 'repo' | 'onLeadsChanged' | 'onLeadsCreated'>;
export type PublicFormOutcome = { leadId: string; created: boolean; segmentIds: string[] | null };

/** Known children keep their place (updated when named again); new names are added after them. */
function mergeChildren(current: LeadRow['children'], incoming: LeadChild[]): ChildInput[] {
  const byName = new Map(incoming.map((c) => [c.name.trim().toLowerCase(), c]));
  const kept = childrenOfRow(current).map((c) => {
    const update = byName.get(c.name.trim().toLowerCase());
    byName.delete(c.name.trim().toLowerCase());
    if (!update) return c;
    return {
      ...c,
      age: update.age ?? c.age,
      special_needs: [...new Set([...c.special_needs, ...update.special_needs])],
      current_support: [...new Set([...c.current_support, ...update.current_support])],
    };
  });
  return [...kept, ...byName.values()];
}

/**
 * A new parent: the row is written whole (score, search text, children facts) in one insert and
 * tagged from the facts in hand. Undefined when the email is taken (a known parent, or another
 * request got there first).
 */
async function insertNewParent(
  { repo, onLeadsCreated }: PublicFormDeps,
  tx: DbOrTx,
  form: PublicFormLead,
  now: Date,
): Promise<PublicFormOutcome | undefined> {
  const children = childRowsOf(form.children);
  const columns = {
    email: form.email,
    parentName: form.parent_name,
    phone: form.phone,
    phoneConsent: form.phone_consent,
    timeline: form.timeline,
    timelineDate: null,
    completedConversations: 0,
    resourceDownloads: 0,
  };
  const { score, breakdown } = scoreOf(columns, children);
  const newId = await repo.insertLeadIfNew(tx, {
    ...columns,
    biggestConcerns: form.biggest_concerns,
    visitorId: form.visitor_id,
    source: form.source ?? 'form',
    leadScore: score,
    scoreBreakdown: breakdown,
    searchText: searchTextOf(columns, children),
    ...childFactsOf(children),
    children,
    createdAt: now,
    updatedAt: now,
  });
  if (!newId) return undefined;
  const lead = { ...form, lead_score: score, created_at: now };
  const segmentIds = await onLeadsCreated([{ id: newId, lead }], tx, now);
  return { leadId: newId, created: true, segmentIds };
}

/** A parent enrolling again: their lead is locked, updated and re-derived. */
async function updateKnownParent(
  { repo, onLeadsChanged }: PublicFormDeps,
  tx: DbOrTx,
  form: PublicFormLead,
): Promise<PublicFormOutcome> {
  const current = await repo.lockLeadByEmail(tx, form.email);
  if (!current) throw new ConflictError('Please try again');
  await repo.updateLead(tx, current.id, {
    parentName: form.parent_name,
    phone: form.phone ?? current.phone,
    phoneConsent: form.phone_consent || current.phoneConsent,
    timeline: form.timeline ?? current.timeline,
    biggestConcerns: form.biggest_concerns ?? current.biggestConcerns,
    visitorId: current.visitorId ?? form.visitor_id,
  });
  await repo.replaceChildren(tx, current.id, mergeChildren(current.children, form.children));
  await refreshDerived(repo, tx, current.id);
  await onLeadsChanged([current.id], tx);
  return { leadId: current.id, created: false, segmentIds: null };
}

/**
 * A new email creates the lead; a known one is updated (contact details, timeline, concerns) and
 * gains the children it does not have yet (a child already known by name gets the new age and
 * needs). Scored and tagged in the same transaction; safe against two submissions of the same
 * email at once.
 */
export function upsertFromPublicForm(deps: PublicFormDeps, form: PublicFormLead): Promise<PublicFormOutcome> {
  const now = new Date();
  return deps.repo.transaction(
    async (tx) => (await insertNewParent(deps, tx, form, now)) ?? updateKnownParent(deps, tx, form),
  );
}
