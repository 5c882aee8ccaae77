import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../providers/storage/file-storage';
import type { ClearAnalyticsDeps } from './clear-analytics';
import { widgetRoutes } from './widget.routes';
import { createWidgetService, type WidgetService } from './widget.service';

/**
 * The widget's settings, images and themes, the public config the widget and the enrolment form
 * read, and Production Data Management (clearing analytics: `clear` is the other modules' data and
 * the account step-up, handed over by the app).
 */
export async function registerWidgetModule(
  app: FastifyInstance,
  deps: { db: Database; config: AppConfig; storage: FileStorage; clear: Omit<ClearAnalyticsDeps, 'db'> },
): Promise<WidgetService> {
  const { db, config, storage, clear } = deps;
  const widget = createWidgetService({
    db,
    storage,
    analytics: config.enroll.analytics,
    images: { ownOrigin: config.publicUrl ?? null, hosts: config.widgetImageHosts },
    defaultTimeZone: config.schoolTimeZone || 'UTC',
    clear,
    log: app.log,
  });
  await app.register(widgetRoutes, { widget });
  return widget;
}
