import {
  manualLeadError,
  SCORE_BAND_RANGES,
  type Conversation,
  type Lead,
  type LeadCreateInput,
  type LeadsPage,
  type LeadUpdateInput,
  type leadsQuerySchema,
} from '@lantern/contracts';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors';
import { BadInputError, ConflictError, NotFoundError } from '../../http/errors';
import { recordAuditEvent } from '../audit/audit.service';
import type { LeadsChangedListener, LeadsCreatedListener } from './lead-changes';
import { bulkBatchSize, createLeadsInBatches, emptyOutcome, type NumberedLead } from './leads-bulk';
import {
  childFactsOf,
  childrenFromInput,
  columnsFromInput,
  scoreOf,
  searchTextOf,
  toLead,
  toNewChild,
  type Membership,
} from './lead-mapping';
import {
  storedChildren,
  type DbOrTx,
  type ExportCursor,
  type ExportRow,
  type LeadsRepository,
  type SegmentTagsSql,
} from './leads.repository';
import type { LeadRow } from './leads.tables';

export type { NumberedLead };

/**
 * What leads reads of its leads' segments: the segments service gives it (app.ts wires it). The
 * leads module imports nothing of segments, which is built on leads (its rules read lead-columns.ts).
 */
export type LeadSegmentsReader = {
  /** Each lead's segments, highest priority first. */
  membershipsByLead(leadIds: string[]): Promise<Map<string, Membership[]>>;
  /** SQL conditions on the leads table, for the leads list's segment filters. */
  leadIsInSegment(segmentId: string): SQL;
  leadIsNotInSegment(segmentId: string): SQL;
  /** Subscribed and in no never-contact segment. */
  isSendable(leadId: string): Promise<boolean>;
  /** The segment tags cell of the CSV export. */
  segmentTagsSql: SegmentTagsSql;
};

/** A lead's conversation history, for its detail page: the chat service gives it. */
export type LeadConversationsReader = {
  conversationsForLead(leadId: string): Promise<Conversation[]>;
};

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

export type LeadsQueryInput = z.output<typeof leadsQuerySchema>;
type Actor = { userId: string | null; ip: string | null };

const DUPLICATE_EMAIL = 'A lead with this email already exists';

function withoutUndefined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The WHERE conditions of a leads list query; filters equal to 'all' (or empty) are ignored. */
export function leadsListConditions(
  query: LeadsQueryInput,
  repo: LeadsRepository,
  segments: Pick<LeadSegmentsReader, 'leadIsInSegment' | 'leadIsNotInSegment'>,
): SQL[] {
  const c = repo.conditions;
  const conditions: SQL[] = [];
  const given = (v: string | undefined): v is string => Boolean(v) && v !== 'all';
  if (query.search) conditions.push(c.search(query.search));
  if (given(query.score)) {
    const range = SCORE_BAND_RANGES[query.score as keyof typeof SCORE_BAND_RANGES];
    conditions.push(c.scoreBetween(range.min, range.max));
  }
  if (given(query.timeline)) {
    conditions.push(
      query.timeline.toLowerCase() === 'unknown' ? c.timelineUnknown() : c.timelineIs(query.timeline),
    );
  }
  if (given(query.conversion_status)) conditions.push(c.conversionStatus(query.conversion_status));
  if (given(query.email_status)) conditions.push(c.emailStatus(query.email_status));
  if (given(query.segment)) {
    if (!/^[0-9a-f-]{36}$/i.test(query.segment)) throw new BadInputError('segment: must be a segment id');
    conditions.push(segments.leadIsInSegment(query.segment));
  }
  if (query.not_in_segment) conditions.push(segments.leadIsNotInSegment(query.not_in_segment));
  return conditions;
}

