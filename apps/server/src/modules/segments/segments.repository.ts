import { HIDDEN_SEGMENT_NAMES } from '@lantern/contracts';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { statCounters } from '../../db/stat-counters';
import { inIdList } from '../../db/id-list';
import { leadColumns as lead, leadsTable } from '../leads';
import { createEmailAudienceRepository } from './email-audience.repository';
import { createSegmentMembersRepository, type Queryable } from './segment-members.repository';
import { leadSegmentExclusions, leadSegments, segments, type SegmentRow } from './segments.tables';
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
 * A rule test in one scan of the leads: the leads the inclusion group takes are set aside (with
 * whether the exclusion group removes them), then counted and sampled from there.
 */
async function ruleTest(q: Queryable, included: SQL, excluded: SQL, sampleSize: number) {
  const sample = (where: SQL) => sql`(
        select coalesce(json_agg(s), '[]'::json) from (
          select id, email, parent_name, child_name, lead_score from m where ${where}
          order by lead_score desc, created_at desc, id limit ${sampleSize}
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
            select ${lead.id} as id, ${lead.email} as email, ${lead.parentName} as parent_name,
              ${lead.firstChildName} as child_name, ${lead.leadScore} as lead_score,
              ${lead.createdAt} as created_at, ${excluded} as exc
            from ${leadsTable} where ${included}
          )
          -- Every lead: the database's counter (db/stat-counters.ts), not a scan of them all.
          select (select coalesce(sum(delta), 0) from ${statCounters} where name = 'leads')::int as total,
            (select count(*) from m)::int as included,
            (select count(*) from m where exc)::int as excluded,
            ${sample(sql`not exc`)} as matching_leads,
            ${sample(sql`exc`)} as excluded_leads`),
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
