import { ConflictError } from '../../http/errors';
import { childFactsOf, scoreOf, searchTextOf, toNewChild } from './lead-mapping';
import { refreshDerived, type LeadsDeps } from './lead-records';
import { storedChildren, type DbOrTx } from './leads.repository';
import type { LeadRow } from './leads.tables';

// The public enrolment form (and the chat, which asks the same questions): one parent, one lead.

/** A lead as the public enrolment form gives it (validated, option values mapped). */
export type PublicFormLead = {
  email: string;
  parentName: string;
  /** Null (the chat may not know it yet): a known lead keeps its phone and timeline. */
  phone: string | null;
  phoneConsent: boolean;
  timeline: string | null;
  biggestConcerns: string | null;
  visitorId: string | null;
  /** 'form' unless said (the chat widget says 'chat'). */
  source?: string;
  children: { name: string; age: number | null; special_needs: string[]; current_support: string[] }[];
};

export type PublicFormDeps = Pick<LeadsDeps, 'repo' | 'onLeadsChanged' | 'onLeadsCreated'>;
export type PublicFormOutcome = { leadId: string; created: boolean; segmentIds: string[] | null };

/** Known children keep their place (updated when named again); new names are added after them. */
function mergeChildren(current: LeadRow['children'], incoming: PublicFormLead['children']) {
  const byName = new Map(incoming.map((c) => [c.name.trim().toLowerCase(), c]));
  const kept = current.map((c) => {
    const update = byName.get(c.name.trim().toLowerCase());
    byName.delete(c.name.trim().toLowerCase());
    return {
      id: c.id,
      name: c.name,
      age: update?.age ?? c.age,
      grade: c.grade,
      specialNeeds: update ? [...new Set([...c.specialNeeds, ...update.special_needs])] : c.specialNeeds,
      currentSupport: update
        ? [...new Set([...c.currentSupport, ...update.current_support])]
        : c.currentSupport,
    };
  });
  const added = [...byName.values()].map((c) => toNewChild({ ...c, grade: null }));
  return [...kept, ...added];
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
  const children = form.children.map((c) => toNewChild({ ...c, grade: null }));
  const columns = {
    email: form.email,
    parentName: form.parentName,
    phone: form.phone,
    phoneConsent: form.phoneConsent,
    timeline: form.timeline,
    timelineDate: null,
    completedConversations: 0,
    resourceDownloads: 0,
  };
  const { score, breakdown } = scoreOf(columns, children);
  const newId = await repo.insertLeadIfNew(tx, {
    ...columns,
    biggestConcerns: form.biggestConcerns,
    visitorId: form.visitorId,
    source: form.source ?? 'form',
    leadScore: score,
    scoreBreakdown: breakdown,
    searchText: searchTextOf(columns, children),
    ...childFactsOf(
      form.children.map((c) => ({
        name: c.name,
        age: c.age,
        specialNeeds: c.special_needs,
        currentSupport: c.current_support,
      })),
    ),
    children: storedChildren(children),
    createdAt: now,
    updatedAt: now,
  });
  if (!newId) return undefined;
  const lead = {
    ...form,
    parent_name: form.parentName,
    biggest_concerns: form.biggestConcerns,
    lead_score: score,
    created_at: now,
  };
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
    parentName: form.parentName,
    phone: form.phone ?? current.phone,
    phoneConsent: form.phoneConsent || current.phoneConsent,
    timeline: form.timeline ?? current.timeline,
    biggestConcerns: form.biggestConcerns ?? current.biggestConcerns,
    visitorId: current.visitorId ?? form.visitorId,
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
