import type { ConversationChild, ConversationContext } from '@lantern/contracts';
import type { DialogueState } from './chat.tables';
import { extractFields, findBareAge, findPhone, isNo, isYes, titleCase, type Extraction } from './extract';

/**
 * The intake dialogue: what the bot still needs, asked one thing at a time, and how an answer
 * (a full sentence or a bare 'Sam' / '7' / 'yes' to the last question) changes the context.
 * Pure functions: the engine (offline or AI) calls them, the service stores the result.
 */

export type IntakeField =
  | 'name'
  | 'email'
  | 'childName'
  | 'childAge'
  | 'childNeeds'
  | 'moreChildren'
  | 'phone'
  | 'phoneConsent'
  | 'timeline'
  | 'concerns';

export type Understood = {
  context: ConversationContext;
  dialogue: DialogueState;
  extraction: Extraction;
  /** Something to tell the parent about their answer ('that email looks incomplete'). */
  notes: string[];
  /** Fields learnt this turn (for a short thank-you). */
  learnt: string[];
  /** The AI provider already failed this turn: the answer is written offline without waiting again. */
  providerFailed?: boolean;
  /** The parent's name was taken from a bare reply to the name question ('Maria', or 'Uniform'). */
  bareName?: boolean;
};

const SKIP =
  /^(?:skip|pass|rather not|prefer not|i'?d rather not|no thanks|not now|later|i don'?t want to)\b/i;
const NAME_ANSWER = /^[A-Za-z][A-Za-z'’-]*(?:\s+[A-Za-z][A-Za-z'’-]*){0,3}[.!]?$/;
const NOT_A_NAME = /^(?:hi|hello|hey|yes|no|ok|okay|thanks|thank you|sure|none|nope|maybe)\b/i;

export const isDone = (d: DialogueState, key: string) => (d.done ?? []).includes(key);
const markDone = (d: DialogueState, key: string): DialogueState =>
  isDone(d, key) ? d : { ...d, done: [...(d.done ?? []), key] };

/** The next thing to ask, in order; null when the intake is complete. */
export function nextField(
  c: ConversationContext,
  d: DialogueState,
): { field: IntakeField; child: number | null } | null {
  if (!c.parentName && !isDone(d, 'name')) return { field: 'name', child: null };
  if (!c.email && !isDone(d, 'email')) return { field: 'email', child: null };
  const children = c.children ?? [];
  if (children.length === 0 && !isDone(d, 'children')) return { field: 'childName', child: 0 };
  if (d.expectChild) return { field: 'childName', child: children.length };
  for (const [i, child] of children.entries()) {
    if (child.age === null && !isDone(d, `age:${i}`)) return { field: 'childAge', child: i };
    if (child.specialNeeds.length === 0 && !isDone(d, `needs:${i}`)) return { field: 'childNeeds', child: i };
  }
  if (children.length > 0 && !isDone(d, 'moreChildren')) return { field: 'moreChildren', child: null };
  if (!c.phone && !isDone(d, 'phone')) return { field: 'phone', child: null };
  if (c.phone && c.phoneConsent === undefined && !isDone(d, 'phoneConsent'))
    return { field: 'phoneConsent', child: null };
  if (!c.timeline && !isDone(d, 'timeline')) return { field: 'timeline', child: null };
  if (!c.biggestConcerns && !isDone(d, 'concerns')) return { field: 'concerns', child: null };
  return null;
}

/** Whether the conversation knows enough for a lead: name, email and at least one named child. */
export const readyForLead = (c: ConversationContext) =>
  Boolean(c.parentName && c.email && (c.children ?? []).some((ch) => ch.name));

function withChild(
  children: ConversationChild[],
  name: string | null,
  age: number | null,
): ConversationChild[] {
  const i = name ? children.findIndex((c) => c.name.toLowerCase() === name.toLowerCase()) : -1;
  if (i >= 0) return children.map((c, j) => (j === i ? { ...c, age: age ?? c.age } : c));
  if (!name) return children;
  return [...children, { name, age, specialNeeds: [] }];
}

function addNeed(children: ConversationChild[], index: number, need: string): ConversationChild[] {
  return children.map((c, j) =>
    j === index && !c.specialNeeds.includes(need) ? { ...c, specialNeeds: [...c.specialNeeds, need] } : c,
  );
}

/** Where the family stands (the context's parentStatus), read from their timeline. */
export function parentStatusOf(timeline: string): 'ready_to_enroll' | 'planning' | 'exploring' {
  if (/immediately/i.test(timeline)) return 'ready_to_enroll';
  if (/exploring|not sure/i.test(timeline)) return 'exploring';
  return 'planning';
}

