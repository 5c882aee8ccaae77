import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inIdList } from '../../db/id-list';
import { leadColumns as lead, leadsTable } from '../leads';
import { leadRuleFacts as facts, leadSegmentExclusions, leadSegments, segments } from './segments.tables';
import { rowsOf } from '../../db/rows';

// The queries of lead_segments (who is in which segment) and of the hand exclusions: hand edits,
// tagging by rules, member pages and each lead's segments. createSegmentsRepository includes them.

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

/**
 * Holds the segment's row lock for the rest of the transaction: hand edits of its members and its
 * re-evaluation take turns, so a lead taken out by hand is never put back by an evaluation that
 * started before.
 */
const lockSegment = (q: Queryable, segmentId: string) =>
  q.execute(sql`select 1 from ${segments} where id = ${segmentId}::uuid for no key update`);

/** "Staff have not taken this lead out of this segment by hand" (rules never put it back). */
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

/**
 * Tags the given leads by the rules of the given segments in one statement: adds the automatic
 * memberships that now hold, drops the automatic ones that no longer do, and leaves manual ones alone.
 */
async function tagLeads(q: Queryable, leadIds: string[], rules: CompiledSegment[]) {
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
}

/**
 * Re-evaluates one segment over every lead (the background job), and stamps last_evaluated. `match`
 * is a condition on the rules' narrow projection of the leads (lead_rule_facts: factsRuleSource in
 * rules-sql.ts), which it scans instead of the wide leads table.
 */
function evaluateSegment(db: Database, segmentId: string, match: SQL) {
  return db.transaction(async (tx) => {
    await lockSegment(tx, segmentId);
    const [added] = rowsOf<{ n: number }>(
      await tx.execute(sql`
            with ins as (
              insert into ${leadSegments} (lead_id, segment_id, assignment)
              select ${facts.leadId}, ${segmentId}::uuid, 'auto' from ${facts}
              where ${match} and ${notExcluded(sql`${facts.leadId}`, sql`${segmentId}::uuid`)}
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
                and not exists (select 1 from ${facts} where ${facts.leadId} = ls.lead_id and ${match})
              returning 1
            )
            select count(*)::int as n from del`),
    );
    await tx.update(segments).set({ lastEvaluated: new Date() }).where(eq(segments.id, segmentId));
    return { added: added!.n, removed: removed!.n };
  });
}

/** Hand edits of a segment's members, each under the segment's lock. */
function handEdits(db: Database) {
  return {
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
  };
}

/** Reading members: a segment's pages, and each lead's segments. */
function memberReads(db: Database) {
  return {
    /** One page of a segment's members, newest assignment first, with the filtered and whole counts. */
    async membersPage(segmentId: string, filters: SQL[], limit: number, offset: number) {
      const where = and(eq(leadSegments.segmentId, segmentId), ...filters);
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
  };
}

export function createSegmentMembersRepository(db: Database) {
  return {
    ...handEdits(db),
    ...memberReads(db),
    tagLeads,
    async insertAutoMemberships(q: Queryable, memberships: { lead_id: string; segment_id: string }[]) {
      if (memberships.length === 0) return;
      await q.execute(sql`
        insert into ${leadSegments} (lead_id, segment_id, assignment)
        select lead_id, segment_id, 'auto'
        from jsonb_to_recordset(${JSON.stringify(memberships)}::jsonb) as x(lead_id uuid, segment_id uuid)
        on conflict do nothing`);
    },
    evaluateSegment: (segmentId: string, match: SQL) => evaluateSegment(db, segmentId, match),
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
