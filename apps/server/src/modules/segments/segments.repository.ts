import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inIdList } from '../../db/id-list';
import { leads } from '../leads/leads.tables';
import { leadSegments, segments, type SegmentRow } from './segments.tables';

export type SegmentWithCount = SegmentRow & { leadCount: number };

export function createSegmentsRepository(db: Database) {
  const leadCount =
    sql<number>`(select count(*) from ${leadSegments} where ${leadSegments.segmentId} = ${segments.id})`.mapWith(
      Number,
    );

  return {
    async findSegments(): Promise<SegmentWithCount[]> {
      return db
        .select({ ...getColumns(), leadCount })
        .from(segments)
        .orderBy(desc(segments.priority), segments.name);
    },

    async findSegmentById(id: string): Promise<SegmentRow | undefined> {
      const [row] = await db.select().from(segments).where(eq(segments.id, id));
      return row;
    },

    async insertSegment(values: typeof segments.$inferInsert): Promise<SegmentRow> {
      const [row] = await db.insert(segments).values(values).returning();
      return row!;
    },

    /** Adds the leads as manual members; an automatic membership becomes manual. Answers how many changed. */
    async assignManually(segmentId: string, leadIds: string[]): Promise<number> {
      if (leadIds.length === 0) return 0;
      const rows = await db
        .insert(leadSegments)
        .values(leadIds.map((leadId) => ({ leadId, segmentId, assignment: 'manual' as const })))
        .onConflictDoUpdate({
          target: [leadSegments.leadId, leadSegments.segmentId],
          set: { assignment: 'manual', assignedAt: new Date() },
          setWhere: sql`${leadSegments.assignment} <> 'manual'`,
        })
        .returning({ leadId: leadSegments.leadId });
      return rows.length;
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
      return sql`exists (select 1 from ${leadSegments} where ${leadSegments.leadId} = ${leads.id} and ${leadSegments.segmentId} = ${segmentId})`;
    },

    async countActive(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(segments).where(eq(segments.isActive, true));
      return Number(row?.n ?? 0);
    },

    /** Active segments by size; each count is one index-only scan of lead_segments_segment_idx. */
    topByLeadsQuery(limit: number): SQL {
      return sql`
        select s.name, c.n as lead_count
        from ${segments} s
        cross join lateral (
          select count(*)::int as n from ${leadSegments} ls where ls.segment_id = s.id
        ) c
        where s.is_active
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
