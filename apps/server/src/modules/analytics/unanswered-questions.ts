import {
  UNANSWERED_CONVERSATIONS_SHOWN,
  UNANSWERED_WORDINGS_SHOWN,
  type UnansweredQuestion,
} from '@lantern/contracts';
import { stem, subjectWords } from '../chat';

/** One time a question went unanswered: the conversation it was asked in, and when. */
export type UnansweredAsking = {
  question: string;
  conversation_id: string;
  started_at: Date | string;
  asked_at: Date | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();
const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * What makes two wordings "similar": the same set of subject words (chat's subjectWords: lowercased,
 * asking words and punctuation dropped), each lightly stemmed, in any order. "What are the fees?"
 * and "Fees??" share the key "fee"; a question with no subject word groups by its own text.
 */
export function similarityKey(question: string): string {
  const stems = [...new Set(subjectWords(question).map(stem))].sort();
  return stems.length ? stems.join(' ') : tidy(question).toLowerCase();
}

/** The askings grouped by similar wording, most asked first (then the most recently asked). */
export function groupUnanswered(askings: UnansweredAsking[]): UnansweredQuestion[] {
  const groups = new Map<string, UnansweredAsking[]>();
  for (const a of askings) {
    if (!tidy(a.question)) continue;
    const key = similarityKey(a.question);
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  return [...groups.values()]
    .map(toGroup)
    .sort((x, y) => y.count - x.count || y.last_asked_at.localeCompare(x.last_asked_at));
}

function toGroup(askings: UnansweredAsking[]): UnansweredQuestion {
  // Distinct wordings (ignoring case and spacing), the most used first, then the most recent.
  const wordings = new Map<string, { text: string; n: number; last: string }>();
  for (const a of askings) {
    const text = tidy(a.question);
    const seen = wordings.get(text.toLowerCase());
    const at = iso(a.asked_at);
    if (seen) wordings.set(text.toLowerCase(), { text: seen.text, n: seen.n + 1, last: max(seen.last, at) });
    else wordings.set(text.toLowerCase(), { text, n: 1, last: at });
  }
  const byUse = [...wordings.values()].sort((x, y) => y.n - x.n || y.last.localeCompare(x.last));

  const conversations = new Map<string, string>();
  for (const a of askings) conversations.set(a.conversation_id, iso(a.started_at));
  const newest = [...conversations]
    .map(([id, started_at]) => ({ id, started_at }))
    .sort((x, y) => y.started_at.localeCompare(x.started_at) || y.id.localeCompare(x.id));

  return {
    question: byUse[0]!.text,
    count: askings.length,
    wordings: byUse.slice(0, UNANSWERED_WORDINGS_SHOWN).map((w) => w.text),
    conversations: newest.slice(0, UNANSWERED_CONVERSATIONS_SHOWN),
    last_asked_at: askings.map((a) => iso(a.asked_at)).reduce(max),
  };
}

const max = (a: string, b: string) => (a > b ? a : b);
