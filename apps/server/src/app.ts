import crypto from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { registerApiDocs } from './http/api-docs';
import { registerErrorHandler } from './http/error-handler';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { registerAnalyticsModule } from './modules/analytics/analytics.module';
import { registerAuthModule } from './modules/auth/auth.module';
import { registerCampaignsModule } from './modules/campaigns/campaigns.module';
import { countChatAnalyticsData, countConvertedConversations, deleteChatAnalyticsData } from './modules/chat';
import { createChatModule } from './modules/chat/chat.module';
import { registerDashboardModule } from './modules/dashboard/dashboard.module';
import { registerEmailModule } from './modules/email/email.module';
import { registerEnrollmentModule } from './modules/enrollment/enrollment.module';
import { registerImportsModule } from './modules/imports/imports.module';
import { registerJobsModule } from './modules/jobs/jobs.module';
import { registerKnowledgeModule } from './modules/knowledge/knowledge.module';
import { countAllLeads, deleteAllLeads } from './modules/leads';
import { registerLeadsModule } from './modules/leads/leads.module';
import { countDownloadRecords, deleteDownloadRecords } from './modules/resources';
import { registerResourcesModule } from './modules/resources/resources.module';
import { registerSegmentsModule } from './modules/segments/segments.module';
import { registerSystemModule } from './modules/system/system.module';
import { registerTemplatesModule } from './modules/templates/templates.module';
import { registerWebhooksModule } from './modules/webhooks/webhooks.module';
import { registerWidgetModule } from './modules/widget/widget.module';
import { createAiProvider } from './providers/ai/ai-provider';
import { createEmailProvider, createFileStorage } from './providers/create-providers';
import { createMailerLiteClient } from './providers/mailerlite/mailerlite-client';
import { createImageTextReader } from './providers/ocr/image-text';
import type { AppKeys } from './security/keys';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route and, for a public one, why it answers without a session. */
    routeTable: readonly { method: string; url: string; readonly public: string | undefined }[];
  }
}

export type AppDeps = {
  config: AppConfig;
  database: DatabaseHandle;
  keys: AppKeys;
  logger: Logger;
};

