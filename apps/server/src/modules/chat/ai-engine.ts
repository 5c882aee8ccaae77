import { ADMIN_SPECIAL_NEEDS, adminSpecialNeed, CHILD_AGE_MAX, CHILD_AGE_MIN } from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AiProvider, ChatMessage } from '../../providers/ai/ai-provider';
import {
  createOfflineEngine,
  lookUp,
  unlessASubject,
  type ChatEngine,
  type ReplyInput,
  type TurnInput,
} from './engine';
import { extractFields, findEmail, findPhone, findTimeline, type Extraction } from './extract';
import { createFactGate, type FactSources } from './fact-check';
import { applyExtraction, type Understood } from './intake';
import { questionFor, resourcesText, type KnowledgePassage, type KnowledgeSearch } from './offline-reply';

/**
 * The AI mode: the school's persona, the retrieved passages ('answer only from these') and the
 * next intake question go to an OpenAI-compatible model; a second, JSON-only call extracts the
 * fields, validated by zod and checked against the patterns. Any failure (timeout, HTTP error, bad
 * JSON) falls back to the offline engine for that turn, so the parent is always answered. So does
 * an answer holding a price, number, date, time or name the passages (or the parent) never gave
 * (fact-check.ts): the parent gets the offline quote, or "I don't know".
 */

const HISTORY_TURNS = 12;

/** What the model may tell us; anything else (or anything malformed) is ignored. */
const aiFieldsSchema = z.object({
  parentName: z.string().trim().min(1).max(120).nullish(),
  email: z.string().trim().max(254).nullish(),
  phone: z.string().trim().max(40).nullish(),
  phoneConsent: z.boolean().nullish(),
  children: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(60),
        age: z.number().int().min(CHILD_AGE_MIN).max(CHILD_AGE_MAX).nullish(),
        specialNeeds: z.array(z.string().max(80)).max(10).nullish(),
      }),
    )
    .max(10)
    .nullish(),
  timeline: z.string().trim().max(80).nullish(),
  biggestConcerns: z.string().trim().max(500).nullish(),
  isQuestion: z.boolean().nullish(),
});

/** The model's fields merged into the pattern extraction: patterns win where both found something. */
export function mergeAiFields(text: string, patterns: Extraction, raw: unknown): Extraction {
  const parsed = aiFieldsSchema.safeParse(raw);
  if (!parsed.success) return patterns;
  const ai = parsed.data;
  // The model's email and phone must pass the same checks as a typed one.
  const email = ai.email ? findEmail(ai.email).email : undefined;
  const phone = ai.phone ? findPhone(ai.phone) : undefined;
  const children = [...patterns.children];
  const needs = [...patterns.specialNeeds];
  for (const child of ai.children ?? []) {
    // A name the parent never wrote is not taken: the model may not invent a child.
    if (!new RegExp(`\\b${child.name.replace(/[^A-Za-z'’ -]/g, '')}\\b`, 'i').test(text)) continue;
    // Nor an age the parent never wrote.
    const age = child.age != null && new RegExp(`\\b${child.age}\\b`).test(text) ? child.age : null;
    const known = children.findIndex((c) => c.name?.toLowerCase() === child.name.toLowerCase());
    if (known < 0) children.push({ name: child.name, age });
    else if (children[known]!.age === null) children[known] = { ...children[known]!, age };
    for (const need of child.specialNeeds ?? []) {
      const known = adminSpecialNeed(need);
      if (known && (ADMIN_SPECIAL_NEEDS as readonly string[]).includes(known))
        needs.push({ need: known, childName: child.name });
    }
  }
  return {
    ...patterns,
    parentName: patterns.parentName ?? ai.parentName ?? undefined,
    email: patterns.email ?? email,
    phone: patterns.phone ?? phone,
    phoneConsent: patterns.phoneConsent ?? ai.phoneConsent ?? undefined,
    children,
    specialNeeds: needs,
    timeline: patterns.timeline ?? (ai.timeline ? (findTimeline(ai.timeline) ?? ai.timeline) : undefined),
    biggestConcerns: patterns.biggestConcerns ?? ai.biggestConcerns ?? undefined,
    isQuestion: patterns.isQuestion || ai.isQuestion === true,
  };
}

const EXTRACTION_PROMPT = `Extract what this parent message says about the family. Answer with one JSON object with these keys (null when not said): parentName, email, phone, phoneConsent (true if they agree to text messages, false if they refuse), children (array of {name, age, specialNeeds}), timeline, biggestConcerns, isQuestion (true if they ask something). Special needs use these words: ${ADMIN_SPECIAL_NEEDS.join(', ')}. Never guess.`;

