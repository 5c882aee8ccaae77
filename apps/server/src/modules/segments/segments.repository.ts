import { HIDDEN_SEGMENT_NAMES } from '@lantern/contracts';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { statCounters } from '../../db/stat-counters';
import { inIdList } from '../../db/id-list';
import { createEmailAudienceRepository } from './email-audience.repository';
import { createSegmentMembersRepository, type Queryable } from './segment-members.repository';
import {
  leadRuleFacts,
  leadSegmentExclusions,
  leadSegments,
  segments,
  type SegmentRow,
} from './segments.tables';
import { rowsOf } from '../../db/rows';

// The segments module's repository: segments' own rows, lookups and counts, and the rule test,
// here; memberships (segment-members.repository.ts) and email audiences
// (email-audience.repository.ts) in their own files, all behind createSegmentsRepository.

export type { CompiledSegment, Queryable, SegmentLeadRow } from './segment-members.repository';
export { segmentTagsSql } from './segment-members.repository';
export { sendableLeadSql, type SendableLeadRow } from './email-audience.repository';

export type SegmentWithCount = SegmentRow & { leadCount: number };

export type SampleLeadRow = {
  id: string;
  email: string;
  parent_name: string;
  child_name: string | null;
  lead_score: number;
};

/**
 * A rule test in one scan of the rules' narrow projection of the leads (lead_rule_facts, migration
 * 0021_rule_scan; `included` and `excluded` are conditions on it: factsRuleSource): the leads the
 * inclusion group takes are set aside, only their sort keys and whether the exclusion group removes
 * them, then counted and sampled from there, the samples' names read for those 3 + 3 leads alone.
 */
async function ruleTest(q: Queryable, included: SQL, excluded: SQL, sampleSize: number) {
  // For this transaction (the caller's: rule-test.ts bounds it with a statement timeout):
  // - the scan is spread over parallel workers whose matches the leader gathers into the set-aside
  //   rows: PostgreSQL's default price of a gathered row (0.1) chose one process for any rule
  //   estimated to take many leads, two to three times slower than the workers;
  // - the set-aside rows stay in memory (about 50 bytes a lead), not in a temporary file;
  // - no JIT: the rules' expressions are calls (text search, regular expressions) that compiling
  //   gains little on, and each worker compiled them again, 30-40 ms a test.
  await q.execute(
    sql.raw(`select set_config('parallel_tuple_cost', '0.01', true), set_config('work_mem', '64MB', true),
      set_config('jit', 'off', true)`),
  );
  const sample = (where: SQL) => sql`(
        select coalesce(json_agg(s), '[]'::json) from (
          select f.lead_id as id, f.email, f.parent_name, f.child_name, f.lead_score
          from (
            select lead_id, lead_score, created_at from m where ${where}
            order by lead_score desc, created_at desc, lead_id limit ${sampleSize}
          ) t join ${leadRuleFacts} f on f.lead_id = t.lead_id
          order by t.lead_score desc, t.created_at desc, t.lead_id
        ) s)`;
  const [row] = rowsOf<{
    total: number;
    included: number;
    excluded: number;
    matching_leads: SampleLeadRow[];
    excluded_leads: SampleLeadRow[];
  }>(
    await q.execute(sql`
          with m as materialized (
            select ${leadRuleFacts.leadId} as lead_id, ${leadRuleFacts.leadScore} as lead_score,
              ${leadRuleFacts.createdAt} as created_at, ${excluded} as exc
            from ${leadRuleFacts} where ${included}
          )
          -- Every lead: the database's counter (db/stat-counters.ts), not a scan of them all.
          select (select coalesce(sum(delta), 0) from ${statCounters} where name = 'leads')::int as total,
            c.included, c.excluded,
            ${sample(sql`not exc`)} as matching_leads,
            ${sample(sql`exc`)} as excluded_leads
          from (select count(*)::int as included, (count(*) filter (where exc))::int as excluded from m) c`),
  );
  return row!;
}

/**
 * Active segments by size, without the system segments the segments screen hides
 * (isHiddenSegment); each count is one index-only scan of lead_segments_segment_idx.
 */
const hiddenNamesSql = () =>
  sql.join(
    HIDDEN_SEGMENT_NAMES.map((name) => sql`${name}`),
    sql`, `,
  );

function topByLeadsQuery(limit: number): SQL {
  const hiddenNames = hiddenNamesSql();
  return sql`
        select s.name, c.n as lead_count
        from ${segments} s
        cross join lateral (
          select count(*)::int as n from ${leadSegments} ls where ls.segment_id = s.id
        ) c
        where s.is_active and not s.never_contact and lower(btrim(s.name)) not in (${hiddenNames})
        order by c.n desc, s.name
        limit ${limit}`;
}

