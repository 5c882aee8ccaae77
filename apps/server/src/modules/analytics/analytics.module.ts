import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createAnalyticsRepository } from './analytics.repository';
import { createSummaryReads } from './analytics-summaries';
import { analyticsRoutes } from './analytics.routes';
import { createAnalyticsService, type AnalyticsService } from './analytics.service';

/**
 * Conversation analytics: it reads conversations, visitors and leads through chat's and leads' read
 * interfaces, and its own hourly summaries of them (analytics.tables.ts, kept by the database); dates are in the school's time zone, read at each call
 * (`timeZone`: the widget settings' school_time_zone, whose default is SCHOOL_TIME_ZONE).
 */
export async function registerAnalyticsModule(
  app: FastifyInstance,
  deps: { db: Database; timeZone: () => string | Promise<string> },
): Promise<AnalyticsService> {
  const analytics = createAnalyticsService(
    createAnalyticsRepository(deps.db),
    deps.timeZone,
    createSummaryReads(deps.db),
  );
  await app.register(analyticsRoutes, { analytics });
  return analytics;
}
