import type { ConversationContext } from '@lantern/contracts';
import type { DialogueState, StoredMessage } from './chat.tables';
import { lookUp, unlessASubject } from './knowledge-lookup';
import { nextField, understand, type IntakeField, type Understood } from './intake';
import { composeOfflineReply, type KnowledgeSearch, type OfferedResourceText } from './offline-reply';

/**
 * The conversation engine: one interface, two modes. Offline (default): patterns and the intake
 * dialogue, answers quoted from the knowledge base. AI (ai-engine.ts): an OpenAI-compatible model
 * writes the words and extracts the fields, and falls back to offline for any turn it fails.
 */

export type EnginePersona = {
  schoolName: string;
  chatbotName: string;
  personality: string | null;
  uniqueSellingProposition: string | null;
};

export type TurnInput = {
  text: string;
  context: ConversationContext;
  dialogue: DialogueState;
  history: StoredMessage[];
  persona: EnginePersona;
};

export type ReplyInput = TurnInput & {
  understood: Understood;
  next: { field: IntakeField; child: number | null } | null;
  /** Resources offered for the first time in this turn (empty when none). */
  resources: OfferedResourceText[];
  /** The conversation made its lead in this turn. */
  justConverted: boolean;
  /** Called with the reply's text as it is written (server-sent events); the whole text is returned too. */
  onDelta?: (text: string) => void;
};

export type EngineReply = {
  text: string;
  mode: 'offline' | 'ai';
  /** The AI failed this turn and the offline engine answered. */
  fellBack?: boolean;
  /** A question the knowledge base had nothing for (passed on to staff). */
  unanswered?: boolean;
};

export interface ChatEngine {
  readonly mode: 'offline' | 'ai';
  /** Whether it reads the transcript (the AI's context); the offline engine does not. */
  readonly needsHistory: boolean;
  understand(input: TurnInput): Promise<Understood>;
  reply(input: ReplyInput): Promise<EngineReply>;
}

/** Remembers a question nobody could answer, for the admissions staff (at most 20 kept). */
export function withUnanswered(d: DialogueState, question: string): DialogueState {
  return { ...d, unanswered: [...(d.unanswered ?? []), question.slice(0, 500)].slice(-20) };
}

/**
 * isEnglishWord: whether a word is English (WordNet), to tell a subject typed in reply to the name
 * question from a name (knowledge-lookup.ts, unlessASubject); without it every reply is a name.
 */
export function createOfflineEngine(
  search: KnowledgeSearch,
  isEnglishWord: (word: string) => boolean = () => false,
): ChatEngine {
  return {
    mode: 'offline',
    needsHistory: false,
    async understand(input) {
      const understood = understand(input.text, input.context, input.dialogue);
      return unlessASubject(search, isEnglishWord, input.context, understood, input.text);
    },
    async reply(input) {
      const { answer } = await lookUp(search, input.understood, input.text);
      const text = composeOfflineReply({
        text: input.text,
        understood: input.understood,
        answer: answer?.text ?? null,
        resources: input.resources,
        justConverted: input.justConverted,
        next: input.next,
        persona: input.persona,
      });
      input.onDelta?.(text);
      return {
        text,
        mode: 'offline',
        unanswered: answer?.answered === false,
      };
    },
  };
}

export { nextField };
export { lookUp, queryOf, unlessASubject, type KnowledgeLookup } from './knowledge-lookup';
