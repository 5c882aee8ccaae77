import {
  checkRuleGroup,
  leadMatchesRules,
  rulesSummary,
  SCORE_BAND_RANGES,
  segmentStatus,
  type CheckedGroup,
  type RuleGroup,
  type RuleLead,
  type RuleTestResult,
  type Segment,
  type segmentCreateSchema,
  type SegmentLead,
  type SegmentLeadsPage,
  type SegmentUpdateInput,
  type segmentLeadsQuerySchema,
  type SyncResult,
} from '@lantern/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { FOREIGN_KEY_VIOLATION, loggableError, pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors';
import { AppError, BadInputError, ConflictError, NotFoundError } from '../../http/errors';
import { MailerLiteError, type MailerLiteClient } from '../../providers/mailerlite/mailerlite-client';
import type { JobQueue } from '../jobs';
import { leadConditions } from '../leads';
import { segmentRulesSql } from './rules-sql';
import {
  segmentTagsSql,
  type CompiledSegment,
  type Queryable,
  type SegmentLeadRow,
  type SegmentsRepository,
  type SegmentWithCount,
} from './segments.repository';
import type { SegmentRow } from './segments.tables';

export type SegmentLeadsQueryInput = z.output<typeof segmentLeadsQuerySchema>;

const NAME_TAKEN = 'A segment with this name already exists';
const INCLUSION_REQUIRED =
  'At least one inclusion rule is required (unless this is a "never contact" segment)';
const SAMPLE_SIZE = 3;
/** Rule work is bounded: a pattern that makes the database work longer than this is refused. */
const RULES_TIMEOUT_MS = 5_000;
const QUERY_CANCELED = '57014';
const INVALID_REGEX = '2201B';
export const REEVALUATE_JOB = 'segments.reevaluate';
const AUTO_TAG_CACHE_MS = 2_000;

const MAILERLITE_FIELDS = [
  { key: 'lead_score', name: 'lead_score', type: 'number' as const },
  { key: 'timeline', name: 'timeline', type: 'text' as const },
  { key: 'child_name', name: 'child_name', type: 'text' as const },
  { key: 'special_needs', name: 'special_needs', type: 'text' as const },
];

export function toSegment(row: SegmentWithCount): Segment {
  const s = {
    never_contact: row.neverContact,
    is_active: row.isActive,
    email_list_ready: row.emailListReady,
  };
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    inclusion_rules: row.inclusionRules,
    exclusion_rules: row.exclusionRules,
    ...s,
    auto_tag: row.autoTag,
    priority: row.priority,
    active_leads: row.leadCount,
    created_at: row.createdAt.toISOString(),
    last_evaluated: row.lastEvaluated?.toISOString() ?? null,
    status: segmentStatus(s),
    rules_summary: rulesSummary(row.inclusionRules, row.exclusionRules),
  };
}

function toSegmentLead(row: SegmentLeadRow): SegmentLead {
  return {
    id: row.id,
    email: row.email,
    parent_name: row.parent_name,
    child_name: row.child_name,
    child_age: row.child_age,
    phone: row.phone,
    special_needs: row.special_needs,
    lead_score: row.lead_score,
    timeline: row.timeline,
    manually_assigned: row.assignment === 'manual',
    assigned_at: new Date(row.assigned_at).toISOString(),
  };
}

/** Checks both rule groups; the first problem is a 400 in the editor's words. */
function checkRules(inclusion: RuleGroup | null | undefined, exclusion: RuleGroup | null | undefined) {
  const inc = checkRuleGroup(inclusion, 'inclusion');
  if ('problem' in inc) throw new BadInputError(inc.problem);
  const exc = checkRuleGroup(exclusion, 'exclusion');
  if ('problem' in exc) throw new BadInputError(exc.problem);
  return { inclusion: inc.group, exclusion: exc.group };
}

