import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { AiProvider } from '../../providers/ai/ai-provider';
import type { KnowledgeService } from '../knowledge/knowledge.service';
import type { LeadsService } from '../leads/leads.service';
import type { ResourcesService } from '../resources/resources.service';
import type { WidgetService } from '../widget/widget.service';
import { createAiEngine } from './ai-engine';
import { createChatRepository, type ChatRepository } from './chat.repository';
import { createChatService, type ChatService } from './chat.service';
import { createConversationService, type ChatPersona } from './conversation.service';
import { createOfflineEngine } from './engine';
import type { KnowledgeSearch } from './offline-reply';
import { startAbandonSweep } from './status';
import { widgetChatRoutes } from './widget-chat.routes';

export type ChatConversationDeps = {
  config: AppConfig;
  ai: AiProvider;
  knowledge: KnowledgeService;
  widget: WidgetService;
  leads: LeadsService;
  resources: ResourcesService;
};

/**
 * The chat module, in two steps because leads sits between them: its conversation history (which
 * the leads screens and the dashboard read) exists before leads; its widget conversations, which
 * make leads, are registered once leads and what the chatbot reads exist.
 */
export function createChatModule(db: Database): {
  service: ChatService;
  register: (app: FastifyInstance, deps: ChatConversationDeps) => Promise<void>;
} {
  const repo = createChatRepository(db);
  return {
    service: createChatService(repo),
    register: (app, deps) => registerConversations(app, repo, deps),
  };
}

/** The widget's conversations: routes, engine, and the sweep that runs while the app is up. */
async function registerConversations(app: FastifyInstance, repo: ChatRepository, deps: ChatConversationDeps) {
  const { config, ai, knowledge, widget, leads, resources } = deps;
  // The engine answers from the same search as test-search.
  const search: KnowledgeSearch = async (q) => (await knowledge.search(q)).results;
  const isEnglishWord = (word: string) => knowledge.isEnglishWord(word);
  const offlineEngine = createOfflineEngine(search, isEnglishWord);
  const aiEngine =
    config.chat.engine !== 'offline' && ai.hasChat
      ? createAiEngine({ ai, search, timeoutMs: config.chat.aiTimeoutMs, log: app.log, isEnglishWord })
      : null;
  const conversations = createConversationService({
    repo,
    engine: () => aiEngine ?? offlineEngine,
    persona: () => personaOf(widget),
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
      repo,
      app.log,
      (before) => conversations.flushStaleLeads(before),
      config.chat.sweepSeconds * 1000,
    );
  });
  app.addHook('onClose', async () => {
    stopSweep?.();
    await conversations.settle();
  });
}

/** Who the chatbot is, from the widget's current settings. */
async function personaOf(widget: WidgetService): Promise<ChatPersona> {
  const s = await widget.current();
  return {
    schoolName: s.school_name,
    chatbotName: s.chatbot_name,
    personality: s.chatbot_personality,
    uniqueSellingProposition: s.unique_selling_proposition,
    welcomeMessage: await widget.welcomeMessage(),
  };
}
