import { DASHBOARD_RECENT_LEADS, dashboardSchema, errorSchema, type Dashboard } from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ChatService } from '../chat/chat.service';
import type { LeadsService } from '../leads/leads.service';
import type { SegmentsService } from '../segments/segments.service';

const TOP_SEGMENTS = 5;

export async function dashboardRoutes(
  app: FastifyInstance,
  opts: { leads: LeadsService; chat: ChatService; segments: SegmentsService },
) {
  const { leads, chat, segments } = opts;
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/admin/dashboard',
      { schema: { tags: ['dashboard'], response: { 200: dashboardSchema, 401: errorSchema } } },
      async (): Promise<Dashboard> => {
        const [stats, completed, activeSegments, recent, top] = await Promise.all([
          leads.stats(),
          chat.countCompleted(),
          segments.countActive(),
          leads.recentLeads(DASHBOARD_RECENT_LEADS),
          segments.topByLeads(TOP_SEGMENTS),
        ]);
        return {
          statistics: {
            totalLeads: stats.total,
            newLeadsToday: stats.today,
            completedConversations: completed,
            resourceDownloads: stats.downloads,
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
          topSegments: top.map((s) => ({ name: s.name, lead_count: s.leadCount })),
        };
      },
    );
}
