import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { widgetRoutes } from './widget.routes';
import { createWidgetService, type WidgetService } from './widget.service';

/** The widget's settings and the public config the widget and the enrolment form read. */
export async function registerWidgetModule(
  app: FastifyInstance,
  deps: { db: Database; config: AppConfig },
): Promise<WidgetService> {
  const { db, config } = deps;
  const widget = createWidgetService({
    db,
    analytics: config.enroll.analytics,
    images: { ownOrigin: config.publicUrl ?? null, hosts: config.widgetImageHosts },
  });
  await app.register(widgetRoutes, { widget });
  return widget;
}
