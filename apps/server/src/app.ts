import crypto from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { registerApiDocs } from './http/api-docs';
import { registerAuthentication } from './http/authenticate';
import { registerErrorHandler } from './http/error-handler';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createLoginThrottle } from './modules/auth/login-throttle';
import { createTwoFactorService } from './modules/auth/two-factor.service';
import { twoFactorRoutes } from './modules/auth/two-factor.routes';
import { createChatRepository } from './modules/chat/chat.repository';
import { createChatService } from './modules/chat/chat.service';
import { createAiEngine } from './modules/chat/ai-engine';
import { createConversationService } from './modules/chat/conversation.service';
import { createOfflineEngine } from './modules/chat/engine';
import type { KnowledgeSearch } from './modules/chat/offline-reply';
import { startAbandonSweep } from './modules/chat/status';
import { widgetChatRoutes } from './modules/chat/widget-chat.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { createImportsService } from './modules/imports/imports.service';
import { createLeadExportService } from './modules/imports/lead-export.service';
import { createEmailService } from './modules/email/email.service';
import { emailRoutes } from './modules/email/email.routes';
import { createEnrollmentService } from './modules/enrollment/enrollment.service';
import { enrollmentRoutes } from './modules/enrollment/enrollment.routes';
import { createJobQueue } from './modules/jobs/job-queue';
import { createKnowledgeRepository } from './modules/knowledge/knowledge.repository';
import { knowledgeRoutes } from './modules/knowledge/knowledge.routes';
import { createKnowledgeService } from './modules/knowledge/knowledge.service';
import { createAiProvider } from './providers/ai/ai-provider';
import { createImageTextReader } from './providers/ocr/image-text';
import { createResourcesRepository } from './modules/resources/resources.repository';
import { resourcesRoutes } from './modules/resources/resources.routes';
import { createResourcesService } from './modules/resources/resources.service';
import { createWidgetService } from './modules/widget/widget.service';
import { widgetRoutes } from './modules/widget/widget.routes';
import { createEmailProvider, createFileStorage } from './providers/create-providers';
import { createLeadsRepository } from './modules/leads/leads.repository';
import { leadsRoutes } from './modules/leads/leads.routes';
import { createLeadsService } from './modules/leads/leads.service';
import { createSegmentsRepository } from './modules/segments/segments.repository';
import { segmentsRoutes } from './modules/segments/segments.routes';
import { createSegmentsService, REEVALUATE_JOB } from './modules/segments/segments.service';
import { systemRoutes } from './modules/system/system.routes';
import { createMailerLiteClient } from './providers/mailerlite/mailerlite-client';
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
  const app: FastifyInstance = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
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

  registerErrorHandler(app);
  await registerSecurityHeaders(app, {
    analyticsOrigin: config.enroll.analytics ? new URL(config.enroll.analytics.scriptUrl).origin : null,
  });
  await app.register(rateLimit, { global: false });
  await registerApiDocs(app);

  const db = database.db;
  const repo = createAuthRepository(db, { sessionCacheSeconds: config.session.cacheSeconds });
  const throttle = createLoginThrottle(repo);
  const twoFactor = createTwoFactorService({ db, repo, keys, throttle });
  const auth = createAuthService({ db, repo, config, throttle, twoFactor });
  registerAuthentication(app, auth);

  await app.register(systemRoutes, { database });
  await app.register(authRoutes, { auth });
  await app.register(twoFactorRoutes, { twoFactor });

  // Background work: durable jobs in the same database, run while the app is up.
  const jobs = createJobQueue(db, app.log);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());

  const mailerlite = config.mailerlite.apiKey
    ? createMailerLiteClient({ apiKey: config.mailerlite.apiKey, baseUrl: config.mailerlite.apiUrl })
    : null;
  const segmentsService = createSegmentsService({
    repo: createSegmentsRepository(db),
    jobs,
    mailerlite,
    log: app.log,
  });
  jobs.register(REEVALUATE_JOB, () => segmentsService.reevaluateAll());
  const chat = createChatService(createChatRepository(db));
  const leads = createLeadsService({
    db,
    repo: createLeadsRepository(db),
    segments: segmentsService,
    chat,
    // Leads announces its changes inside their transaction; segments re-tags the leads.
    onLeadsChanged: (leadIds, tx) => segmentsService.tagLeads(leadIds, tx),
    onLeadsCreated: (created, tx, now) => segmentsService.tagNewLeads(created, tx, now),
  });
  await app.register(leadsRoutes, { leads });
  await app.register(segmentsRoutes, { segments: segmentsService, db });
  await app.register(dashboardRoutes, { leads, chat, segments: segmentsService });
  await app.register(importsRoutes, {
    imports: createImportsService({ leads }),
    exporter: createLeadExportService({ db, leads }),
  });

  const widget = createWidgetService({
    db,
    analytics: config.enroll.analytics,
    images: { ownOrigin: config.publicUrl ?? null, hosts: config.widgetImageHosts },
  });
  const emailProvider = createEmailProvider(config);
  app.addHook('onClose', async () => emailProvider.close?.());
  const email = createEmailService({ db, provider: emailProvider, jobs, log: app.log });
  const resources = createResourcesService({
    repo: createResourcesRepository(db),
    storage: createFileStorage(config),
    linkDays: config.downloadLinkDays,
    log: app.log,
    onLeadDownload: (address) => leads.recordResourceDownload(address),
    segments: segmentsService,
  });
  await app.register(widgetRoutes, { widget });
  await app.register(emailRoutes, { email });
  await app.register(resourcesRoutes, { resources, db });
  await app.register(enrollmentRoutes, {
    enrollment: createEnrollmentService({ leads, resources, email, widget, log: app.log }),
    submissionsPerMinute: config.enroll.submissionsPerMinute,
    publicUrl: config.publicUrl,
  });

  const ai = createAiProvider(config.ai);
  const imageText = createImageTextReader(ai);
  app.addHook('onClose', async () => imageText.close());
  const knowledge = createKnowledgeService({
    repo: createKnowledgeRepository(db),
    storage: createFileStorage(config),
    jobs,
    ai,
    images: imageText,
    log: app.log,
  });
  await app.register(knowledgeRoutes, { knowledge });

  // The widget's conversations: the engine answers from the same search as test-search.
  const chatRepo = createChatRepository(db);
  const search: KnowledgeSearch = async (q) => (await knowledge.search(q)).results;
  const offlineEngine = createOfflineEngine(search);
  const aiEngine =
    config.chat.engine !== 'offline' && ai.hasChat
      ? createAiEngine({ ai, search, timeoutMs: config.chat.aiTimeoutMs, log: app.log })
      : null;
  const conversations = createConversationService({
    repo: chatRepo,
    engine: () => aiEngine ?? offlineEngine,
    persona: async () => {
      const s = await widget.current();
      return {
        schoolName: s.school_name,
        chatbotName: s.chatbot_name,
        personality: s.chatbot_personality,
        uniqueSellingProposition: s.unique_selling_proposition,
        welcomeMessage: await widget.welcomeMessage(),
      };
    },
    leads,
    resources,
    log: app.log,
  });
  await app.register(widgetChatRoutes, {
    conversations,
    limits: {
      messagesPerMinutePerVisitor: config.chat.messagesPerMinutePerVisitor,
      requestsPerMinutePerAddress: config.chat.requestsPerMinutePerAddress,
    },
  });
  let stopSweep: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stopSweep = startAbandonSweep(
      chatRepo,
      app.log,
      (before) => conversations.flushStaleLeads(before),
      config.chat.sweepSeconds * 1000,
    );
  });
  app.addHook('onClose', async () => {
    stopSweep?.();
    await conversations.settle();
  });

  await registerWebApp(app, { web: config.webDistDir, widget: config.widgetDistDir });
  return app;
}
