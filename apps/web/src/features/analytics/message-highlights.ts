import type { AnalyticsMessage } from '@lantern/contracts';

/** What a parent's message gave the chatbot (spec 2.4), in the order they are shown. */
export const HIGHLIGHT_KINDS = ['email', 'name', 'special_needs', 'child', 'phone_consent', 'phone'] as const;
export type HighlightKind = (typeof HIGHLIGHT_KINDS)[number];

export const HIGHLIGHT_LABELS: Record<HighlightKind, string> = {
  email: 'Email address',
  name: 'Name',
  special_needs: 'Special needs',
  child: 'Child',
  phone_consent: 'Phone consent',
  phone: 'Phone number',
};

const EMAIL = /[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/i;
const NAME_PHRASE = /\b(?:my name is|i['’]m|call me)\b/i;
const SPECIAL_NEEDS =
  /\b(?:special[\s-]needs?|autis(?:m|tic)|asd|adhd|dyslexi[ac]|dyspraxia|dyscalculia|ieps?|504 plan|sensory|speech|language delay|learning (?:difference|disabilit(?:y|ies)|disorder)s?|behaviou?ral|anxiety|down syndrome|cerebral palsy|disabilit(?:y|ies))\b/i;
const CHILD =
  /\b(?:child|children|kids?|son|daughter|boy|girl|toddler|teen(?:ager)?|grade|years? old|\d+\s*(?:yo|y\/o))\b/i;
const AGREEMENT =
  /\b(?:yes|yeah|yep|yup|ok|okay|sure|agreed?|absolutely|of course|please do|go ahead|fine)\b/i;
const PHONE_CHANNEL = /\b(?:phone|text|texts|texting|sms|call|calls|calling|ring)\b/i;
/** At least 7 digits, with the usual separators between them. */
const PHONE_NUMBER = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?)?\d(?:[\s.-]?\d){6,13}/;

const hasPhoneNumber = (text: string) => PHONE_NUMBER.test(text.replace(EMAIL, ''));

/** The highlights of one user message; an assistant's message has none. */
export function messageHighlights(message: Pick<AnalyticsMessage, 'role' | 'content'>): HighlightKind[] {
  if (message.role !== 'user') return [];
  const text = message.content;
  const found: Record<HighlightKind, boolean> = {
    email: EMAIL.test(text),
    name: NAME_PHRASE.test(text),
    special_needs: SPECIAL_NEEDS.test(text),
    child: CHILD.test(text),
    phone_consent: AGREEMENT.test(text) && PHONE_CHANNEL.test(text),
    phone: hasPhoneNumber(text),
  };
  return HIGHLIGHT_KINDS.filter((kind) => found[kind]);
}

/**
 * The message that made the lead: the last user message with an email, a phone number or an
 * agreement word, when the conversation has a lead; else -1.
 */
export function leadCreationMessageIndex(messages: readonly AnalyticsMessage[], hasLead: boolean): number {
  if (!hasLead) return -1;
  return messages.findLastIndex(
    (message) =>
      message.role === 'user' &&
      (EMAIL.test(message.content) || hasPhoneNumber(message.content) || AGREEMENT.test(message.content)),
  );
}
