// What other modules may use of chat besides its service (chat.service.ts): the read interface
// their SQL reads conversations and visitors through (conversation-columns.ts), and how a question's
// subject words are read (question-terms.ts), for grouping questions by what they ask about.
export {
  conversationColumns,
  conversationStatusAt,
  conversationStatusIs,
  conversationsTable,
  visitorColumns,
  visitorsTable,
} from './conversation-columns';
export { stem, subjectWords } from './question-terms';
// A count the app hands to segments' analytics (segments cannot import chat): conversation-counts.ts.
export { countConvertedConversations } from './conversation-counts';
// Clearing analytics (the widget module's Production Data Management), handed over by the app.
export { countChatAnalyticsData, deleteChatAnalyticsData } from './analytics-data';
