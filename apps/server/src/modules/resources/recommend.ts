import type { RecommendedResource } from '@lantern/contracts';
import { issueLinks, type IssueLinksDeps } from './download-links';
import type { LinkIssuer } from './download-token';
import { segmentIdOf, type ResourceSegmentsReader } from './resource-records';
import type { ResourcesRepository } from './resources.repository';

// Which resources a lead or a visitor is offered: a lead's segments' resources, each with a link
// issued to the lead (the enrolment form, the chat, emails), and a segment's active resources for
// the public side.

const RECOMMEND_CACHE_MS = 2_000;

/** Whom the server issues a link to: a lead it knows (enrolment, chat, email). */
export type LinkRecipient = { leadId: string; email: string; visitorId: string | null };

export type RecommendationCache = ReturnType<typeof createRecommendationCache>;

/**
 * The resources of a set of segments. Recommendations are read on every enrolment and change
 * rarely: this instance keeps each segment set's answer for a moment, forgotten at once when it
 * changes a resource.
 */
export function createRecommendationCache(repo: ResourcesRepository) {
  const cache = new Map<string, { at: number; rows: Awaited<ReturnType<typeof repo.forSegments>> }>();
  let generation = 0;
  return {
    async read(segmentIds: string[], limit: number) {
      const key = `${limit}:${[...segmentIds].sort().join(',')}`;
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at <= RECOMMEND_CACHE_MS) return hit.rows;
      const readGeneration = generation;
      const at = Date.now();
      const rows = await repo.forSegments(segmentIds, limit);
      if (readGeneration === generation) {
        if (cache.size > 1000) cache.clear();
        cache.set(key, { at, rows });
      }
      return rows;
    },
    /** This instance changed a resource. */
    forget() {
      cache.clear();
      generation++;
    },
  };
}

/** Up to `limit` resources for a lead's segments, each with a link issued to the lead. */
export async function recommend(
  deps: IssueLinksDeps & { recommendations: RecommendationCache },
  segmentIds: string[],
  to: LinkRecipient,
  issuedBy: Exclude<LinkIssuer, 'public'>,
  limit = 3,
): Promise<RecommendedResource[]> {
  const rows = await deps.recommendations.read(segmentIds, limit);
  const links = await issueLinks(
    deps,
    rows.map((r) => r.id),
    to,
    issuedBy,
  );
  return rows.map((r, i) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    downloadUrl: links[i]!.download_url,
  }));
}

/** Active resources of a segment (id or name) for the public side, primary first. */
export async function resourcesBySegment(
  { repo, segments }: { repo: ResourcesRepository; segments: ResourceSegmentsReader },
  segment: string,
  limit: number,
) {
  const segmentId = await segmentIdOf(segments, segment);
  if (!segmentId) return [];
  return (await repo.forSegments([segmentId], limit)).map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    priority: r.priority,
    file_count: r.file_count,
  }));
}
