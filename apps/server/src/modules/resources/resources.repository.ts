import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inIdList } from '../../db/id-list';
import {
  resourceDownloadLinks,
  resourceDownloads,
  resourceFiles,
  resources,
  resourceSegments,
  type ResourceDownloadLinkRow,
  type ResourceFileRow,
  type ResourceRow,
} from './resources.tables';
import { rowsOf } from '../../db/rows';

/** A resource with its files and its segments' ids (their names and order are the service's). */
export type ResourceWithFiles = ResourceRow & {
  files: ResourceFileRow[];
  segmentLinks: { id: string; isPrimary: boolean }[];
};
type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export function createResourcesRepository(db: Database) {
  return {
    /** For the audit log, which the resources' use cases write beside their changes. */
    db,
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => db.transaction((tx) => work(tx)),
    ...resourceReads(db),
    ...resourceWrites(db),
    ...downloadQueries(db),
  };
}

/** The resources with their files (in order) and their segment links. */
async function withRelations(db: Database, rows: ResourceRow[]): Promise<ResourceWithFiles[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [files, links] = await Promise.all([
    db
      .select()
      .from(resourceFiles)
      .where(inIdList(resourceFiles.resourceId, ids))
      .orderBy(asc(resourceFiles.position), asc(resourceFiles.createdAt)),
    db
      .select({
        resourceId: resourceSegments.resourceId,
        id: resourceSegments.segmentId,
        isPrimary: resourceSegments.isPrimary,
      })
      .from(resourceSegments)
      .where(inIdList(resourceSegments.resourceId, ids)),
  ]);
  return rows.map((r) => ({
    ...r,
    files: files.filter((f) => f.resourceId === r.id),
    segmentLinks: links
      .filter((l) => l.resourceId === r.id)
      .map((l) => ({ id: l.id, isPrimary: l.isPrimary })),
  }));
}

