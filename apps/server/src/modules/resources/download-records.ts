import { count, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { resourceDownloadLinks, resourceDownloads, resources } from './resources.tables';

type Queryable = Pick<Database, 'select' | 'delete' | 'update'>;

/**
 * Resources' analytics data for the admin's "clear analytics": the download records (and each
 * resource's download counter, which counts them) and the download tokens (links). The resources
 * themselves, their files and segment links are kept. The app hands these to the widget module.
 */
export async function countDownloadRecords(
  q: Queryable,
): Promise<{ resourceDownloads: number; downloadTokens: number }> {
  const [d] = await q.select({ n: count() }).from(resourceDownloads);
  const [l] = await q.select({ n: count() }).from(resourceDownloadLinks);
  return { resourceDownloads: Number(d?.n ?? 0), downloadTokens: Number(l?.n ?? 0) };
}

/** Deletes every download record and token and zeroes the counters (in the caller's transaction). */
export async function deleteDownloadRecords(
  tx: Queryable,
): Promise<{ resourceDownloads: number; downloadTokens: number }> {
  const downloads = await tx.delete(resourceDownloads).returning({ id: resourceDownloads.id });
  const links = await tx.delete(resourceDownloadLinks).returning({ id: resourceDownloadLinks.id });
  await tx
    .update(resources)
    .set({ downloadCount: 0 })
    .where(sql`${resources.downloadCount} <> 0`);
  return { resourceDownloads: downloads.length, downloadTokens: links.length };
}