export function systemPrompt(input: ReplyInput, passages: KnowledgePassage[]): string {
  const { persona, next, resources, understood } = input;
  const lines = [
    `You are ${persona.chatbotName}, the admissions assistant of ${persona.schoolName}.`,
    persona.personality ? `Personality: ${persona.personality}` : 'Be warm, brief and professional.',
    persona.uniqueSellingProposition
      ? `What makes the school special: ${persona.uniqueSellingProposition}`
      : '',
    'Answer questions about the school ONLY from these passages. If they do not contain the answer, say plainly that you do not know and offer to pass the question to the admissions staff. Never invent facts about the school. Write prices, dates, times, numbers and names exactly as the passages do; an answer with a figure or a name the passages do not hold is not shown to the parent.',
    passages.length
      ? passages
          .map((p, i) => `Passage ${i + 1} (${p.document ?? 'knowledge base'}):\n${p.text}`)
          .join('\n\n')
      : 'Passages: none found for this message.',
    understood.notes.length ? `Tell the parent: ${understood.notes.join(' ')}` : '',
    input.justConverted || resources.length
      ? `Tell the parent: ${resourcesText(understood.context, resources, input.justConverted)}`
      : '',
    next
      ? `Then ask exactly one question, this one: ${questionFor(next.field, next.child, understood.context)}`
      : 'You have all the details you need; do not ask for more.',
    'Keep the reply under 120 words. Plain text, no HTML.',
  ];
  return lines.filter(Boolean).join('\n\n');
}

export function createAiEngine(deps: {
  ai: AiProvider;
  search: KnowledgeSearch;
  timeoutMs: number;
  log: FastifyBaseLogger;
  isEnglishWord?: (word: string) => boolean;
}): ChatEngine {
  const { ai, search, timeoutMs, log, isEnglishWord = () => false } = deps;
  const offline = createOfflineEngine(search, isEnglishWord);
  const history = (input: TurnInput): ChatMessage[] =>
    input.history.slice(-HISTORY_TURNS).map((m) => ({
      role: m.role === 'user' ? 'user' : 'assistant',
      content: m.content,
    }));

  return {
    mode: 'ai',
    needsHistory: true,

    async understand(input) {
      const patterns = extractFields(input.text, {
        parentName: input.context.parentName,
        childNames: (input.context.children ?? []).map((c) => c.name),
      });
      let understood: Understood;
      try {
        const { content } = await ai.chat({
          messages: [
            { role: 'system', content: EXTRACTION_PROMPT },
            { role: 'user', content: input.text },
          ],
          responseFormat: 'json',
          temperature: 0,
          signal: AbortSignal.timeout(timeoutMs),
        });
        const merged = mergeAiFields(input.text, patterns, JSON.parse(content) as unknown);
        understood = applyExtraction(input.text, merged, input.context, input.dialogue);
      } catch (error) {
        log.warn({ err: (error as Error).message }, 'chat: AI extraction failed, patterns only');
        // A model that answered with something unreadable may still write; one that failed may not.
        return { ...(await offline.understand(input)), providerFailed: !(error instanceof SyntaxError) };
      }
      return unlessASubject(search, isEnglishWord, input.context, understood, input.text);
    },

    async reply(input) {
      if (input.understood.providerFailed) return { ...(await offline.reply(input)), fellBack: true };
      const { passages, answer } = await lookUp(search, input.understood, input.text);
      const system = systemPrompt(input, passages);
      const messages: ChatMessage[] = [
        { role: 'system', content: system },
        ...history(input),
        { role: 'user', content: input.text },
      ];
      // Only sentences whose facts the passages hold reach the parent (streamed as they pass).
      const gate = createFactGate(factSources(input, system), input.onDelta);
      const stop = new AbortController();
      try {
        const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), stop.signal]);
        if (input.onDelta) {
          for await (const delta of ai.chatStream({ messages, temperature: 0.3, signal }))
            if (!gate.push(delta)) break;
        } else {
          gate.push((await ai.chat({ messages, temperature: 0.3, signal })).content);
        }
        if (gate.finish()) {
          if (!gate.sent.trim()) throw new Error('empty reply');
          return { text: gate.sent.trim(), mode: 'ai', unanswered: answer?.answered === false };
        }
        log.warn({ refused: gate.refused.slice(0, 5) }, 'chat: AI answer held facts not in the passages');
        return afterAi(input, gate.sent);
      } catch (error) {
        log.warn({ err: (error as Error).message }, 'chat: AI reply failed, offline answer');
        return afterAi(input, gate.sent);
      } finally {
        stop.abort();
      }
    },
  };

  /** The offline reply (the quote, or "I don't know"), after whatever checked text was already streamed. */
  async function afterAi(input: ReplyInput, streamed: string) {
    const fallback = await offline.reply({ ...input, onDelta: undefined });
    const before = streamed.trim();
    input.onDelta?.(before ? `\n\n${fallback.text}` : fallback.text);
    return { ...fallback, text: before ? `${before}\n\n${fallback.text}` : fallback.text, fellBack: true };
  }
}

/** What the model was given (the school's words) and what the parent said, for the fact check. */
function factSources(input: ReplyInput, system: string): FactSources {
  const c = input.understood.context;
  const said = (role: string) =>
    input.history
      .filter((m) => m.role === role)
      .map((m) => m.content)
      .join('\n');
  return {
    school: `${system}\n${said('assistant')}`,
    parent: [
      said('user'),
      input.text,
      c.parentName ?? '',
      c.email ?? '',
      c.phone ?? '',
      ...(c.children ?? []).flatMap((ch) => [ch.name, ch.age === null ? '' : String(ch.age)]),
    ].join('\n'),
  };
}