/** Runs rule queries with their work bounded; a runaway or invalid pattern is the caller's 400. */
async function boundedRuleWork<T>(repo: SegmentsRepository, work: (q: Queryable) => Promise<T>): Promise<T> {
  try {
    return await repo.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${RULES_TIMEOUT_MS}`));
      return work(tx);
    });
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === QUERY_CANCELED)
      throw new BadInputError('The rules took too long to evaluate: simplify the pattern');
    if (code === INVALID_REGEX) throw new BadInputError('A pattern is not a valid regular expression');
    throw error;
  }
}

export function createSegmentsService(deps: {
  repo: SegmentsRepository;
  jobs: JobQueue;
  mailerlite: MailerLiteClient | null;
  log: FastifyBaseLogger;
}) {
  const { repo, jobs, mailerlite, log } = deps;

  async function getOrThrow(id: string): Promise<SegmentWithCount> {
    const row = await repo.findSegmentById(id);
    if (!row) throw new NotFoundError('Segment not found');
    return row;
  }

  /** The segment's rules compiled, or null when it has none (manual-only) or they no longer check. */
  function compile(row: SegmentRow, now: Date): CompiledSegment | null {
    const inc = checkRuleGroup(row.inclusionRules, 'inclusion');
    const exc = checkRuleGroup(row.exclusionRules, 'exclusion');
    if ('problem' in inc || 'problem' in exc) {
      log.warn({ segmentId: row.id }, 'segment rules no longer valid; skipped');
      return null;
    }
    if (inc.group.conditions.length === 0) return null;
    return { id: row.id, match: segmentRulesSql(inc.group, exc.group, now) };
  }

  // The auto-tag segments are read on every lead write; they change rarely, so this instance keeps
  // them for a moment (forgotten at once when it changes a segment; another instance's change is
  // seen within AUTO_TAG_CACHE_MS, and the re-evaluation job it queues corrects any tag meanwhile).
  let autoTagCache: { at: number; rows: SegmentRow[] } | undefined;
  let autoTagGeneration = 0;
  // `q` is the caller's transaction when there is one: PGlite has a single connection, so a query
  // outside it would wait for it. Only finished reads are shared, never a pending one.
  async function autoTagSegments(q?: Queryable): Promise<SegmentRow[]> {
    if (autoTagCache && Date.now() - autoTagCache.at <= AUTO_TAG_CACHE_MS) return autoTagCache.rows;
    const at = Date.now();
    const generation = autoTagGeneration;
    const rows = await repo.findAutoTagSegments(q);
    // A segment changed while this read ran: use it this once, but do not keep it.
    if (generation === autoTagGeneration) autoTagCache = { at, rows };
    return rows;
  }
  function forgetAutoTagSegments() {
    autoTagCache = undefined;
    autoTagGeneration++;
  }

  /**
   * The automatic segments each of these leads belongs to (ids, highest priority first), by the
   * in-memory evaluator: for leads about to be written, so their tags go in the same statement.
   */
  async function autoTagsOf(newLeads: RuleLead[], q: Queryable, now = new Date()): Promise<string[][]> {
    if (newLeads.length === 0) return [];
    const rules = (await autoTagSegments(q)).flatMap((row) => {
      const inc = checkRuleGroup(row.inclusionRules, 'inclusion');
      const exc = checkRuleGroup(row.exclusionRules, 'exclusion');
      if ('problem' in inc || 'problem' in exc || inc.group.conditions.length === 0) return [];
      return [{ id: row.id, inclusion: inc.group, exclusion: exc.group }];
    });
    return newLeads.map((lead) =>
      rules.filter((r) => leadMatchesRules(lead, r.inclusion, r.exclusion, now)).map((r) => r.id),
    );
  }

  function scheduleReevaluation() {
    forgetAutoTagSegments();
    return jobs.enqueue(REEVALUATE_JOB, {}, { dedupeKey: 'all' });
  }

  async function loadNamed<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new ConflictError(NAME_TAKEN);
      throw error;
    }
  }

  const service = {
    async listSegments(): Promise<Segment[]> {
      return (await repo.findSegments()).map(toSegment);
    },

    async getSegment(id: string): Promise<Segment> {
      return toSegment(await getOrThrow(id));
    },

    async createSegment(input: z.output<typeof segmentCreateSchema>): Promise<Segment> {
      const rules = checkRules(input.inclusion_rules, input.exclusion_rules);
      if (!input.never_contact && rules.inclusion.conditions.length === 0)
        throw new BadInputError(INCLUSION_REQUIRED);
      const row = await loadNamed(() =>
        repo.insertSegment({
          name: input.name,
          description: input.description || null,
          priority: input.priority,
          isActive: input.is_active,
          emailListReady: input.never_contact ? false : input.email_list_ready,
          neverContact: input.never_contact,
          autoTag: input.auto_tag,
          inclusionRules: input.inclusion_rules ?? null,
          exclusionRules: input.exclusion_rules ?? null,
        }),
      );
      await scheduleReevaluation();
      return toSegment(await getOrThrow(row.id));
    },

    async updateSegment(id: string, input: SegmentUpdateInput): Promise<Segment> {
      const current = await getOrThrow(id);
      const rulesChanged = input.inclusion_rules !== undefined || input.exclusion_rules !== undefined;
      const rules = checkRules(
        input.inclusion_rules !== undefined ? input.inclusion_rules : current.inclusionRules,
        input.exclusion_rules !== undefined ? input.exclusion_rules : current.exclusionRules,
      );
      const neverContact = input.never_contact ?? current.neverContact;
      if (
        (rulesChanged || (input.never_contact === false && current.neverContact)) &&
        !neverContact &&
        rules.inclusion.conditions.length === 0
      )
        throw new BadInputError(INCLUSION_REQUIRED);
      const values = {
        name: input.name,
        description: input.description === undefined ? undefined : input.description || null,
        priority: input.priority,
        isActive: input.is_active,
        neverContact: input.never_contact,
        emailListReady: neverContact ? false : input.email_list_ready,
        autoTag: input.auto_tag,
        inclusionRules: input.inclusion_rules,
        exclusionRules: input.exclusion_rules,
      };
      await loadNamed(() => repo.updateSegment(id, values));
      forgetAutoTagSegments();
      const tagsMayChange =
        rulesChanged ||
        (input.is_active === true && !current.isActive) ||
        (input.auto_tag === true && !current.autoTag) ||
        (input.priority !== undefined && input.priority !== current.priority);
      if (tagsMayChange) await scheduleReevaluation();
      return toSegment(await getOrThrow(id));
    },

    async deleteSegment(id: string): Promise<void> {
      if (!(await repo.deleteSegment(id))) throw new NotFoundError('Segment not found');
      forgetAutoTagSegments();
    },

    /** A copy with a new name: rules, settings and members (manual ones stay manual). */
    async cloneSegment(id: string, name: string): Promise<Segment> {
      const source = await getOrThrow(id);
      const row = await loadNamed(() =>
        repo.transaction(async (tx) => {
          const copy = await repo.insertSegment(
            {
              name,
              description: source.description,
              priority: source.priority,
              isActive: source.isActive,
              emailListReady: source.emailListReady,
              neverContact: source.neverContact,
              autoTag: source.autoTag,
              inclusionRules: source.inclusionRules,
              exclusionRules: source.exclusionRules,
              lastEvaluated: source.lastEvaluated,
            },
            tx,
          );
          await repo.copyMemberships(source.id, copy.id, tx);
          return copy;
        }),
      );
      forgetAutoTagSegments();
      return toSegment(await getOrThrow(row.id));
    },

    /** The rule test (spec 3.3): counts over every lead and up to 3 samples of each kind. */
    async evaluateRules(
      inclusion: RuleGroup | null | undefined,
      exclusion: RuleGroup | null | undefined,
      now = new Date(),
    ): Promise<RuleTestResult> {
      const rules = checkRules(inclusion, exclusion);
      return boundedRuleWork(repo, async (q) => {
        const test = await repo.ruleTest(
          q,
          groupCondition(rules.inclusion, now),
          groupCondition(rules.exclusion, now),
          SAMPLE_SIZE,
        );
        const matching = test.included - test.excluded;
        return {
          total_leads: test.total,
          matching_count: matching,
          excluded_count: test.excluded,
          match_percentage: test.total ? Math.round((matching / test.total) * 1000) / 10 : 0,
          matching_leads: test.matching_leads,
          excluded_leads: test.excluded_leads,
        };
      });
    },

    /**
     * Re-tags the given leads by every active auto-tag segment (highest priority first), inside
     * the caller's transaction when given: the app calls it when the leads module announces that
     * leads were created or changed (onLeadsChanged).
     */
    async tagLeads(leadIds: string[], q?: Queryable, now = new Date()) {
      if (leadIds.length === 0) return;
      const compiled = (await autoTagSegments(q))
        .map((row) => compile(row, now))
        .filter((c): c is CompiledSegment => c !== null);
      if (compiled.length === 0) return;
      if (q) await repo.tagLeads(q, leadIds, compiled);
      else await repo.transaction((tx) => repo.tagLeads(tx, leadIds, compiled));
    },

    /**
     * Tags brand-new leads (the enrolment form, an import batch: the leads module's onLeadsCreated)
     * by every active auto-tag segment without a query per segment: their rules are evaluated here
     * by the in-memory evaluator, which rules-sql.test.ts holds to the same answers as the SQL, and
     * the memberships are written in one statement.
     */
    async tagNewLeads(
      newLeads: { id: string; lead: RuleLead }[],
      q: Queryable,
      now = new Date(),
    ): Promise<string[]> {
      if (newLeads.length === 0) return [];
      const tags = await autoTagsOf(
        newLeads.map((n) => n.lead),
        q,
        now,
      );
      const memberships = newLeads.flatMap(({ id }, i) =>
        tags[i]!.map((segmentId) => ({ lead_id: id, segment_id: segmentId })),
      );
      await repo.insertAutoMemberships(q, memberships);
      // The segments the leads joined, highest priority first (rules come in that order).
      return [...new Set(memberships.map((m) => m.segment_id))];
    },

    /** The background job: every active auto-tag segment over every lead, highest priority first. */
    async reevaluateAll(now = new Date()) {
      for (const row of await repo.findAutoTagSegments()) {
        const compiled = compile(row, now);
        if (!compiled) continue;
        const { added, removed } = await repo.evaluateSegment(row.id, compiled.match);
        log.info({ segmentId: row.id, added, removed }, 'segment re-evaluated');
      }
    },

    scheduleReevaluation,

    async leadsPage(segmentId: string, query: SegmentLeadsQueryInput): Promise<SegmentLeadsPage> {
      await getOrThrow(segmentId);
      const filters: SQL[] = [];
      if (query.search) filters.push(leadConditions.search(query.search));
      if (query.score && query.score !== 'all') {
        const range = SCORE_BAND_RANGES[query.score];
        filters.push(leadConditions.scoreBetween(range.min, range.max));
      }
      if (query.assignment && query.assignment !== 'all')
        filters.push(sql`lead_segments.assignment = ${query.assignment}`);
      const { rows, total, segmentTotal } = await repo.membersPage(
        segmentId,
        filters,
        query.limit,
        (query.page - 1) * query.limit,
      );
      return {
        leads: rows.map(toSegmentLead),
        pagination: {
          page: query.page,
          limit: query.limit,
          total,
          totalPages: Math.max(1, Math.ceil(total / query.limit)),
        },
        segment_total: segmentTotal,
      };
    },

    async assignLeads(segmentId: string, leadIds: string[]) {
      const segment = await getOrThrow(segmentId);
      try {
        const assigned = await repo.assignManually(segmentId, [...new Set(leadIds)]);
        return { assigned, segmentName: segment.name };
      } catch (error) {
        if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION)
          throw new BadInputError('lead_ids: one or more leads do not exist');
        throw error;
      }
    },

    async removeLeads(segmentId: string, leadIds: string[]): Promise<number> {
      await getOrThrow(segmentId);
      return repo.removeMembers(segmentId, [...new Set(leadIds)]);
    },

    /** Every member, a page at a time (for streaming exports). */
    async *membersInPages(segmentId: string, pageSize = 1000): AsyncGenerator<SegmentLead[]> {
      let after: string | null = null;
      for (;;) {
        const rows = await repo.membersAfter(segmentId, after, pageSize);
        if (rows.length === 0) return;
        yield rows.map(toSegmentLead);
        after = rows[rows.length - 1]!.id;
        if (rows.length < pageSize) return;
      }
    },

    getOrThrow: async (id: string) => toSegment(await getOrThrow(id)),

    /**
     * Sends the segment's sendable members (never-contact, unsubscribed, bounced and complained
     * leads left out) to the MailerLite group named after the segment.
     */
    async syncToMailerLite(segmentId: string): Promise<SyncResult> {
      if (!mailerlite) throw new BadInputError('MailerLite is not configured');
      const segment = await getOrThrow(segmentId);
      const members = await repo.sendableMembers(segmentId);
      try {
        const group = await mailerlite.findOrCreateGroup(segment.name);
        await mailerlite.ensureFields(MAILERLITE_FIELDS);
        const { synced, errors } = await mailerlite.upsertSubscribers(
          group.id,
          members.map((m) => {
            const [first, ...rest] = m.parent_name.trim().split(/\s+/);
            return {
              email: m.email,
              fields: {
                name: first ?? m.parent_name,
                last_name: rest.join(' ') || null,
                phone: m.phone,
                lead_score: m.lead_score,
                timeline: m.timeline,
                child_name: m.child_name,
                special_needs: m.special_needs.join(', ') || null,
              },
            };
          }),
        );
        return {
          success: errors.length === 0,
          mailerlite_group_name: group.name,
          results: {
            leads_found: members.length,
            synced,
            errors: errors.length,
            error_details: errors.slice(0, 50),
          },
        };
      } catch (error) {
        if (error instanceof MailerLiteError) {
          log.warn({ err: loggableError(error) }, 'MailerLite sync failed');
          throw new AppError(502, `Failed to sync to MailerLite: ${error.message}`);
        }
        throw error;
      }
    },

    /** Each lead's segments (highest priority first), for lead lists and profiles. */
    async membershipsByLead(leadIds: string[]) {
      const byLead = new Map<
        string,
        { id: string; name: string; manually_assigned: boolean; assigned_at: string }[]
      >();
      for (const m of await repo.membershipsOf(leadIds)) {
        const list = byLead.get(m.leadId) ?? [];
        list.push({
          id: m.id,
          name: m.name,
          manually_assigned: m.assignment === 'manual',
          assigned_at: m.assignedAt.toISOString(),
        });
        byLead.set(m.leadId, list);
      }
      return byLead;
    },

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
    leadIsNotInSegment: (segmentId: string) => sql`not ${repo.leadIsInSegment(segmentId)}`,
    countActive: () => repo.countActive(),
    topByLeads: (limit: number) => repo.topByLeads(limit),
  };
  return service;
}

function groupCondition(group: CheckedGroup, now: Date): SQL {
  // An empty exclusion group excludes nobody; an empty inclusion group includes nobody.
  return segmentRulesSql(group, { operator: 'OR', conditions: [] }, now);
}

export type SegmentsService = ReturnType<typeof createSegmentsService>;
