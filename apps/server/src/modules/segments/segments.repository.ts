import { HIDDEN_SEGMENT_NAMES } from '@lantern/contracts';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inIdList } from '../../db/id-list';
import { leadColumns as lead, leadsTable } from '../leads';
import { leadSegmentExclusions, leadSegments, segments, type SegmentRow } from './segments.tables';

export type SegmentWithCount = SegmentRow & { leadCount: number };
/** A database or an open transaction. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
/** A segment's rules, compiled (rules-sql.ts). */
export type CompiledSegment = { id: string; match: SQL };

export type SegmentLeadRow = {
  id: string;
  email: string;
  parent_name: string;
  child_name: string | null;
  child_age: number | null;
  phone: string | null;
  special_needs: string[];
  lead_score: number;
  timeline: string | null;
  assignment: 'manual' | 'auto';
  assigned_at: Date;
};

export type SampleLeadRow = {
  id: string;
  email: string;
  parent_name: string;
  child_name: string | null;
  lead_score: number;
};

/** A lead as a mailing list needs it. */
export type SendableLeadRow = {
  id: string;
  email: string;
  parent_name: string;
  phone: string | null;
  timeline: string | null;
  lead_score: number;
  child_name: string | null;
  special_needs: string[];
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** "Staff have not taken this lead out of this segment by hand" (rules never put it back). */
/**
 * Holds the segment's row lock for the rest of the transaction: hand edits of its members and its
 * re-evaluation take turns, so a lead taken out by hand is never put back by an evaluation that
 * started before.
 */
const lockSegment = (q: Queryable, segmentId: string) =>
  q.execute(sql`select 1 from ${segments} where id = ${segmentId}::uuid for no key update`);

const notExcluded = (leadId: SQL, segmentId: SQL) =>
  sql`not exists (select 1 from ${leadSegmentExclusions} ex where ex.lead_id = ${leadId} and ex.segment_id = ${segmentId})`;

/** A segment's member as its lists and exports show it: the lead's columns and the membership's. */
const memberColumns = {
  id: lead.id,
  email: lead.email,
  parent_name: lead.parentName,
  child_name: lead.firstChildName,
  child_age: lead.firstChildAge,
  phone: lead.phone,
  special_needs: sql<string[]>`array(select distinct unnest(${lead.allSpecialNeeds}) order by 1)`,
  lead_score: lead.leadScore,
  timeline: lead.timeline,
  assignment: leadSegments.assignment,
  assigned_at: leadSegments.assignedAt,
};

export function createSegmentsRepository(db: Database) {
  const leadCount =
    sql<number>`(select count(*) from ${leadSegments} where ${leadSegments.segmentId} = ${segments.id})`.mapWith(
      Number,
    );
  const segmentColumns = { ...getColumns(), leadCount };

  /** Members of a segment joined to their lead; filters narrow it. */
  function memberConditions(segmentId: string, filters: SQL[]) {
    return and(eq(leadSegments.segmentId, segmentId), ...filters);
  }

  return {
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

    /** Adds the leads as manual members; an automatic membership becomes manual. Answers how many changed. */
    async assignManually(segmentId: string, leadIds: string[]): Promise<number> {
      if (leadIds.length === 0) return 0;
      return db.transaction(async (tx) => {
        await lockSegment(tx, segmentId);
        await tx
          .delete(leadSegmentExclusions)
          .where(
            and(
              eq(leadSegmentExclusions.segmentId, segmentId),
              inIdList(leadSegmentExclusions.leadId, leadIds),
            ),
          );
        const rows = await tx
          .insert(leadSegments)
          .values(leadIds.map((leadId) => ({ leadId, segmentId, assignment: 'manual' as const })))
          .onConflictDoUpdate({
            target: [leadSegments.leadId, leadSegments.segmentId],
            set: { assignment: 'manual', assignedAt: new Date() },
            setWhere: sql`${leadSegments.assignment} <> 'manual'`,
          })
          .returning({ leadId: leadSegments.leadId });
        return rows.length;
      });
    },

    /** Takes leads out by hand, and keeps the segment's rules from putting them back. */
    async removeMembers(segmentId: string, leadIds: string[]): Promise<number> {
      return db.transaction(async (tx) => {
        await lockSegment(tx, segmentId);
        const rows = await tx
          .delete(leadSegments)
          .where(and(eq(leadSegments.segmentId, segmentId), inIdList(leadSegments.leadId, leadIds)))
          .returning({ leadId: leadSegments.leadId });
        if (rows.length)
          await tx
            .insert(leadSegmentExclusions)
            .values(rows.map((r) => ({ leadId: r.leadId, segmentId })))
            .onConflictDoNothing();
        return rows.length;
      });
    },

    /**
     * A rule test in one scan of the leads: the leads the inclusion group takes are set aside
     * (with whether the exclusion group removes them), then counted and sampled from there.
     */
    async ruleTest(q: Queryable, included: SQL, excluded: SQL, sampleSize: number) {
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
          select (select count(*) from ${leadsTable})::int as total,
            (select count(*) from m)::int as included,
            (select count(*) from m where exc)::int as excluded,
            ${sample(sql`not exc`)} as matching_leads,
            ${sample(sql`exc`)} as excluded_leads`),
      );
      return row!;
    },

    /**
     * Tags the given leads by the rules of the given segments in one statement: adds the
     * automatic memberships that now hold, drops the automatic ones that no longer do, and
     * leaves manual ones alone.
     */
    async tagLeads(q: Queryable, leadIds: string[], rules: CompiledSegment[]) {
      if (leadIds.length === 0 || rules.length === 0) return { added: 0, removed: 0 };
      const ids = JSON.stringify(leadIds);
      const matches = sql.join(
        rules.map(
          (s) => sql`select ${lead.id} as lead_id, ${s.id}::uuid as segment_id from ${leadsTable}
            where ${lead.id} in (select id from batch) and ${s.match}
              and ${notExcluded(lead.id, sql`${s.id}::uuid`)}`,
        ),
        sql` union all `,
      );
      const segmentIds = JSON.stringify(rules.map((s) => s.id));
      const [row] = rowsOf<{ added: number; removed: number }>(
        await q.execute(sql`
          with batch as (select (jsonb_array_elements_text(${ids}::jsonb))::uuid as id),
          m as (${matches}),
          ins as (
            insert into ${leadSegments} (lead_id, segment_id, assignment)
            select lead_id, segment_id, 'auto' from m
            on conflict do nothing
            returning 1
          ),
          del as (
            delete from ${leadSegments} ls
            where ls.assignment = 'auto'
              and ls.lead_id in (select id from batch)
              and ls.segment_id in (select (jsonb_array_elements_text(${segmentIds}::jsonb))::uuid)
              and not exists (select 1 from m where m.lead_id = ls.lead_id and m.segment_id = ls.segment_id)
            returning 1
          )
          select (select count(*) from ins)::int as added, (select count(*) from del)::int as removed`),
      );
      return row!;
    },

    async insertAutoMemberships(q: Queryable, memberships: { lead_id: string; segment_id: string }[]) {
      if (memberships.length === 0) return;
      await q.execute(sql`
        insert into ${leadSegments} (lead_id, segment_id, assignment)
        select lead_id, segment_id, 'auto'
        from jsonb_to_recordset(${JSON.stringify(memberships)}::jsonb) as x(lead_id uuid, segment_id uuid)
        on conflict do nothing`);
    },

    /** Re-evaluates one segment over every lead (the background job), and stamps last_evaluated. */
    async evaluateSegment(segmentId: string, match: SQL) {
      return db.transaction(async (tx) => {
        await lockSegment(tx, segmentId);
        const [added] = rowsOf<{ n: number }>(
          await tx.execute(sql`
            with ins as (
              insert into ${leadSegments} (lead_id, segment_id, assignment)
              select ${lead.id}, ${segmentId}::uuid, 'auto' from ${leadsTable}
              where ${match} and ${notExcluded(lead.id, sql`${segmentId}::uuid`)}
              on conflict do nothing
              returning 1
            )
            select count(*)::int as n from ins`),
        );
        const [removed] = rowsOf<{ n: number }>(
          await tx.execute(sql`
            with del as (
              delete from ${leadSegments} ls
              where ls.segment_id = ${segmentId}::uuid and ls.assignment = 'auto'
                and not exists (select 1 from ${leadsTable} where ${lead.id} = ls.lead_id and ${match})
              returning 1
            )
            select count(*)::int as n from del`),
        );
        await tx.update(segments).set({ lastEvaluated: new Date() }).where(eq(segments.id, segmentId));
        return { added: added!.n, removed: removed!.n };
      });
    },

    /** One page of a segment's members, newest assignment first, with the filtered and whole counts. */
    async membersPage(segmentId: string, filters: SQL[], limit: number, offset: number) {
      const where = memberConditions(segmentId, filters);
      const [rows, [filtered], [whole]] = await Promise.all([
        db
          .select(memberColumns)
          .from(leadSegments)
          .innerJoin(leadsTable, eq(lead.id, leadSegments.leadId))
          .where(where)
          .orderBy(desc(leadSegments.assignedAt), desc(lead.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: count() })
          .from(leadSegments)
          .innerJoin(leadsTable, eq(lead.id, leadSegments.leadId))
          .where(where),
        db.select({ n: count() }).from(leadSegments).where(eq(leadSegments.segmentId, segmentId)),
      ]);
      return {
        rows: rows as SegmentLeadRow[],
        total: Number(filtered?.n ?? 0),
        segmentTotal: Number(whole?.n ?? 0),
      };
    },

    /** Members after a lead id, in id order: pages for streaming exports. */
    async membersAfter(segmentId: string, afterId: string | null, limit: number): Promise<SegmentLeadRow[]> {
      const rows = await db
        .select(memberColumns)
        .from(leadSegments)
        .innerJoin(leadsTable, eq(lead.id, leadSegments.leadId))
        .where(
          and(
            eq(leadSegments.segmentId, segmentId),
            afterId ? sql`${leadSegments.leadId} > ${afterId}::uuid` : undefined,
          ),
        )
        .orderBy(leadSegments.leadId)
        .limit(limit);
      return rows as SegmentLeadRow[];
    },

    /**
     * The segment's members who may be emailed: subscribed (not unsubscribed, bounced or
     * complained) and in no never-contact segment, whatever else they are in.
     */
    async sendableMembers(segmentId: string): Promise<SendableLeadRow[]> {
      return rowsOf<SendableLeadRow>(
        await db.execute(sql`
          select ${lead.id} as id, ${lead.email} as email, ${lead.parentName} as parent_name,
            ${lead.phone} as phone, ${lead.timeline} as timeline, ${lead.leadScore} as lead_score,
            ${lead.firstChildName} as child_name,
            array(select distinct unnest(${lead.allSpecialNeeds}) order by 1) as special_needs
          from ${leadSegments} ls
          join ${leadsTable} on ${lead.id} = ls.lead_id
          where ls.segment_id = ${segmentId}::uuid
            and ${sendableLeadSql(lead.id, lead.emailStatus)}
          order by ${lead.id}`),
      );
    },

    /** Whether the lead may be emailed (see sendableLeadSql). */
    async isSendable(leadId: string): Promise<boolean> {
      const [row] = rowsOf<{ ok: boolean }>(
        await db.execute(sql`
          select ${sendableLeadSql(lead.id, lead.emailStatus)} as ok
          from ${leadsTable} where ${lead.id} = ${leadId}::uuid`),
      );
      return Boolean(row?.ok);
    },

    async membershipsOf(leadIds: string[]) {
      if (leadIds.length === 0) return [];
      return db
        .select({
          leadId: leadSegments.leadId,
          id: segments.id,
          name: segments.name,
          assignment: leadSegments.assignment,
          assignedAt: leadSegments.assignedAt,
        })
        .from(leadSegments)
        .innerJoin(segments, eq(segments.id, leadSegments.segmentId))
        .where(inIdList(leadSegments.leadId, leadIds))
        .orderBy(desc(segments.priority), segments.name);
    },

    leadIsInSegment(segmentId: string) {
      return sql`exists (select 1 from ${leadSegments} where ${leadSegments.leadId} = ${lead.id} and ${leadSegments.segmentId} = ${segmentId})`;
    },

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

    /**
     * Active segments by size, without the system segments the segments screen hides
     * (isHiddenSegment); each count is one index-only scan of lead_segments_segment_idx.
     */
    topByLeadsQuery(limit: number): SQL {
      const hiddenNames = sql.join(
        HIDDEN_SEGMENT_NAMES.map((name) => sql`${name}`),
        sql`, `,
      );
      return sql`
        select s.name, c.n as lead_count
        from ${segments} s
        cross join lateral (
          select count(*)::int as n from ${leadSegments} ls where ls.segment_id = s.id
        ) c
        where s.is_active and not s.never_contact and lower(btrim(s.name)) not in (${hiddenNames})
        order by c.n desc, s.name
        limit ${limit}`;
    },

    async topByLeads(limit: number): Promise<{ name: string; leadCount: number }[]> {
      const result = (await db.execute(this.topByLeadsQuery(limit))) as unknown as {
        rows: { name: string; lead_count: number }[];
      };
      return result.rows.map((r) => ({ name: r.name, leadCount: Number(r.lead_count) }));
    },
  };
}

/**
 * The lead's segment names, highest priority first, joined by '; ' (null when it has none), as a
 * SQL expression with no parameters: the segment tags cell of the leads export.
 */
export function segmentTagsSql(leadId: SQL): SQL {
  return sql`(select string_agg(sg.name, '; ' order by sg.priority desc, sg.name)
    from ${leadSegments} ls join ${segments} sg on sg.id = ls.segment_id where ls.lead_id = ${leadId})`;
}

/**
 * "This lead may receive email": subscribed, and in no never-contact segment. Every email
 * audience (segment syncs, campaign recipients) goes through this one condition.
 */
export function sendableLeadSql(leadId: SQL, emailStatus: SQL): SQL {
  return sql`${emailStatus} = 'subscribed' and not exists (
    select 1 from ${leadSegments} nc join ${segments} ns on ns.id = nc.segment_id
    where nc.lead_id = ${leadId} and ns.never_contact)`;
}

function getColumns() {
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
