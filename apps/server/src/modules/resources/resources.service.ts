import type { Resource, ResourceStats, ResourceUpdateInput } from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../providers/storage/file-storage';
import type { Actor } from '../audit/audit.service';
import { createExpiredLinkPurge, generateToken, openDownload, redeemLink } from './download-links';
import { newDownloadToken, type LinkIssuer } from './download-token';
import { createRecommendationCache, recommend, resourcesBySegment, type LinkRecipient } from './recommend';
import { assignResourceSegments, deleteResource, updateResource } from './resource-editing';
import {
  getResourceRow,
  segmentIdOf,
  toResource,
  withSegmentNames,
  type ResourceSegmentsReader,
} from './resource-records';
import type { ResourcesRepository } from './resources.repository';
import type { ResourceDownloadLinkRow } from './resources.tables';
import { createResourceFromUpload, type UploadPart } from './upload';

// The resources module's service: what routes and other modules call. Each use case is a file
// of its own (upload, resource-editing, download-links, recommend); this file wires them to the
// module's dependencies and keeps one surface.

export { LinkProblem } from './download-links';
export type { LinkRecipient } from './recommend';
export type { ResourceSegmentsReader, ResourceWithRelations } from './resource-records';
export type { UploadPart } from './upload';

export function createResourcesService(deps: {
  repo: ResourcesRepository;
  storage: FileStorage;
  linkDays: number;
  log: FastifyBaseLogger;
  /** Counts a parent's download on their lead (score and dashboard). */
  onLeadDownload: (email: string) => Promise<void>;
  segments: ResourceSegmentsReader;
}) {
  const { repo, storage, log, segments } = deps;
  const recommendations = createRecommendationCache(repo);
  const editing = { repo, storage, segments, log, forgetRecommendations: recommendations.forget };
  const links = { ...deps, purgeExpiredLinks: createExpiredLinkPurge(repo), recommendations };

  return {
    async list(filter: { category?: string; segment?: string }): Promise<Resource[]> {
      let segmentId: string | undefined;
      const segment = filter.segment && filter.segment !== 'all' ? filter.segment : undefined;
      if (segment) {
        segmentId = await segmentIdOf(segments, segment);
        if (!segmentId) return [];
      }
      const category = filter.category && filter.category !== 'all' ? filter.category : undefined;
      return (await withSegmentNames(segments, await repo.list({ category, segmentId }))).map(toResource);
    },

    get: async (id: string) => toResource(await getResourceRow(editing, id)),

    /** A multipart upload: text fields, repeated segment_ids, then the files (see upload.ts). */
    createFromUpload: (parts: AsyncIterable<UploadPart>, actor: Actor) =>
      createResourceFromUpload(editing, parts, actor),
    update: (id: string, input: ResourceUpdateInput) => updateResource(editing, id, input),
    /** Deletes the resource and its stored files, and records who did it. */
    delete: (id: string, actor: Actor) => deleteResource(editing, id, actor),
    assignSegments: (
      id: string,
      segmentIds: string[],
      clearExisting: boolean,
      primaryId: string | null | undefined,
    ) => assignResourceSegments(editing, id, segmentIds, clearExisting, primaryId),

    async files(id: string) {
      return toResource(await getResourceRow(editing, id)).files;
    },

    async stats(id: string, days: number): Promise<ResourceStats> {
      const resource = await getResourceRow(editing, id);
      const window = await repo.stats(id, days);
      return {
        resource_id: id,
        days,
        downloads: window.downloads,
        unique_downloaders: window.unique_downloaders,
        all_time_downloads: resource.downloadCount,
        by_day: window.by_day,
      };
    },

    /** An expiring link for anyone who asks (never counted on a lead). */
    generateToken: (resourceId: string, email: string | null, visitorId: string | null) =>
      generateToken(links, resourceId, email, visitorId),
    /** Active resources of a segment (id or name) for the public side, primary first. */
    bySegment: (segment: string, limit: number) => resourcesBySegment(deps, segment, limit),
    /** Up to `limit` resources for a lead's segments, each with a link issued to the lead. */
    recommend: (
      segmentIds: string[],
      to: LinkRecipient,
      issuedBy: Exclude<LinkIssuer, 'public'>,
      limit?: number,
    ) => recommend(links, segmentIds, to, issuedBy, limit),
    /**
     * Each campaign recipient's own links to these resources, issued to the lead by email (a
     * campaign's {{resource_link_N}}): one insert for the whole batch; a resource that no longer
     * exists gets no link (its placeholder renders empty). Paths, in the order of the ids.
     */
    async issueForRecipients(
      resourceIds: string[],
      recipients: { leadId: string; email: string }[],
    ): Promise<Map<string, string[]>> {
      const existing = new Set(
        (await Promise.all([...new Set(resourceIds)].map((id) => repo.findById(id).catch(() => undefined))))
          .filter((r) => r !== undefined)
          .map((r) => r.id),
      );
      const expiresAt = new Date(Date.now() + deps.linkDays * 86_400_000);
      const rows: Parameters<ResourcesRepository['insertLinks']>[0] = [];
      const out = new Map<string, string[]>();
      for (const r of recipients)
        out.set(
          r.leadId,
          resourceIds.map((resourceId) => {
            if (!existing.has(resourceId)) return '';
            const { token, tokenHash } = newDownloadToken();
            rows.push({
              tokenHash,
              resourceId,
              leadId: r.leadId,
              email: r.email,
              visitorId: null,
              issuedBy: 'email',
              expiresAt,
            });
            return `/api/resources/download/${token}`;
          }),
        );
      await repo.insertLinks(rows);
      return out;
    },
    /** A link's row, resource and file; a LinkProblem for anything a visitor should be told. */
    redeem: (token: string, fileId: string | undefined) => redeemLink(repo, token, fileId),
    /** Streams a redeemed link's file and counts the download. */
    openDownload: (
      link: ResourceDownloadLinkRow,
      resourceId: string,
      file: { id: string; storageKey: string },
    ) => openDownload(deps, link, resourceId, file),
  };
}

export type ResourcesService = ReturnType<typeof createResourcesService>;
