export const KNOWLEDGE_TABS = ['documents', 'extractions', 'chunks'] as const;
export type KnowledgeTab = (typeof KNOWLEDGE_TABS)[number];
