import {
  analyticsRangeQuerySchema,
  conversationDetailSchema,
  conversationListQuerySchema,
  conversationListSchema,
  conversationSearchQuerySchema,
  conversationStatsSchema,
  conversationSummaryAnswerSchema,
  dropOffSchema,
  errorSchema,
  funnelSchema,
  unansweredQuestionsSchema,
  visitorJourneySchema,
} from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnalyticsService } from './analytics.service';

const tags = ['analytics'];
const errors = { 400: errorSchema, 401: errorSchema };
const conversationParams = z.strictObject({ id: z.string().max(100) });

/** The Analytics calls (spec 7): every one needs a session. */
export async function analyticsRoutes(app: FastifyInstance, opts: { analytics: AnalyticsService }) {
  const { analytics } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/analytics/conversations',
    {
      schema: {
        tags,
        querystring: conversationListQuerySchema,
        response: { 200: conversationListSchema, ...errors },
      },
    },
    (request) => analytics.findConversations(request.query),
  );
  r.get(
    '/api/analytics/conversations/search',
    {
      schema: {
        tags,
        querystring: conversationSearchQuerySchema,
        response: { 200: conversationListSchema, ...errors },
      },
    },
    (request) => analytics.findConversations(request.query),
  );
  r.get(
    '/api/analytics/conversations/:id/detail',
    {
      schema: {
        tags,
        params: conversationParams,
        response: { 200: conversationDetailSchema, 404: errorSchema, ...errors },
      },
    },
    (request) => analytics.getConversationDetail(request.params.id),
  );
  r.get(
    '/api/analytics/conversations/:id/summary',
    {
      schema: {
        tags,
        params: conversationParams,
        response: { 200: conversationSummaryAnswerSchema, 404: errorSchema, ...errors },
      },
    },
    (request) => analytics.getConversationSummary(request.params.id),
  );
  r.get(
    '/api/analytics/funnel',
    { schema: { tags, querystring: analyticsRangeQuerySchema, response: { 200: funnelSchema, ...errors } } },
    (request) => analytics.funnel(request.query),
  );
  r.get(
    '/api/analytics/drop-off',
    { schema: { tags, querystring: analyticsRangeQuerySchema, response: { 200: dropOffSchema, ...errors } } },
    (request) => analytics.dropOff(request.query),
  );
  r.get(
    '/api/analytics/conversation-stats',
    {
      schema: {
        tags,
        querystring: analyticsRangeQuerySchema,
        response: { 200: conversationStatsSchema, ...errors },
      },
    },
    (request) => analytics.conversationStats(request.query),
  );
  r.get(
    '/api/analytics/unanswered-questions',
    {
      schema: {
        tags,
        querystring: analyticsRangeQuerySchema,
        response: { 200: unansweredQuestionsSchema, ...errors },
      },
    },
    (request) => analytics.unansweredQuestions(request.query),
  );
  r.get(
    '/api/analytics/visitor-journey/:visitorUuid',
    {
      schema: {
        tags,
        params: z.strictObject({ visitorUuid: z.string().min(1).max(200) }),
        response: { 200: visitorJourneySchema, 404: errorSchema, ...errors },
      },
    },
    (request) => analytics.visitorJourney(request.params.visitorUuid),
  );
}
