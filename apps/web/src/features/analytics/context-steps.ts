import type { ConversationDetail } from '@lantern/contracts';

/** The four things the chatbot gathers, in its order (spec 2.4, Context Evolution). */
export const CONTEXT_STEPS = ['name', 'email', 'child_info', 'phone_consent'] as const;
export type ContextStep = (typeof CONTEXT_STEPS)[number];

export const CONTEXT_STEP_LABELS: Record<ContextStep, string> = {
  name: 'Name',
  email: 'Email',
  child_info: 'Child information',
  phone_consent: 'Phone consent',
};

const isGiven = (value: unknown) =>
  Array.isArray(value) ? value.length > 0 : typeof value === 'string' ? value.trim() !== '' : Boolean(value);

/** Each step completed or not, from the row's flags and the conversation's context. */
export function contextSteps(
  conversation: Pick<ConversationDetail, 'has_name' | 'has_email' | 'has_child_info' | 'context'>,
): Record<ContextStep, boolean> {
  const { context } = conversation;
  return {
    name: conversation.has_name || isGiven(context.parentName),
    email: conversation.has_email || isGiven(context.email),
    child_info: conversation.has_child_info || isGiven(context.children) || isGiven(context.childName),
    phone_consent: context.phoneConsent === true || context.phoneConsent === 'yes',
  };
}

export const completedStepCount = (steps: Record<ContextStep, boolean>) =>
  CONTEXT_STEPS.filter((step) => steps[step]).length;