/** Builds the whole HTTP app without listening: server.ts listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, keys } = deps;
  const app = createFastify(deps);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, {
    analyticsOrigin: config.enroll.analytics ? new URL(config.enroll.analytics.scriptUrl).origin : null,
  });
  await app.register(rateLimit, { global: false });
  await registerApiDocs(app);

  // Shared providers, built once; what holds a connection or a worker is released on close.
  const db = database.db;
  const jobs = registerJobsModule(app, { db });
  const storage = createFileStorage(config);
  const emailProvider = createEmailProvider(config);
  app.addHook('onClose', async () => emailProvider.close?.());
  const ai = createAiProvider(config.ai);
  const images = createImageTextReader(ai);
  app.addHook('onClose', async () => images.close());
  const { apiKey, apiUrl } = config.mailerlite;
  const mailerlite = apiKey ? createMailerLiteClient({ apiKey, baseUrl: apiUrl }) : null;

  // Modules, each after the ones it uses; auth first, so every route passes its session check.
  const { twoFactor } = await registerAuthModule(app, { db, config, keys });
  await registerSystemModule(app, { database });
  const segments = await registerSegmentsModule(app, {
    db,
    // Segment analytics and the rule test only read: from the replica when there is one.
    read: database.read,
    jobs,
    mailerlite,
    // Segment analytics count chat's conversations; segments cannot import chat (it uses segments).
    convertedConversations: (query) => countConvertedConversations(database.read, query),
  });
  // Chat in two steps (chat.module.ts): leads shows its history, its conversations make leads.
  const chat = createChatModule(db);
  const leads = await registerLeadsModule(app, {
    db,
    // Lists, counts and exports read from a replica when DATABASE_READ_URL is set (db/client.ts).
    read: database.read,
    segments,
    chat: chat.service,
    // Leads announces its changes inside their transaction; segments re-tags the leads.
    onLeadsChanged: (leadIds, tx) => segments.tagLeads(leadIds, tx),
    onLeadsCreated: (created, tx, now) => segments.tagNewLeads(created, tx, now),
  });
  await registerDashboardModule(app, { db, read: database.read, leads, segments });
  // The school's time zone is a widget setting (SCHOOL_TIME_ZONE its default), read at each call.
  // Reports only read: from the replica when there is one.
  await registerAnalyticsModule(app, { db: database.read, timeZone: () => widget.schoolTimeZone() });
  await registerImportsModule(app, { db, leads });
  await registerWebhooksModule(app, { db, config, jobs, leads });
  const widget = await registerWidgetModule(app, {
    db,
    config,
    storage,
    // Clearing analytics removes chat's and resources' data (and leads when asked) in one
    // transaction after the account's step-up; the widget module cannot import those modules.
    clear: {
      parts: [
        { count: countChatAnalyticsData, clear: deleteChatAnalyticsData },
        { count: countDownloadRecords, clear: deleteDownloadRecords },
      ],
      leads: {
        count: async (q) => ({ leads: await countAllLeads(q) }),
        clear: async (tx) => ({ leads: await deleteAllLeads(tx) }),
      },
      confirmIdentity: (userId, input, ctx) => twoFactor.confirmIdentity(userId, input, ctx),
      twoFactorEnabled: (userId) => twoFactor.isEnabled(userId),
    },
  });
  const email = await registerEmailModule(app, { db, provider: emailProvider, jobs });
  const resources = await registerResourcesModule(app, {
    db,
    config,
    storage,
    segments,
    onLeadDownload: (address) => leads.recordResourceDownload(address),
  });
  await registerEnrollmentModule(app, { config, leads, resources, email, widget });
  const knowledge = await registerKnowledgeModule(app, { db, storage, jobs, ai, images });
  // Campaigns render their emails through this module's service.
  const templates = await registerTemplatesModule(app, { db });
  await registerCampaignsModule(app, {
    db,
    segments,
    templates,
    ai,
    knowledge,
    resources,
    schoolName: async () => (await widget.publicConfig()).school_name,
    approvalLinkDays: config.approvalLinkDays,
    publicUrl: config.publicUrl,
    sendEmail: (kind, message) => email.queue(kind, message),
    // Unsubscribe links are signed with their own key; a parent's unsubscribe goes through leads.
    unsubscribeKey: keys.unsubscribeHmac,
    // Click and open-pixel links are signed with theirs; History days are the school's.
    trackingKey: keys.trackingHmac,
    schoolTimeZone: () => widget.schoolTimeZone(),
    port: config.port,
    leads,
    // Sending (issue 23): the built-in engine over the email provider; schedules are durable jobs.
    sending: {
      provider: emailProvider,
      jobs,
      prepareContent: (source) => templates.prepareContent(source),
      // A campaign's {{resource_link_N}}: each family's own download links, issued at send time.
      resourceLinks: (ids, recipients) => resources.issueForRecipients(ids, recipients),
      rate: config.email.sendRate,
      concurrency: config.email.sendConcurrency,
      pauseAfterFailures: config.email.pauseAfterFailures,
      // MAILERLITE_API_KEY set: MailerLite publishes, schedules and sends campaigns instead.
      mailerlite,
      from: config.email.from,
    },
  });
  await chat.register(app, { config, ai, knowledge, widget, leads, resources });

  await registerWebApp(app, { web: config.webDistDir, widget: config.widgetDistDir });
  return app;
}

/** Fastify with its options, zod schemas, the request id header and the route table. */
function createFastify(deps: AppDeps): FastifyInstance {
  const app: FastifyInstance = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    trustProxy: deps.config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1_048_576,
    // Path parameters longer than find-my-way's default 100 characters (segment names, link tokens).
    routerOptions: { maxParamLength: 1000 },
  });
  // Every registered route, so the security test can walk the whole table.
  const routeTable: FastifyInstance['routeTable'][number][] = [];
  app.addHook('onRoute', (route) => {
    // Read when asked: a plugin's scope may declare its routes public after this hook has run.
    for (const method of [route.method].flat())
      routeTable.push({
        method,
        url: route.url,
        get public() {
          return route.config?.public;
        },
      });
  });
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  return app;
}
