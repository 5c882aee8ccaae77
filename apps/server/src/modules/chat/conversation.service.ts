import crypto from 'node:crypto';
import {
  CHAT_MESSAGES,
  type ChatResource,
  type ConversationContext,
  type WidgetConversation,
  type WidgetMessageResponse,
} from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { BadInputError, NotFoundError } from '../../http/errors';
import type { LeadsService } from '../leads/leads.service';
import type { ResourcesService } from '../resources/resources.service';
import type { ChatRepository } from './chat.repository';
import type { ConversationRow, DialogueState, OfferedResource, StoredMessage } from './chat.tables';
import { parseContext } from './chat.service';
import { withUnanswered, type ChatEngine, type EnginePersona } from './engine';
import { nextField, readyForLead } from './intake';
import { IDLE_MS, statusAt } from './status';

/**
 * The widget's conversations: visits, start or resume, and one parent message -> one answer.
 * The engine (offline or AI) reads and writes; this service stores, makes the lead through the
 * leads service (the enrolment form's upsert: one parent, one lead) and offers resources.
 */

export type ChatPersona = EnginePersona & { welcomeMessage: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** 128 random bits, base64url: a visitor id nobody can guess. */
export const newVisitorId = () => crypto.randomBytes(18).toString('base64url');
/** Control characters (other than line breaks and tabs) are dropped; HTML stays text, never rendered. */
// eslint-disable-next-line no-control-regex -- dropping control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const cleanText = (text: string) => text.replace(CONTROL, '').trim();

const toResource = (r: OfferedResource): ChatResource => ({
  title: r.title,
  description: r.description,
  download_url: r.download_url,
});

export function toWidgetConversation(row: ConversationRow, now = new Date()): WidgetConversation {
  return {
    id: row.id,
    status: statusAt(row, now),
    messages: row.messages.map((m) => ({
      role: m.role === 'user' ? 'user' : 'assistant',
      content: m.content,
      timestamp: m.timestamp ?? row.startedAt.toISOString(),
    })),
    resources: row.resources.map(toResource),
  };
}

const flagsOf = (c: ConversationContext) => ({
  hasName: Boolean(c.parentName),
  hasEmail: Boolean(c.email),
  hasChildInfo: (c.children ?? []).some((ch) => ch.name) || Boolean(c.childName),
});

export function createConversationService(deps: {
  repo: ChatRepository;
  engine: () => ChatEngine;
  persona: () => Promise<ChatPersona>;
  leads: LeadsService;
  resources: ResourcesService;
  log: FastifyBaseLogger;
}) {
  const { repo, leads, resources, log } = deps;
  // One turn at a time per conversation in this process: a double-sent message waits its turn.
  const turns = new Map<string, Promise<unknown>>();
  // Work done after an answer was sent; waited for by `settle` (tests, shutdown).
  const pending = new Set<Promise<void>>();
  function afterAnswer(work: () => Promise<void>) {
    const done = work()
      .catch((error: unknown) =>
        log.error({ err: (error as Error).message }, 'chat: after-answer work failed'),
      )
      .finally(() => pending.delete(done));
    pending.add(done);
  }

  async function ownConversation(id: string, visitorId: string, messages = true): Promise<ConversationRow> {
    const row = UUID.test(id) ? await repo.findForVisitor(id, visitorId, { messages }) : undefined;
    if (!row) throw new NotFoundError(CHAT_MESSAGES.notFound);
    return row;
  }

  /** Creates or updates the lead from the conversation (name, email, a named child known). */
  async function convert(row: ConversationRow, c: ConversationContext, visitorId: string) {
    const upserted = await leads.upsertFromPublicForm({
      email: c.email!,
      parent_name: c.parentName!,
      phone: c.phone ?? null,
      phone_consent: c.phoneConsent === true,
      timeline: c.timeline ?? null,
      biggest_concerns: c.biggestConcerns ?? null,
      visitor_id: visitorId,
      source: 'chat',
      children: (c.children ?? [])
        .filter((ch) => ch.name)
        .map((ch) => ({
          name: ch.name,
          age: ch.age,
          grade: null,
          special_needs: ch.specialNeeds,
          current_support: [],
        })),
    });
    // Resources for the family's segments not offered yet (needs learnt later may add some).
    const segmentIds = upserted.segmentIds ?? (await leads.segmentIdsOf(upserted.leadId));
    const recommended = await resources.recommend(
      segmentIds,
      { leadId: upserted.leadId, email: c.email!, visitorId },
      'chat',
    );
    const offered: OfferedResource[] = recommended
      .filter((r) => !row.resources.some((o) => o.id === r.id))
      .map((r) => ({ id: r.id, title: r.title, description: r.description, download_url: r.downloadUrl }));
    return { leadId: upserted.leadId, offered };
  }

  /**
   * When the lead is written. At once: when it is made, when the parent's name, email or children
   * change (segments and resources follow from them), and when the intake is complete. The other
   * details (phone, consent, timeline, concerns) wait for one of those, or for the sweep once the
   * parent has been quiet a minute: a lead write is the costliest part of a reply.
   */
  function leadSync(
    row: ConversationRow,
    before: ConversationContext,
    dialogue: DialogueState,
    after: ConversationContext,
    intakeComplete: boolean,
  ): 'now' | 'later' | 'none' {
    if (!readyForLead(after)) return 'none';
    if (!row.leadId) return 'now';
    const changed = JSON.stringify(after) !== JSON.stringify(before);
    const key = (c: ConversationContext) => JSON.stringify([c.parentName, c.email, c.children]);
    if (changed && key(after) !== key(before)) return 'now';
    if (intakeComplete && (changed || dialogue.leadStale)) return 'now';
    return changed ? 'later' : 'none';
  }

  async function turn(
    row: ConversationRow,
    content: string,
    onDelta?: (text: string) => void,
  ): Promise<WidgetMessageResponse> {
    const started = new Date();
    const engine = deps.engine();
    const persona = await deps.persona();
    const context = parseContext(row.context) as ConversationContext;
    const input = { text: content, context, dialogue: row.dialogue, history: row.messages, persona };
    const understood = await engine.understand(input);
    const c = understood.context;

    let leadId = row.leadId;
    let offered: OfferedResource[] = [];
    const next = nextField(c, understood.dialogue);
    const sync = leadSync(row, context, understood.dialogue, c, next === null);
    if (sync === 'now') {
      const converted = await convert(row, c, row.visitorId);
      leadId = converted.leadId;
      offered = converted.offered;
    }

    const justConverted = Boolean(leadId) && !row.leadId;
    const reply = await engine.reply({
      ...input,
      understood,
      next,
      resources: offered,
      justConverted,
      onDelta,
    });
    let dialogue: DialogueState = {
      ...understood.dialogue,
      asked: next?.field ?? null,
      childIndex: next?.child ?? null,
      leadStale: sync === 'later' || (sync === 'none' && understood.dialogue.leadStale === true),
    };
    if (reply.unanswered) dialogue = withUnanswered(dialogue, content);

    const now = new Date();
    const userMessage: StoredMessage = { role: 'user', content, timestamp: started.toISOString() };
    const answer = { role: 'assistant' as const, content: reply.text, timestamp: now.toISOString() };
    const newlyConverted = Boolean(leadId) && (!row.completed || row.leadId !== leadId);
    const allResources = [...row.resources, ...offered];
    const status = leadId ? 'converted' : 'in_progress';
    await repo.appendMessages(row.id, [userMessage, answer], {
      context: c,
      dialogue,
      ...flagsOf(c),
      status,
      leadId,
      completed: Boolean(leadId),
      // A completed conversation ends at its last message; an open one has no end yet.
      endedAt: leadId ? now : null,
      lastActivityAt: now,
      resources: allResources,
    });
    if (leadId && newlyConverted) {
      // Engagement (the lead's completed conversations: score and segments follow) and the
      // visitor's link are written after the answer: the parent does not wait for them.
      const convertedLead = leadId;
      afterAnswer(async () => {
        await leads.setCompletedConversations(convertedLead, await repo.countCompletedForLead(convertedLead));
        await repo.linkVisitorToLead(row.visitorId, convertedLead);
      });
    }
    log.debug({ conversationId: row.id, mode: reply.mode, fellBack: reply.fellBack ?? false }, 'chat turn');
    return { message: answer, status, resources: allResources.map(toResource) };
  }

  return {
    async recordVisit(input: { visitor_id?: string; page_url?: string; referrer?: string }) {
      const given = input.visitor_id?.trim();
      const known = given && /^[A-Za-z0-9_-]{16,64}$/.test(given) && (await repo.visitorExists(given));
      const id = known ? given : newVisitorId();
      const visit = await repo.recordVisit(
        id,
        { url: input.page_url || null, referrer: input.referrer || null },
        new Date(),
      );
      return { visitor_id: id, total_visits: visit.totalVisits, is_new_visitor: visit.isNew };
    },

    /** The visitor's open conversation (in progress, or converted and active in the last 30 minutes), else a new one. */
    async startOrResume(visitorId: string): Promise<WidgetConversation> {
      if (!(await repo.visitorExists(visitorId))) throw new BadInputError(CHAT_MESSAGES.visitorInvalid);
      const now = new Date();
      const open = await repo.findResumable(visitorId, new Date(now.getTime() - IDLE_MS));
      if (open) return toWidgetConversation(open, now);
      const persona = await deps.persona();
      const row = await repo.insertConversation({
        sessionId: crypto.randomBytes(16).toString('base64url'),
        visitorId,
        startedAt: now,
        lastActivityAt: now,
        messages: [{ role: 'assistant', content: persona.welcomeMessage, timestamp: now.toISOString() }],
      });
      return toWidgetConversation(row, now);
    },

    /** Resolves when the work started after earlier answers is done. */
    async settle(): Promise<void> {
      await Promise.all([...pending]);
    },

    /** Writes the leads of conversations quiet since `before` whose last details are not on the lead yet. */
    async flushStaleLeads(before: Date): Promise<number> {
      const rows = await repo.findStaleLeadConversations(before, 100);
      for (const row of rows) {
        const c = parseContext(row.context) as ConversationContext;
        const { leadId, offered } = await convert(row, c, row.visitorId);
        await repo.markLeadWritten(row, { leadId, resources: [...row.resources, ...offered] });
      }
      return rows.length;
    },

    async get(id: string, visitorId: string): Promise<WidgetConversation> {
      return toWidgetConversation(await ownConversation(id, visitorId));
    },

    /** One parent message and the bot's answer (streamed through onDelta when given). */
    async send(
      id: string,
      visitorId: string,
      content: string,
      onDelta?: (text: string) => void,
    ): Promise<WidgetMessageResponse> {
      const text = cleanText(content);
      if (!text) throw new BadInputError(CHAT_MESSAGES.contentRequired);
      const previous = turns.get(id) ?? Promise.resolve();
      const current = previous
        .catch(() => undefined)
        .then(async () =>
          turn(await ownConversation(id, visitorId, deps.engine().needsHistory), text, onDelta),
        );
      turns.set(id, current);
      try {
        return await current;
      } finally {
        if (turns.get(id) === current) turns.delete(id);
      }
    },
  };
}

export type ConversationService = ReturnType<typeof createConversationService>;