export function createLeadsService(deps: {
  db: Database;
  repo: LeadsRepository;
  segments: LeadSegmentsReader;
  chat: LeadConversationsReader;
  /** Told in the transaction that created or changed leads (see lead-changes.ts): segments re-tags them. */
  onLeadsChanged: LeadsChangedListener;
  /** Told in the transaction that inserted brand-new leads: segments tags them. */
  onLeadsCreated: LeadsCreatedListener;
}) {
  const { db, repo, segments, chat, onLeadsChanged, onLeadsCreated } = deps;

  async function withMemberships(rows: LeadRow[]): Promise<Lead[]> {
    const memberships = await segments.membershipsByLead(rows.map((r) => r.id));
    return rows.map((r) => toLead(r, memberships.get(r.id)));
  }

  /** Writes the lead's derived columns (score, breakdown, search text) from its current state. */
  async function refreshDerived(q: DbOrTx, leadId: string): Promise<void> {
    const lead = await repo.findLeadById(leadId, q);
    if (!lead) return;
    const children = lead.children.map((c) => ({ ...c }));
    const { score, breakdown } = scoreOf(lead, children);
    await repo.updateLead(q, leadId, {
      leadScore: score,
      scoreBreakdown: breakdown,
      searchText: searchTextOf(lead, children),
      ...childFactsOf(children),
    });
  }

  async function getLeadOrThrow(id: string): Promise<LeadRow> {
    const lead = await repo.findLeadById(id);
    if (!lead) throw new NotFoundError('Lead not found');
    return lead;
  }

  return {
    async createLead(input: LeadCreateInput, source: string, actor: Actor): Promise<Lead> {
      const children = childrenFromInput(input) ?? [];
      const problem = manualLeadError({ email: input.email, parent_name: input.parent_name, children });
      if (problem) throw new BadInputError(problem);
      if (await repo.findLeadIdByEmail(input.email)) throw new ConflictError(DUPLICATE_EMAIL);
      try {
        const id = await repo.transaction(async (tx) => {
          const row = await repo.insertLead(tx, {
            ...(withoutUndefined(columnsFromInput(input)) as Pick<LeadRow, 'email' | 'parentName'>),
            unsubscribedAt: input.email_status === 'unsubscribed' ? new Date() : null,
            source,
          });
          await repo.replaceChildren(tx, row.id, children.map(toNewChild));
          await refreshDerived(tx, row.id);
          await onLeadsChanged([row.id], tx);
          return row.id;
        });
        await recordAuditEvent(db, {
          actorId: actor.userId,
          action: 'lead.created',
          details: { leadId: id, source },
          ip: actor.ip,
        });
        return (await withMemberships([await getLeadOrThrow(id)]))[0]!;
      } catch (error) {
        if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new ConflictError(DUPLICATE_EMAIL);
        throw error;
      }
    },

    async updateLead(id: string, input: LeadUpdateInput, actor: Actor): Promise<Lead> {
      const current = await getLeadOrThrow(id);
      const children = childrenFromInput(input);
      if (children) {
        if (children.length === 0) throw new BadInputError('At least one child is required');
        const unnamed = children.findIndex((c) => !c.name);
        if (unnamed >= 0) throw new BadInputError(`Child ${unnamed + 1} name is required`);
      }
      if (input.email === '') throw new BadInputError('Email is required');
      if (input.parent_name === '') throw new BadInputError('Parent name is required');
      if (input.email && input.email !== current.email) {
        const other = await repo.findLeadIdByEmail(input.email);
        if (other && other !== id) throw new ConflictError(DUPLICATE_EMAIL);
      }
      const changes = withoutUndefined(columnsFromInput(input));
      if (input.email_status && input.email_status !== current.emailStatus) {
        const unsubscribed = input.email_status === 'unsubscribed';
        Object.assign(changes, {
          unsubscribedAt: unsubscribed ? new Date() : null,
          unsubscribeReason: unsubscribed ? (input.unsubscribe_reason ?? null) : null,
        });
      }
      try {
        await repo.transaction(async (tx) => {
          await repo.updateLead(tx, id, changes);
          if (children) await repo.replaceChildren(tx, id, children.map(toNewChild));
          await refreshDerived(tx, id);
          await onLeadsChanged([id], tx);
        });
      } catch (error) {
        if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new ConflictError(DUPLICATE_EMAIL);
        throw error;
      }
      await recordAuditEvent(db, {
        actorId: actor.userId,
        action: 'lead.updated',
        details: { leadId: id },
        ip: actor.ip,
      });
      return (await withMemberships([await getLeadOrThrow(id)]))[0]!;
    },

    async deleteLead(id: string, actor: Actor): Promise<void> {
      if (!(await repo.deleteLead(id))) throw new NotFoundError('Lead not found');
      await recordAuditEvent(db, {
        actorId: actor.userId,
        action: 'lead.deleted',
        details: { leadId: id },
        ip: actor.ip,
      });
    },

    async getLeadDetail(id: string) {
      const lead = (await withMemberships([await getLeadOrThrow(id)]))[0]!;
      return { lead, conversations: await chat.conversationsForLead(id) };
    },

    async listLeads(query: LeadsQueryInput): Promise<LeadsPage> {
      const conditions = leadsListConditions(query, repo, segments);
      const { rows, total } = await repo.findLeadsPage(
        conditions,
        query.limit,
        (query.page - 1) * query.limit,
      );
      return {
        leads: await withMemberships(rows),
        pagination: {
          page: query.page,
          limit: query.limit,
          total,
          totalPages: Math.max(1, Math.ceil(total / query.limit)),
        },
      };
    },

    async assertLeadsExist(ids: string[]): Promise<void> {
      const found = new Set(await repo.existingIds(ids));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) throw new NotFoundError(`Lead not found: ${missing.slice(0, 3).join(', ')}`);
    },

    /**
     * The public enrolment form: one parent, one lead. A new email creates the lead; a known one
     * is updated (contact details, timeline, concerns) and gains the children it does not have
     * yet (a child already known by name gets the new age and needs). Scored and tagged in the
     * same transaction; safe against two submissions of the same email at once.
     */
    async upsertFromPublicForm(
      form: PublicFormLead,
    ): Promise<{ leadId: string; created: boolean; segmentIds: string[] | null }> {
      const now = new Date();
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
      return repo.transaction(async (tx) => {
        // A new parent: the row is written whole (score, search text, children facts) in one insert.
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
        if (newId) {
          const segmentIds = await onLeadsCreated(
            [
              {
                id: newId,
                lead: {
                  ...form,
                  parent_name: form.parentName,
                  biggest_concerns: form.biggestConcerns,
                  lead_score: score,
                  created_at: now,
                },
              },
            ],
            tx,
            now,
          );
          return { leadId: newId, created: true, segmentIds };
        }
        // A parent enrolling again: their lead is locked, updated and re-derived.
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
        await refreshDerived(tx, current.id);
        await onLeadsChanged([current.id], tx);
        return { leadId: current.id, created: false, segmentIds: null };
      });
    },

    /** A parent downloaded a resource: counted on their lead (engagement score, dashboard). */
    async recordResourceDownload(email: string): Promise<void> {
      const id = await repo.incrementDownloads(email.toLowerCase());
      if (!id) return;
      await repo.transaction(async (tx) => {
        await refreshDerived(tx, id);
        await onLeadsChanged([id], tx);
      });
    },

    /** The chat module counted the lead's completed conversations: engagement score and segments follow. */
    async setCompletedConversations(leadId: string, count: number): Promise<void> {
      await repo.transaction(async (tx) => {
        await repo.updateLead(tx, leadId, { completedConversations: count });
        await refreshDerived(tx, leadId);
        await onLeadsChanged([leadId], tx);
      });
    },

    /** Whether the lead may be emailed (subscribed, in no never-contact segment). */
    mayEmail: (leadId: string) => segments.isSendable(leadId),

    /** The lead's segment ids (for recommendations), highest priority first. */
    async segmentIdsOf(leadId: string): Promise<string[]> {
      return ((await segments.membershipsByLead([leadId])).get(leadId) ?? []).map((m) => m.id);
    },

    /** Leads an import writes at once, for `total` rows (see leads-bulk.ts): imports judges slices this big. */
    importBatchSize: (total: number) => bulkBatchSize(total),

    /** Creates imported leads (already validated), batch by batch as they come; see leads-bulk.ts. */
    async createImportedLeads(batches: AsyncIterable<NumberedLead[]>, actor: Actor) {
      const outcome = emptyOutcome();
      const audit = (interrupted: boolean) =>
        recordAuditEvent(db, {
          actorId: actor.userId,
          action: 'leads.imported',
          details: {
            created: outcome.created.length,
            conflicts: outcome.conflicts.length,
            failed: outcome.failed.length,
            ...(interrupted ? { interrupted: true } : {}),
          },
          ip: actor.ip,
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
    },

    /**
     * Merges an imported row into the existing lead with its email: fills only empty fields and
     * adds children it does not have yet (by name), so nothing already stored is lost.
     */
    async mergeImportedLead(row: NumberedLead, actor: Actor): Promise<string | null> {
      const id = await repo.findLeadIdByEmail(row.lead.email);
      const current = id ? await repo.findLeadById(id) : undefined;
      if (!current) return null;
      const known = new Set(current.children.map((c) => c.name.trim().toLowerCase()));
      const added = row.lead.children.filter((c) => !known.has(c.name.trim().toLowerCase()));
      const keepChildren = current.children.map((c) => ({
        id: c.id,
        name: c.name,
        age: c.age,
        grade: c.grade,
        special_needs: c.specialNeeds,
        current_support: c.currentSupport,
      }));
      await this.updateLead(
        current.id,
        {
          phone: current.phone ?? row.lead.phone ?? undefined,
          timeline: current.timeline ?? row.lead.timeline ?? undefined,
          timeline_date: current.timelineDate ?? row.lead.timeline_date ?? undefined,
          biggest_concerns: current.biggestConcerns ?? row.lead.biggest_concerns ?? undefined,
          ...(added.length ? { children: [...keepChildren, ...added] } : {}),
        },
        actor,
      );
      return current.id;
    },

    /** Every lead, newest first, a page at a time (keyset), for streaming exports. */
    async *allLeadsInPages(pageSize = 1000): AsyncGenerator<Lead[]> {
      let cursor: ExportCursor | null = null;
      for (;;) {
        const page: { rows: LeadRow[]; next: ExportCursor | null } = await repo.findPageAfter(
          cursor,
          pageSize,
        );
        if (page.rows.length === 0) return;
        yield await withMemberships(page.rows);
        cursor = page.next;
      }
    },

    /** Every lead as flat export columns (segment tags included), a page at a time. */
    async *allExportRowsInPages(pageSize = 500): AsyncGenerator<ExportRow[]> {
      let cursor: ExportCursor | null = null;
      for (;;) {
        const page: { rows: ExportRow[]; next: ExportCursor | null } = await repo.exportRowsAfter(
          cursor,
          pageSize,
          segments.segmentTagsSql,
        );
        if (page.rows.length === 0) return;
        yield page.rows;
        cursor = page.next;
      }
    },

    /** PostgreSQL's own CSV of every lead (see the repository); null on PGlite: use the pages. */
    copyExportCsv: (columns: readonly string[]) => repo.copyExportCsv(columns, segments.segmentTagsSql),

    existingEmails: (emails: string[]) => repo.existingEmails(emails),
    stats: () => repo.stats(),
    recentLeads: (limit: number) => repo.recent(limit),
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;