/** The answer was about something else (an email, a phone...), not the question asked. */
const saidSomethingElse = (ex: Extraction) =>
  Boolean(
    ex.email ||
    ex.invalidEmail ||
    ex.phone ||
    ex.parentName ||
    ex.children.length ||
    ex.timeline ||
    ex.phoneConsent !== undefined,
  );

/** Reads one parent message against what was asked last, and returns the new context. */
export function understand(text: string, context: ConversationContext, dialogue: DialogueState): Understood {
  const ex = extractFields(text, {
    parentName: context.parentName,
    childNames: (context.children ?? []).map((c) => c.name),
  });
  return applyExtraction(text, ex, context, dialogue);
}

/** One message as read against the last question: what every field's rule looks at. */
type Turn = {
  ex: Extraction;
  asked: IntakeField | null;
  askedChild: number | null;
  /** The message, trimmed. */
  plain: string;
  /** The message answers the bot's question rather than asking one of its own. */
  answersQuestion: boolean;
  notes: string[];
  learnt: string[];
  bareName?: boolean;
};

/**
 * Applies one message to the context: each field from what the message says outright, else from
 * a bare answer to the question just asked ('Sam', '7', 'yes'). The rules, field by field, are the
 * functions below; the order matters only where a later rule reads an earlier one's result.
 */
export function applyExtraction(
  text: string,
  ex: Extraction,
  context: ConversationContext,
  dialogue: DialogueState,
): Understood {
  const c: ConversationContext = { ...context, children: [...(context.children ?? [])] };
  const turn: Turn = {
    ex,
    asked: (dialogue.asked ?? null) as IntakeField | null,
    askedChild: dialogue.childIndex ?? null,
    plain: text.trim(),
    answersQuestion: !ex.isQuestion,
    notes: [],
    learnt: [],
  };
  let d: DialogueState = { ...dialogue, done: [...(dialogue.done ?? [])] };
  applyName(c, turn);
  applyEmail(c, turn);
  const before = c.children!.length;
  c.children = childrenOf(c.children!, turn);
  if (c.children.length > before) turn.learnt.push('child');
  ({ children: c.children, dialogue: d } = needsOf(c.children, d, turn));
  if (c.children[0]) c.childName = c.children[0].name;
  applyPhone(c, turn);
  applyPlans(c, turn);
  d = closeAskedField(d, turn.asked, turn.askedChild, turn.plain, c, c.children.length > before);
  return {
    context: c,
    dialogue: d,
    extraction: ex,
    notes: turn.notes,
    learnt: turn.learnt,
    ...(turn.bareName ? { bareName: true } : {}),
  };
}

function applyName(c: ConversationContext, turn: Turn) {
  const { ex, asked, plain, answersQuestion, learnt } = turn;
  if (ex.parentName && ex.parentName !== c.parentName) {
    c.parentName = ex.parentName;
    learnt.push('name');
  } else if (
    asked === 'name' &&
    !c.parentName &&
    answersQuestion &&
    NAME_ANSWER.test(plain) &&
    !NOT_A_NAME.test(plain)
  ) {
    c.parentName = titleCase(plain.replace(/[.!]$/, ''));
    learnt.push('name');
    turn.bareName = true;
  }
}

function applyEmail(c: ConversationContext, { ex, asked, plain, answersQuestion, notes, learnt }: Turn) {
  if (ex.email) {
    if (ex.email !== c.email) learnt.push('email');
    c.email = ex.email;
  } else if (ex.invalidEmail) {
    notes.push(
      `Hmm, "${ex.invalidEmail}" doesn't look like a complete email address. Could you check it and send it again?`,
    );
  } else if (
    asked === 'email' &&
    answersQuestion &&
    !SKIP.test(plain) &&
    !isNo(plain) &&
    learnt.length === 0
  ) {
    notes.push("I didn't catch an email address there. Could you type it like name@example.com?");
  }
}

/** The children named or aged in the message, or given as a bare answer ('Sam and Ava', '7'). */
function childrenOf(
  start: ConversationChild[],
  { ex, asked, askedChild, plain, answersQuestion }: Turn,
): ConversationChild[] {
  let children = start;
  for (const mention of ex.children) {
    if (mention.name) children = withChild(children, mention.name, mention.age);
    else if (mention.age !== null) {
      // 'He is 7': the child being asked about, else the only child without an age.
      const target =
        asked === 'childAge' && askedChild !== null
          ? askedChild
          : children.findIndex((ch) => ch.age === null);
      if (target >= 0 && children[target])
        children = children.map((ch, j) => (j === target ? { ...ch, age: mention.age } : ch));
    }
  }
  if (asked === 'childName' && ex.children.length === 0 && answersQuestion && !SKIP.test(plain)) {
    for (const name of plain.replace(/[.!]$/, '').split(/\s*(?:,|&|\band\b)\s*/)) {
      if (NAME_ANSWER.test(name) && !NOT_A_NAME.test(name) && name.split(/\s+/).length <= 2)
        children = withChild(children, titleCase(name), null);
    }
  }
  if (asked === 'childAge' && askedChild !== null && children[askedChild]?.age === null) {
    const age = findBareAge(plain);
    if (age !== null) children = children.map((ch, j) => (j === askedChild ? { ...ch, age } : ch));
  }
  return children;
}