/** Resources with their files and segment links: the admin list, one resource, a segment's. */
function resourceReads(db: Database) {
  return {
    /** Resources, highest priority first; optionally of a category or assigned to a segment. */
    async list(filter: { category?: string; segmentId?: string }): Promise<ResourceWithFiles[]> {
      const rows = await db
        .select()
        .from(resources)
        .where(
          and(
            filter.category ? eq(resources.category, filter.category) : undefined,
            filter.segmentId
              ? sql`exists (select 1 from ${resourceSegments} rs where rs.resource_id = ${resources.id} and rs.segment_id = ${filter.segmentId}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(resources.priority), desc(resources.createdAt));
      return withRelations(db, rows);
    },

    async findById(id: string): Promise<ResourceWithFiles | undefined> {
      const [row] = await db.select().from(resources).where(eq(resources.id, id));
      return row ? (await withRelations(db, [row]))[0] : undefined;
    },

    /** Active resources for any of the segments: primary ones first, then by priority. */
    async forSegments(segmentIds: string[], limit: number) {
      if (segmentIds.length === 0) return [];
      return rowsOf<{
        id: string;
        title: string;
        description: string;
        category: string;
        priority: number;
        file_count: number;
        require_email: boolean;
      }>(
        await db.execute(sql`
          select r.id, r.title, r.description, r.category, r.priority, r.require_email,
            (select count(*)::int from ${resourceFiles} f where f.resource_id = r.id) as file_count
          from ${resources} r
          join lateral (
            select bool_or(rs.is_primary) as primary_for_one
            from ${resourceSegments} rs
            where rs.resource_id = r.id
              and rs.segment_id in (select (jsonb_array_elements_text(${JSON.stringify(segmentIds)}::jsonb))::uuid)
          ) m on m.primary_for_one is not null
          where r.is_active
            and exists (select 1 from ${resourceFiles} f where f.resource_id = r.id)
          order by m.primary_for_one desc, r.priority desc, r.created_at desc
          limit ${limit}`),
      );
    },

    async file(resourceId: string, fileId: string): Promise<ResourceFileRow | undefined> {
      const [row] = await db
        .select()
        .from(resourceFiles)
        .where(and(eq(resourceFiles.resourceId, resourceId), eq(resourceFiles.id, fileId)));
      return row;
    },
  };
}

/** Writing a resource, its files and its segment links. */
function resourceWrites(db: Database) {
  return {
    async insert(q: Queryable, values: typeof resources.$inferInsert): Promise<void> {
      await q.insert(resources).values(values);
    },

    async insertFiles(q: Queryable, files: (typeof resourceFiles.$inferInsert)[]): Promise<void> {
      if (files.length) await q.insert(resourceFiles).values(files);
    },

    async update(id: string, values: Partial<typeof resources.$inferInsert>): Promise<boolean> {
      const rows = await db
        .update(resources)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(resources.id, id))
        .returning({ id: resources.id });
      return rows.length > 0;
    },

    /**
     * Deletes the resource (files, segment links and download rows cascade; its download links stay,
     * to say it is gone); answers its storage keys.
     */
    async delete(id: string): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const files = await tx
          .select({ key: resourceFiles.storageKey })
          .from(resourceFiles)
          .where(eq(resourceFiles.resourceId, id));
        const rows = await tx.delete(resources).where(eq(resources.id, id)).returning({ id: resources.id });
        return rows.length ? files.map((f) => f.key) : null;
      });
    },

    /** Sets the resource's segments (replacing them when clearExisting), with one primary. */
    async assignSegments(
      q: Queryable,
      resourceId: string,
      segmentIds: string[],
      primaryId: string | null,
      clearExisting: boolean,
    ): Promise<void> {
      if (clearExisting) await q.delete(resourceSegments).where(eq(resourceSegments.resourceId, resourceId));
      if (segmentIds.length) {
        await q
          .insert(resourceSegments)
          .values(segmentIds.map((segmentId) => ({ resourceId, segmentId, isPrimary: false })))
          .onConflictDoNothing();
      }
      if (primaryId) {
        await q
          .update(resourceSegments)
          .set({ isPrimary: sql`${resourceSegments.segmentId} = ${primaryId}::uuid` })
          .where(eq(resourceSegments.resourceId, resourceId));
      }
    },
  };
}

/** Download links, counted downloads and their statistics. */
function downloadQueries(db: Database) {
  return {
    async insertLinks(links: (typeof resourceDownloadLinks.$inferInsert)[]): Promise<void> {
      if (links.length) await db.insert(resourceDownloadLinks).values(links);
    },

    async findLinkByTokenHash(tokenHash: string): Promise<ResourceDownloadLinkRow | undefined> {
      const [row] = await db
        .select()
        .from(resourceDownloadLinks)
        .where(eq(resourceDownloadLinks.tokenHash, tokenHash));
      return row;
    },

    async deleteLinksExpiredBefore(before: Date): Promise<void> {
      await db.delete(resourceDownloadLinks).where(lt(resourceDownloadLinks.expiresAt, before));
    },

    async recordDownload(values: {
      resourceId: string;
      fileId: string;
      email: string | null;
      visitorId: string | null;
    }) {
      await db.transaction(async (tx) => {
        await tx.insert(resourceDownloads).values(values);
        await tx
          .update(resources)
          .set({ downloadCount: sql`${resources.downloadCount} + 1` })
          .where(eq(resources.id, values.resourceId));
      });
    },

    async stats(resourceId: string, days: number) {
      const [window] = rowsOf<{ downloads: number; unique_downloaders: number }>(
        await db.execute(sql`
          select count(*)::int as downloads,
            count(distinct coalesce(email, visitor_id))::int as unique_downloaders
          from ${resourceDownloads}
          where resource_id = ${resourceId}::uuid and downloaded_at >= now() - ${days} * interval '1 day'`),
      );
      const byDay = rowsOf<{ date: string; downloads: number }>(
        await db.execute(sql`
          select to_char(date_trunc('day', downloaded_at at time zone 'UTC'), 'YYYY-MM-DD') as date,
            count(*)::int as downloads
          from ${resourceDownloads}
          where resource_id = ${resourceId}::uuid and downloaded_at >= now() - ${days} * interval '1 day'
          group by 1 order by 1`),
      );
      return { ...window!, by_day: byDay };
    },
  };
}

export type ResourcesRepository = ReturnType<typeof createResourcesRepository>;
