// What other modules may use of chat besides its service (chat.service.ts): the read interface
// their SQL reads conversations and visitors through (conversation-columns.ts).
export {
  conversationColumns,
  conversationStatusAt,
  conversationsTable,
  visitorColumns,
  visitorsTable,
} from './conversation-columns';
