import type { Resource, ResourceUpdateInput } from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { BadInputError, NotFoundError } from '../../http/errors';
import type { FileStorage } from '../../providers/storage/file-storage';
import type { Actor } from '../audit/audit.service';
import {
  getResourceRow,
  recordResourceEvent,
  toResource,
  type ResourceSegmentsReader,
} from './resource-records';
import type { ResourcesRepository } from './resources.repository';

// Changing, reassigning and deleting a resource (creating one is upload.ts). Each may change what
// is recommended, so the recommendations this instance keeps are forgotten.

export type ResourceEditingDeps = {
  repo: ResourcesRepository;
  storage: FileStorage;
  segments: ResourceSegmentsReader;
  log: FastifyBaseLogger;
  forgetRecommendations: () => void;
};

export async function updateResource(
  deps: ResourceEditingDeps,
  id: string,
  input: ResourceUpdateInput,
): Promise<Resource> {
  const changed = await deps.repo.update(id, {
    title: input.title,
    description: input.description,
    category: input.category,
    priority: input.priority === undefined ? undefined : Number(input.priority),
    isActive: input.is_active,
    requireEmail: input.require_email,
  });
  if (!changed) throw new NotFoundError('Resource not found');
  deps.forgetRecommendations();
  return toResource(await getResourceRow(deps, id));
}

/**
 * Deletes the resource and then its stored files (a file left behind is logged, not fatal), and
 * records who deleted it.
 */
export async function deleteResource(deps: ResourceEditingDeps, id: string, actor: Actor): Promise<void> {
  const { repo, storage, log } = deps;
  const keys = await repo.delete(id);
  if (!keys) throw new NotFoundError('Resource not found');
  deps.forgetRecommendations();
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  const failed = results.filter((r) => r.status === 'rejected').length;
  if (failed)
    log.warn({ resourceId: id, failed }, 'some stored files of a deleted resource were not removed');
  await recordResourceEvent(repo, actor, 'resource.deleted', { resourceId: id });
}

/** Adds segments to the resource, or replaces them (clearExisting); the primary must be one of them. */
export async function assignResourceSegments(
  deps: ResourceEditingDeps,
  id: string,
  segmentIds: string[],
  clearExisting: boolean,
  primaryId: string | null | undefined,
): Promise<Resource> {
  const { repo, segments } = deps;
  await getResourceRow(deps, id);
  const unique = [...new Set(segmentIds)];
  const known = await segments.existingSegmentIds(unique);
  if (known.length !== unique.length) throw new BadInputError('segment_ids: a segment does not exist');
  const primary = primaryId ?? (clearExisting ? (unique[0] ?? null) : null);
  if (primary && !unique.includes(primary))
    throw new BadInputError('primary_segment_id must be one of segment_ids');
  await repo.transaction((tx) => repo.assignSegments(tx, id, unique, primary, clearExisting));
  deps.forgetRecommendations();
  return toResource(await getResourceRow(deps, id));
}
