import type { LeadCreateInput, LeadUpdateInput, PublicFormLead, ResubscribeInput } from '@lantern/contracts';
import { NotFoundError } from '../../http/errors';
import type { Actor } from '../audit/audit.service';
import {
  applyEmailEvent,
  emailHealthCounts,
  getEmailStatus,
  resubscribe,
  type ReportedEmailEvent,
} from './email-status';
import { createEmailStatusRepository } from './email-status.repository';
import { createLead, deleteLead, updateLead } from './lead-editing';
import { createImportedLeads, mergeImportedLead } from './lead-imports';
import { allExportRowsInPages, allLeadsInPages, listLeads, type LeadsQueryInput } from './lead-list';
import { getLeadRow, refreshDerived, withMemberships, type LeadsDeps } from './lead-records';
import { bulkBatchSize, type NumberedLead } from './leads-bulk';
import { upsertFromPublicForm } from './public-form';

// The leads module's service: what routes and other modules call. Each use case is a file of its
// own (lead-editing, lead-list, public-form, lead-imports); this file wires them to the module's
// dependencies, keeps one surface, and holds the one-line reads and engagement counters.

export type { NumberedLead, ReportedEmailEvent };
export type { EmailEventOutcome } from './email-status';
export type { LeadConversationsReader, LeadSegmentsReader } from './lead-records';
export { leadsListConditions, type LeadsQueryInput } from './lead-list';

export function createLeadsService(deps: LeadsDeps) {
  const { repo, segments, chat, onLeadsChanged } = deps;
  const emailDeps = { ...deps, emailStatus: createEmailStatusRepository(deps.db) };

  return {
    createLead: (input: LeadCreateInput, source: string, actor: Actor) =>
      createLead(deps, input, source, actor),
    updateLead: (id: string, input: LeadUpdateInput, actor: Actor) => updateLead(deps, id, input, actor),
    deleteLead: (id: string, actor: Actor) => deleteLead(deps, id, actor),

    async getLeadDetail(id: string) {
      const lead = (await withMemberships(segments, [await getLeadRow(repo, id)]))[0]!;
      return { lead, conversations: await chat.conversationsForLead(id) };
    },

    listLeads: (query: LeadsQueryInput) => listLeads(repo, segments, query),

    async assertLeadsExist(ids: string[]): Promise<void> {
      const found = new Set(await repo.existingIds(ids));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) throw new NotFoundError(`Lead not found: ${missing.slice(0, 3).join(', ')}`);
    },

    /** The public enrolment form (and the chat): one parent, one lead (see public-form.ts). */
    upsertFromPublicForm: (form: PublicFormLead) => upsertFromPublicForm(deps, form),

    /** A parent downloaded a resource: counted on their lead (engagement score, dashboard). */
    async recordResourceDownload(email: string): Promise<void> {
      const id = await repo.incrementDownloads(email.toLowerCase());
      if (!id) return;
      await repo.transaction(async (tx) => {
        await refreshDerived(repo, tx, id);
        await onLeadsChanged([id], tx);
      });
    },

    /** The chat module counted the lead's completed conversations: engagement score and segments follow. */
    async setCompletedConversations(leadId: string, count: number): Promise<void> {
      await repo.transaction(async (tx) => {
        await repo.updateLead(tx, leadId, { completedConversations: count });
        await refreshDerived(repo, tx, leadId);
        await onLeadsChanged([leadId], tx);
      });
    },

    /** Email status (email-status.ts): a provider's report, the lead's status, an admin's resubscribe. */
    applyEmailEvent: (event: ReportedEmailEvent) => applyEmailEvent(emailDeps, event),
    getEmailStatus: (id: string) => getEmailStatus(emailDeps, id),
    resubscribe: (id: string, input: ResubscribeInput, actor: Actor) =>
      resubscribe(emailDeps, id, input, actor),
    emailHealthCounts: () => emailHealthCounts(emailDeps),

    /** Whether the lead may be emailed (subscribed, in no never-contact segment). */
    mayEmail: (leadId: string) => segments.isSendable(leadId),

    /** The lead's segment ids (for recommendations), highest priority first. */
    async segmentIdsOf(leadId: string): Promise<string[]> {
      return ((await segments.membershipsByLead([leadId])).get(leadId) ?? []).map((m) => m.id);
    },

    /** Leads an import writes at once, for `total` rows (see leads-bulk.ts): imports judges slices this big. */
    importBatchSize: (total: number) => bulkBatchSize(total),
    /** Creates imported leads (already validated), batch by batch as they come; see leads-bulk.ts. */
    createImportedLeads: (batches: AsyncIterable<NumberedLead[]>, actor: Actor) =>
      createImportedLeads(deps, batches, actor),
    /** Merges an imported row into the lead with its email, filling only what is empty. */
    mergeImportedLead: (row: NumberedLead, actor: Actor) => mergeImportedLead(deps, row, actor),

    /** Every lead, newest first, a page at a time (keyset), for streaming exports. */
    allLeadsInPages: (pageSize?: number) => allLeadsInPages(repo, segments, pageSize),
    /** Every lead as flat export columns (segment tags included), a page at a time. */
    allExportRowsInPages: (pageSize?: number) => allExportRowsInPages(repo, segments, pageSize),
    /** PostgreSQL's own CSV of every lead (see the repository); null on PGlite: use the pages. */
    copyExportCsv: (columns: readonly string[]) => repo.copyExportCsv(columns, segments.segmentTagsSql),

    existingEmails: (emails: string[]) => repo.existingEmails(emails),
    /** Leads created since midnight (the database's day), and how many there are (a counter). */
    countNewToday: () => repo.countNewToday(),
    countAll: () => repo.countAll(),
    recentLeads: (limit: number) => repo.recent(limit),
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;
