import { z } from 'zod';

/**
 * The chat widget's public API (no session, under /widget/): visits, conversations and messages.
 * Designed in /work/notes/widget-api.md; the widget (apps/widget) and the server share these schemas.
 */

/** Message content: 1..2000 characters after trim. A body over 16 KB is refused before parsing. */
export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_BODY_MAX_BYTES = 16 * 1024;
/** Server-made visitor ids: 128+ random bits, base64url (22+ characters). */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** A conversation silent this long is abandoned (or, once converted, no longer resumed). */
export const CONVERSATION_IDLE_MINUTES = 30;

export const CONVERSATION_STATUSES = ['converted', 'abandoned', 'in_progress'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const CHAT_MESSAGES = {
  notFound: 'Conversation not found',
  visitorRequired: 'visitor_id is required',
  visitorInvalid: 'Unknown visitor: call POST /widget/visits first',
  contentRequired: 'Please type a message',
  contentTooLong: `Messages can be at most ${CHAT_MESSAGE_MAX} characters`,
  bodyTooLarge: 'The message is too large',
  rateLimited: 'Too many messages. Please wait a moment and try again.',
  failed: 'Sorry, something went wrong. Please try again.',
} as const;

const visitorId = z
  .string({ message: CHAT_MESSAGES.visitorRequired })
  .trim()
  .regex(VISITOR_ID_PATTERN, CHAT_MESSAGES.visitorInvalid);
/** Page addresses are kept for analytics only; long ones are cut rather than refused. */
const pageText = z
  .string()
  .max(4096)
  .transform((v) => v.slice(0, 2048))
  .optional();

/** POST /widget/visits */
export const widgetVisitRequestSchema = z.object({
  visitor_id: z.string().trim().max(64).optional(),
  page_url: pageText,
  referrer: pageText,
});
export type WidgetVisitRequest = z.infer<typeof widgetVisitRequestSchema>;
export const widgetVisitResponseSchema = z.object({
  visitor_id: z.string(),
  total_visits: z.number().int(),
  is_new_visitor: z.boolean(),
});
export type WidgetVisitResponse = z.infer<typeof widgetVisitResponseSchema>;

export const chatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().describe('Plain text: never rendered as HTML'),
  timestamp: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A recommended resource offered in the chat; download_url is a path the widget prefixes with its origin. */
export const chatResourceSchema = z.object({
  title: z.string(),
  description: z.string(),
  download_url: z.string(),
});
export type ChatResource = z.infer<typeof chatResourceSchema>;

export const widgetConversationSchema = z.object({
  id: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  messages: z.array(chatMessageSchema),
  resources: z.array(chatResourceSchema),
});
export type WidgetConversation = z.infer<typeof widgetConversationSchema>;

/** POST /widget/conversations: resume the visitor's open conversation or start one. */
export const widgetConversationStartSchema = z.object({ visitor_id: visitorId });
export const widgetConversationResponseSchema = z.object({ conversation: widgetConversationSchema });
export type WidgetConversationResponse = z.infer<typeof widgetConversationResponseSchema>;

/** GET /widget/conversations/:id?visitor_id=... */
export const widgetConversationParamsSchema = z.object({ id: z.string().max(64) });
export const widgetConversationQuerySchema = z.object({ visitor_id: visitorId });

/** POST /widget/conversations/:id/messages */
export const widgetMessageRequestSchema = z.object({
  visitor_id: visitorId,
  content: z
    .string({ message: CHAT_MESSAGES.contentRequired })
    .trim()
    .min(1, CHAT_MESSAGES.contentRequired)
    .max(CHAT_MESSAGE_MAX, CHAT_MESSAGES.contentTooLong),
});
export type WidgetMessageRequest = z.infer<typeof widgetMessageRequestSchema>;

export const widgetMessageResponseSchema = z.object({
  message: chatMessageSchema.extend({ role: z.literal('assistant') }),
  status: z.enum(CONVERSATION_STATUSES),
  resources: z.array(chatResourceSchema),
});
export type WidgetMessageResponse = z.infer<typeof widgetMessageResponseSchema>;

/** Server-sent events of a streamed answer (Accept: text/event-stream). */
export const chatStreamDeltaSchema = z.object({ text: z.string() });
export const chatStreamErrorSchema = z.object({ error: z.string() });
export type ChatStreamEvent =
  | { event: 'delta'; data: z.infer<typeof chatStreamDeltaSchema> }
  | { event: 'done'; data: WidgetMessageResponse }
  | { event: 'error'; data: z.infer<typeof chatStreamErrorSchema> };

/**
 * What the conversation has learnt (conversations.context), in the spec's field names
 * (document 2, section 3 "Conversation").
 */
export const conversationChildSchema = z.object({
  name: z.string(),
  age: z.number().int().nullable(),
  specialNeeds: z.array(z.string()),
});
export type ConversationChild = z.infer<typeof conversationChildSchema>;
export const conversationContextSchema = z.object({
  parentName: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  children: z.array(conversationChildSchema).optional(),
  childName: z.string().optional(),
  phoneConsent: z.boolean().optional(),
  parentStatus: z.string().optional(),
  timeline: z.string().optional(),
  biggestConcerns: z.string().optional(),
});
export type ConversationContext = z.infer<typeof conversationContextSchema>;
