import type { Resource } from '@lantern/contracts';
import { NotFoundError } from '../../http/errors';
import { recordAuditEvent, type Actor } from '../audit/audit.service';
import type { SegmentsService } from '../segments/segments.service';
import type { ResourcesRepository, ResourceWithFiles } from './resources.repository';

// What every resource use case needs: a resource with its segments' names or a 404, the API's
// shape of it, and its audit events. The use cases are the files beside this one;
// resources.service.ts wires them behind one service.

/** A resource with its files and its segments: the primary one first, then by name. */
export type ResourceWithRelations = Omit<ResourceWithFiles, 'segmentLinks'> & {
  segments: { id: string; name: string; isPrimary: boolean }[];
};

/** What resources reads of segments (the segments service; app.ts wires it). */
export type ResourceSegmentsReader = Pick<
  SegmentsService,
  'existingSegmentIds' | 'segmentIdByName' | 'segmentNames'
>;

/** A segment given by id, or by name on the public side (`undefined` when no segment has it). */
export async function segmentIdOf(segments: ResourceSegmentsReader, segment: string) {
  return /^[0-9a-f-]{36}$/i.test(segment) ? segment : segments.segmentIdByName(segment);
}

export function toResource(row: ResourceWithRelations): Resource {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    priority: row.priority,
    require_email: row.requireEmail,
    is_active: row.isActive,
    file_count: row.files.length,
    download_count: row.downloadCount,
    assigned_segments: row.segments.map((s) => ({ id: s.id, name: s.name, is_primary: s.isPrimary })),
    files: row.files.map((f) => ({ id: f.id, filename: f.filename, file_type: f.fileType, size: f.size })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    metadata: { ...row.metadata, created_by: 'admin', file_count: row.files.length },
  };
}

/** The resources with their segments' names, primary first, then in name order. */
export async function withSegmentNames(
  segments: ResourceSegmentsReader,
  rows: ResourceWithFiles[],
): Promise<ResourceWithRelations[]> {
  const named = await segments.segmentNames([
    ...new Set(rows.flatMap((r) => r.segmentLinks.map((l) => l.id))),
  ]);
  const rank = new Map(named.map((s, i) => [s.id, i]));
  return rows.map(({ segmentLinks, ...row }) => ({
    ...row,
    segments: segmentLinks
      .filter((l) => rank.has(l.id))
      .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || rank.get(a.id)! - rank.get(b.id)!)
      .map((l) => ({ id: l.id, name: named[rank.get(l.id)!]!.name, isPrimary: l.isPrimary })),
  }));
}

/** The resource with its files and segments; NotFoundError when there is none. */
export async function getResourceRow(
  deps: { repo: ResourcesRepository; segments: ResourceSegmentsReader },
  id: string,
): Promise<ResourceWithRelations> {
  const row = await deps.repo.findById(id);
  if (!row) throw new NotFoundError('Resource not found');
  return (await withSegmentNames(deps.segments, [row]))[0]!;
}

/** Records who created or deleted a resource. */
export function recordResourceEvent(
  repo: ResourcesRepository,
  actor: Actor,
  action: 'resource.created' | 'resource.deleted',
  details: Record<string, unknown>,
): Promise<void> {
  return recordAuditEvent(repo.db, { actorId: actor.userId, action, details, ip: actor.ip });
}
