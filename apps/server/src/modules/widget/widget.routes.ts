import { widgetConfigSchema } from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WidgetService } from './widget.service';

export async function widgetRoutes(app: FastifyInstance, opts: { widget: WidgetService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/widget/config',
    {
      schema: {
        tags: ['widget'],
        summary: 'Public branding for the enrolment form and the widget (no token)',
        response: { 200: widgetConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return opts.widget.publicConfig();
    },
  );
}
