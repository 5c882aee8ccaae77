import { errorSchema, submitLeadResponseSchema, submitLeadSchema } from '@lantern/contracts';
import { publicRoute } from '../../http/public-routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TooManyRequestsError } from '../../http/errors';
import type { EnrollmentService } from './enrollment.service';

export async function enrollmentRoutes(
  app: FastifyInstance,
  opts: { enrollment: EnrollmentService; submissionsPerMinute: number; publicUrl: string | undefined },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const siteUrl = (request: FastifyRequest) => opts.publicUrl ?? `${request.protocol}://${request.host}`;

  r.post(
    '/widget/submit-lead',
    {
      config: {
        ...publicRoute('the public enrolment form'),
        rateLimit: {
          max: opts.submissionsPerMinute,
          timeWindow: '1 minute',
          errorResponseBuilder: (_request, context) => {
            const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
            return new TooManyRequestsError(
              `Too many submissions from this address. Please try again in ${seconds} seconds.`,
              seconds,
            );
          },
        },
      },
      schema: {
        tags: ['enrolment'],
        summary:
          'The public enrolment form (no token): creates or updates the lead, answers recommended resources',
        body: submitLeadSchema,
        response: { 200: submitLeadResponseSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => ({
      success: true as const,
      recommendedResources: await opts.enrollment.submit(request.body, siteUrl(request)),
    }),
  );
}
