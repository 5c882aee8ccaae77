import { DASHBOARD_RECENT_LEADS, dashboardSchema, errorSchema, type Dashboard } from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { COMPACT_AFTER_ROWS, foldCountersSoon, readCounters } from '../../db/stat-counters';
import type { LeadsService } from '../leads/leads.service';
import type { SegmentsService } from '../segments/segments.service';

const TOP_SEGMENTS = 5;

export async function dashboardRoutes(
  app: FastifyInstance,
  opts: { db: Database; read: Database; leads: LeadsService; segments: SegmentsService },
) {
  const { db, read, leads, segments } = opts;
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/admin/dashboard',
      { schema: { tags: ['dashboard'], response: { 200: dashboardSchema, 401: errorSchema } } },
      async (request): Promise<Dashboard> => {
        const [counters, today, activeSegments, recent, rankable] = await Promise.all([
          readCounters(read),
          leads.countNewToday(),
          segments.countActive(),
          leads.recentLeads(DASHBOARD_RECENT_LEADS),
          segments.rankableSegments(),
        ]);
        // One fold at a time per instance; another instance's fold at the same time is harmless.
        if (counters.rows > COMPACT_AFTER_ROWS)
          void foldCountersSoon(db, (error) =>
            request.log.warn({ err: error }, 'folding the counters failed'),
          );
        const top = rankable
          .map((s) => ({ name: s.name, lead_count: counters.segmentMembers.get(s.id) ?? 0 }))
          .sort((a, b) => b.lead_count - a.lead_count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
          .slice(0, TOP_SEGMENTS);
        return {
          statistics: {
            totalLeads: counters.leads,
            newLeadsToday: today,
            completedConversations: counters.completedConversations,
            resourceDownloads: counters.leadDownloads,
            activeSegments,
            // Campaign sending arrives with the campaigns module; until then none can have been sent.
            sentCampaigns: 0,
          },
          recentLeads: recent.map((l) => ({
            id: l.id,
            child_name: l.children[0]?.name ?? null,
            parent_name: l.parentName,
            email: l.email,
            lead_score: l.leadScore,
          })),
          topSegments: top,
        };
      },
    );
}
