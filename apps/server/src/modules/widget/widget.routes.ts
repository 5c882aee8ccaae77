import {
  errorSchema,
  widgetPublicConfigSchema,
  widgetSettingsResponseSchema,
  widgetSettingsUpdateSchema,
} from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicRoute } from '../../http/public-routes';
import { allowAnyOrigin } from '../../http/widget-cors';
import type { WidgetService } from './widget.service';

const errors = { 400: errorSchema, 401: errorSchema };

export async function widgetRoutes(app: FastifyInstance, opts: { widget: WidgetService }) {
  allowAnyOrigin(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/widget/config',
    {
      config: publicRoute('branding for the public enrolment form and the widget'),
      schema: {
        tags: ['widget'],
        summary: 'Public branding for the enrolment form and the widget (no token)',
        response: { 200: widgetPublicConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return opts.widget.publicConfig();
    },
  );

  r.get(
    '/api/widget/settings',
    {
      schema: {
        tags: ['widget'],
        summary: 'Every widget setting (spec document 3, 3.6), defaults where none was saved',
        response: { 200: widgetSettingsResponseSchema, ...errors },
      },
    },
    async () => ({ settings: await opts.widget.current() }),
  );

  r.put(
    '/api/widget/settings',
    {
      schema: {
        tags: ['widget'],
        summary: 'Changes the fields given (validated: hex colours, position, border radius, delay, lengths)',
        body: widgetSettingsUpdateSchema,
        response: { 200: widgetSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({ settings: await opts.widget.update(request.body) }),
  );
}
