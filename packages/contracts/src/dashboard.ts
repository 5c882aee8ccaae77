import { z } from 'zod';

export const dashboardSchema = z.object({
  statistics: z.object({
    totalLeads: z.number(),
    newLeadsToday: z.number(),
    completedConversations: z.number(),
    resourceDownloads: z.number(),
    activeSegments: z.number(),
    sentCampaigns: z.number(),
  }),
  recentLeads: z.array(
    z.object({
      id: z.string(),
      child_name: z.string().nullable(),
      parent_name: z.string(),
      email: z.string(),
      lead_score: z.number(),
    }),
  ),
  topSegments: z.array(z.object({ name: z.string(), lead_count: z.number() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
