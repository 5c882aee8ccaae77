import type {
  RuleGroup,
  RuleLead,
  Segment,
  SegmentAnalyticsRange,
  SegmentUpdateInput,
} from '@lantern/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MailerLiteClient } from '../../providers/mailerlite/mailerlite-client';
import type { Actor } from '../audit/audit.service';
import type { JobQueue } from '../jobs';
import {
  createAutoTagSegments,
  reevaluateAll,
  scheduleReevaluation,
  tagLeads,
  tagNewLeads,
} from './auto-tagging';
import { segmentAudienceSql, sendableLeadSql } from './email-audience.repository';
import { syncToMailerLite } from './mailerlite-sync';
import {
  assignLeads,
  membersInPages,
  membershipsByLead,
  removeLeads,
  segmentLeadsPage,
  type SegmentLeadsQueryInput,
} from './membership';
import { evaluateRules } from './rule-test';
import { segmentAnalytics, type ConvertedConversationCounter } from './segment-analytics';
import { batchUpdateSegments } from './segment-batch-update';
import {
  cloneSegment,
  createSegment,
  deleteSegment,
  updateSegment,
  type NewSegmentInput,
} from './segment-editing';
import { exportSegment } from './segment-export';
import { toSegment } from './segment-mapping';
import { getSegmentRow } from './segment-records';
import { segmentTagsSql, type Queryable, type SegmentsRepository } from './segments.repository';

// The segments module's service: what routes and other modules call. Each use case is a file
// of its own (segment-editing, segment-batch-update, segment-analytics, rule-test, auto-tagging, membership, segment-export,
// mailerlite-sync); this file wires them to the module's dependencies and keeps one surface.

export { REEVALUATE_JOB } from './auto-tagging';
export type { SegmentLeadsQueryInput } from './membership';

export function createSegmentsService(deps: {
  repo: SegmentsRepository;
  jobs: JobQueue;
  mailerlite: MailerLiteClient | null;
  log: FastifyBaseLogger;
  /** Chat's count for the analytics' engagement (chat cannot be imported here: see segment-analytics). */
  convertedConversations: ConvertedConversationCounter;
  /** The reports' reads (segment analytics, the rule test): a replica's when there is one; else `repo`. */
  reports?: SegmentsRepository;
}) {
  const { repo, jobs, mailerlite, log, convertedConversations } = deps;
  const reports = deps.reports ?? repo;
  const tagging = { repo, jobs, log, autoTagSegments: createAutoTagSegments(repo) };

  return {
    listSegments: async (): Promise<Segment[]> => (await repo.findSegments()).map(toSegment),
    getSegment: async (id: string): Promise<Segment> => toSegment(await getSegmentRow(repo, id)),
    createSegment: (input: NewSegmentInput, actor: Actor) => createSegment(tagging, input, actor),
    updateSegment: (id: string, input: SegmentUpdateInput, actor: Actor) =>
      updateSegment(tagging, id, input, actor),
    /** Spec 4.1: each change as updateSegment makes it (audited); success only if none failed. */
    batchUpdateSegments: (updates: { id: string; changes: SegmentUpdateInput }[], actor: Actor) =>
      batchUpdateSegments(tagging, updates, actor),
    /** Growth, conversion by status and engagement of the segment's leads (spec 3.5, issue 19). */
    segmentAnalytics: (id: string, range: SegmentAnalyticsRange, now?: Date) =>
      segmentAnalytics({ repo: reports, convertedConversations }, id, range, now),
    deleteSegment: (id: string, actor: Actor) => deleteSegment(tagging, id, actor),
    cloneSegment: (id: string, name: string, actor: Actor) => cloneSegment(tagging, id, name, actor),

    /** The rule test (spec 3.3): counts over every lead and up to 3 samples of each kind. */
    evaluateRules: (
      inclusion: RuleGroup | null | undefined,
      exclusion: RuleGroup | null | undefined,
      now = new Date(),
    ) => evaluateRules(reports, inclusion, exclusion, now),

    /** Re-tags changed leads in the caller's transaction (the leads module's onLeadsChanged). */
    tagLeads: (leadIds: string[], q?: Queryable, now?: Date) => tagLeads(tagging, leadIds, q, now),
    /** Tags brand-new leads in the caller's transaction (the leads module's onLeadsCreated). */
    tagNewLeads: (newLeads: { id: string; lead: RuleLead }[], q: Queryable, now?: Date) =>
      tagNewLeads(tagging, newLeads, q, now),
    /** The background job (REEVALUATE_JOB): every auto-tag segment over every lead. */
    reevaluateAll: (now?: Date) => reevaluateAll(tagging, now),
    scheduleReevaluation: () => scheduleReevaluation(tagging),

    leadsPage: (segmentId: string, query: SegmentLeadsQueryInput) => segmentLeadsPage(repo, segmentId, query),
    assignLeads: (segmentId: string, leadIds: string[], actor: Actor) =>
      assignLeads(repo, segmentId, leadIds, actor),
    removeLeads: (segmentId: string, leadIds: string[], actor: Actor) =>
      removeLeads(repo, segmentId, leadIds, actor),
    /** Every member, a page at a time (for streaming exports). */
    membersInPages: (segmentId: string, pageSize?: number) => membersInPages(repo, segmentId, pageSize),
    /** The members as a JSON list or a CSV stream, recorded in the audit log. */
    exportSegment: (segmentId: string, format: 'csv' | 'json', actor: Actor) =>
      exportSegment(repo, segmentId, format, actor),
    /** The segment's emailable members to its MailerLite group (campaigns will call it too). */
    syncToMailerLite: (segmentId: string, actor: Actor) =>
      syncToMailerLite({ repo, mailerlite, log }, segmentId, actor),

    /** Each lead's segments (highest priority first), for lead lists and profiles. */
    membershipsByLead: (leadIds: string[]) => membershipsByLead(repo, leadIds),
    /** Which of these segment ids exist (resources checks the segments it is given). */
    existingSegmentIds: (ids: string[]) => repo.existingSegmentIds(ids),
    /** The id of the segment with this name, in any case. */
    segmentIdByName: (name: string) => repo.segmentIdByName(name),
    /** The names of these segments, in name order (a resource's segments). */
    segmentNames: (ids: string[]) => repo.segmentNames(ids),
    /** The lead's segment names as SQL, highest priority first: the leads export's segment tags. */
    segmentTagsSql,

    /** SQL condition "the lead is in this segment", for the leads list filter. */
    leadIsInSegment: (segmentId: string) => repo.leadIsInSegment(segmentId),
    /** Subscribed and in no never-contact segment: the one rule of every email audience. */
    isSendable: (leadId: string) => repo.isSendable(leadId),
    /** These segments' members once each with whether each is sendable, as SQL (campaign audiences). */
    segmentAudienceSql,
    /** The same rule as SQL over one lead's id and email status (the send engine's last check). */
    sendableLeadSql,
    leadIsNotInSegment: (segmentId: string) => sql`not ${repo.leadIsInSegment(segmentId)}`,
    countActive: () => repo.countActive(),
    topByLeads: (limit: number) => repo.topByLeads(limit),
    /** Active segments the dashboard may rank by size (it keeps their sizes as counters). */
    rankableSegments: () => repo.rankableSegments(),
  };
}

export type SegmentsService = ReturnType<typeof createSegmentsService>;
