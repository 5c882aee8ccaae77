/** A passage of the knowledge base as the chat's engines receive it from the search. */
export type KnowledgePassage = {
  text: string;
  document: string | null;
  similarity: number;
  /** The question's subject words, their share of its weight, and how this passage matched each. */
  terms?: {
    term: string;
    weight: number;
    via: 'exact' | 'synonym' | 'related' | 'prefix' | 'spelling' | 'range' | null;
    /** Whether the knowledge base uses the word itself anywhere. */
    known?: boolean;
    /** Whether the word names a thing rather than an action or a quality. */
    names?: boolean;
    /** The passage's words that matched it, as written there ('Classes' for 'class'). */
    words?: string[];
  }[];
  /** The passage's words that matched, as written there. */
  highlights?: string[];
};
/** The knowledge base's search, the same as POST /api/knowledge/test-search. */
export type KnowledgeSearch = (q: {
  query: string;
  limit: number;
  threshold: number;
}) => Promise<KnowledgePassage[]>;
