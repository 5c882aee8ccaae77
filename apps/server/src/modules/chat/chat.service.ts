import type { Conversation } from '@lantern/contracts';
import type { ChatRepository } from './chat.repository';
import type { ConversationRow } from './chat.tables';

/** The stored context may be a JSON string (older clients) or an object. */
export function parseContext(context: unknown): Record<string, unknown> {
  if (typeof context === 'string') {
    try {
      const parsed: unknown = JSON.parse(context);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return context && typeof context === 'object' ? (context as Record<string, unknown>) : {};
}

export function toConversation(row: ConversationRow): Conversation {
  const duration = row.endedAt
    ? Math.round((row.endedAt.getTime() - row.startedAt.getTime()) / 60_000)
    : null;
  return {
    id: row.id,
    session_id: row.sessionId,
    started_at: row.startedAt.toISOString(),
    ended_at: row.endedAt?.toISOString() ?? null,
    completed: row.completed,
    messages: row.messages.map((m) => ({ role: m.role, content: m.content, timestamp: m.timestamp ?? null })),
    context: parseContext(row.context),
    message_count: row.messages.length,
    duration_minutes: duration,
  };
}

export function createChatService(repo: ChatRepository) {
  return {
    async conversationsForLead(leadId: string): Promise<Conversation[]> {
      return (await repo.findConversationsForLead(leadId)).map(toConversation);
    },
    countCompleted: () => repo.countCompleted(),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