/** Writing segments' rows: create, change, delete, and a clone's memberships. */
function segmentWrites(db: Database) {
  return {
    async insertSegment(values: typeof segments.$inferInsert, q: Queryable = db): Promise<SegmentRow> {
      const [row] = await q.insert(segments).values(values).returning();
      return row!;
    },

    async updateSegment(id: string, values: Partial<typeof segments.$inferInsert>): Promise<boolean> {
      const rows = await db
        .update(segments)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(segments.id, id))
        .returning({ id: segments.id });
      return rows.length > 0;
    },

    async deleteSegment(id: string): Promise<boolean> {
      const rows = await db.delete(segments).where(eq(segments.id, id)).returning({ id: segments.id });
      return rows.length > 0;
    },

    async copyMemberships(fromId: string, toId: string, q: Queryable = db): Promise<void> {
      await q.execute(sql`
        insert into ${leadSegments} (lead_id, segment_id, assignment, assigned_at)
        select lead_id, ${toId}::uuid, assignment, assigned_at from ${leadSegments}
        where segment_id = ${fromId}::uuid`);
      await q.execute(sql`
        insert into ${leadSegmentExclusions} (lead_id, segment_id, excluded_at)
        select lead_id, ${toId}::uuid, excluded_at from ${leadSegmentExclusions}
        where segment_id = ${fromId}::uuid`);
    },
  };
}

/** The lookups other modules make through the segments service (resources, dashboard). */
function segmentLookups(db: Database) {
  return {
    /** Which of these segment ids exist. */
    async existingSegmentIds(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.select({ id: segments.id }).from(segments).where(inArray(segments.id, ids));
      return rows.map((r) => r.id);
    },

    /** The segment with this name, in any case. */
    async segmentIdByName(name: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: segments.id })
        .from(segments)
        .where(sql`lower(${segments.name}) = lower(${name})`);
      return row?.id;
    },

    /** The names of these segments, in name order. */
    async segmentNames(ids: string[]): Promise<{ id: string; name: string }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: segments.id, name: segments.name })
        .from(segments)
        .where(inIdList(segments.id, ids))
        .orderBy(segments.name);
    },

    async countActive(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(segments).where(eq(segments.isActive, true));
      return Number(row?.n ?? 0);
    },

    topByLeadsQuery,

    /**
     * The segments the dashboard may rank (active, not never-contact, not hidden by the segments
     * screen), without counting their members: the dashboard ranks them by its counters.
     */
    async rankableSegments(): Promise<{ id: string; name: string }[]> {
      return rowsOf<{ id: string; name: string }>(
        await db.execute(sql`
          select s.id, s.name from ${segments} s
          where s.is_active and not s.never_contact and lower(btrim(s.name)) not in (${hiddenNamesSql()})`),
      );
    },

    async topByLeads(limit: number): Promise<{ name: string; leadCount: number }[]> {
      const rows = rowsOf<{ name: string; lead_count: number }>(await db.execute(topByLeadsQuery(limit)));
      return rows.map((r) => ({ name: r.name, leadCount: Number(r.lead_count) }));
    },
  };
}

export function createSegmentsRepository(db: Database) {
  const leadCount =
    sql<number>`(select count(*) from ${leadSegments} where ${leadSegments.segmentId} = ${segments.id})`.mapWith(
      Number,
    );
  const segmentColumns = { ...segmentRowColumns(), leadCount };

  return {
    /** For the audit log, which the segments' use cases write beside their changes. */
    db,
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => db.transaction((tx) => work(tx)),

    async findSegments(): Promise<SegmentWithCount[]> {
      return db.select(segmentColumns).from(segments).orderBy(desc(segments.priority), segments.name);
    },

    async findSegmentById(id: string): Promise<SegmentWithCount | undefined> {
      const [row] = await db.select(segmentColumns).from(segments).where(eq(segments.id, id));
      return row;
    },

    /** Active segments that tag leads by their rules, highest priority first. */
    async findAutoTagSegments(q: Queryable = db): Promise<SegmentRow[]> {
      return q
        .select()
        .from(segments)
        .where(and(eq(segments.isActive, true), eq(segments.autoTag, true)))
        .orderBy(desc(segments.priority), segments.name);
    },

    ...segmentWrites(db),
    ...segmentLookups(db),
    ruleTest,
    ...createSegmentMembersRepository(db),
    ...createEmailAudienceRepository(db),
  };
}

function segmentRowColumns() {
  return {
    id: segments.id,
    name: segments.name,
    description: segments.description,
    isActive: segments.isActive,
    neverContact: segments.neverContact,
    emailListReady: segments.emailListReady,
    autoTag: segments.autoTag,
    priority: segments.priority,
    inclusionRules: segments.inclusionRules,
    exclusionRules: segments.exclusionRules,
    lastEvaluated: segments.lastEvaluated,
    createdAt: segments.createdAt,
    updatedAt: segments.updatedAt,
  };
}

export type SegmentsRepository = ReturnType<typeof createSegmentsRepository>;