/** Needs: the child named in the sentence, else the one asked about, else the only child. */
function needsOf(
  start: ConversationChild[],
  dialogue: DialogueState,
  { ex, asked, askedChild, plain, answersQuestion }: Turn,
): { children: ConversationChild[]; dialogue: DialogueState } {
  let children = start;
  let d = dialogue;
  for (const { need, childName } of ex.specialNeeds) {
    let target = childName ? children.findIndex((ch) => ch.name === childName) : -1;
    if (target < 0)
      target = asked === 'childNeeds' && askedChild !== null ? askedChild : children.length === 1 ? 0 : -1;
    if (target >= 0) {
      children = addNeed(children, target, need);
      d = markDone(d, `needs:${target}`);
    }
  }
  if (asked === 'childNeeds' && askedChild !== null && children[askedChild] && answersQuestion) {
    if (ex.noNeeds || SKIP.test(plain) || ex.specialNeeds.length > 0) d = markDone(d, `needs:${askedChild}`);
    else if (plain.length > 0 && !saidSomethingElse(ex)) {
      // Something we have no word for: kept as 'Other' (the words stay in the transcript for staff).
      children = addNeed(children, askedChild, 'Other');
      d = markDone(d, `needs:${askedChild}`);
    }
  }
  return { children, dialogue: d };
}

function applyPhone(c: ConversationContext, { ex, asked, plain, answersQuestion, notes, learnt }: Turn) {
  if (ex.phone) {
    if (ex.phone !== c.phone) learnt.push('phone');
    c.phone = ex.phone;
  } else if (asked === 'phone' && /\d/.test(plain) && !findPhone(plain)) {
    notes.push('That number looks too short. Could you send the full phone number, with the area code?');
  }
  if (ex.phoneConsent !== undefined) c.phoneConsent = ex.phoneConsent;
  else if (asked === 'phoneConsent' && answersQuestion) {
    if (isYes(plain)) c.phoneConsent = true;
    else if (isNo(plain)) c.phoneConsent = false;
  }
}

/** The family's timeline (and so their status) and their biggest concern. */
function applyPlans(c: ConversationContext, { ex, asked, plain, answersQuestion }: Turn) {
  if (ex.timeline) c.timeline = ex.timeline;
  else if (asked === 'timeline' && answersQuestion && !SKIP.test(plain) && plain.length <= 80)
    c.timeline = plain;
  if (c.timeline) c.parentStatus = parentStatusOf(c.timeline);
  if (ex.biggestConcerns) c.biggestConcerns = ex.biggestConcerns;
  else if (asked === 'concerns' && answersQuestion && !SKIP.test(plain) && !isNo(plain))
    c.biggestConcerns = plain.slice(0, 500);
}

/** A skipped question (or a plain 'no' to 'any other children?') is not asked again. */
function closeAskedField(
  d: DialogueState,
  asked: IntakeField | null,
  child: number | null,
  plain: string,
  c: ConversationContext,
  addedChild: boolean,
): DialogueState {
  if (!asked) return d;
  const skipped = SKIP.test(plain);
  const key: Record<IntakeField, string> = {
    name: 'name',
    email: 'email',
    childName: 'children',
    childAge: `age:${child ?? 0}`,
    childNeeds: `needs:${child ?? 0}`,
    moreChildren: 'moreChildren',
    phone: 'phone',
    phoneConsent: 'phoneConsent',
    timeline: 'timeline',
    concerns: 'concerns',
  };
  if (asked === 'moreChildren' && isYes(plain) && !addedChild) return { ...d, expectChild: true };
  if (asked === 'childName' && d.expectChild) {
    if (addedChild) return { ...d, expectChild: false };
    if (skipped || isNo(plain)) return markDone({ ...d, expectChild: false }, 'moreChildren');
  }
  if (skipped) return markDone(d, key[asked]);
  if (asked === 'moreChildren' && isNo(plain)) return markDone(d, 'moreChildren');
  if (asked === 'phoneConsent' && c.phoneConsent !== undefined) return markDone(d, 'phoneConsent');
  if (asked === 'phone' && isNo(plain)) return markDone(d, 'phone');
  return d;
}
