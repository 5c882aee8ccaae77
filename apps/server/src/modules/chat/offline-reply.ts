import type { ConversationContext } from '@lantern/contracts';
import type { IntakeField, Understood } from './intake';
import type { KnowledgePassage } from './knowledge-passage';
import { answerFrom } from './passage-answer';

/**
 * The offline engine's words: answers quoted from the knowledge base (never invented), and the
 * intake questions, asked one at a time.
 */

export type { KnowledgePassage, KnowledgeSearch } from './knowledge-passage';

export type Persona = { schoolName: string; chatbotName: string };
export type OfferedResourceText = { title: string; description: string };

const first = (name: string | undefined) => (name ?? '').split(/\s+/)[0] ?? '';

export function questionFor(field: IntakeField, child: number | null, c: ConversationContext): string {
  const childName = child !== null ? (c.children?.[child]?.name ?? 'your child') : 'your child';
  switch (field) {
    case 'name':
      return 'May I ask your name?';
    case 'email':
      return `What's the best email address to reach you${c.parentName ? `, ${first(c.parentName)}` : ''}?`;
    case 'childName':
      return (c.children ?? []).length > 0
        ? "What's your other child's first name?"
        : "Could you tell me your child's first name? If you have more than one, tell me about each of them.";
    case 'childAge':
      return `How old is ${childName}?`;
    case 'childNeeds':
      return `Does ${childName} have any special needs or learning differences we should know about (for example autism, ADHD, dyslexia or a speech delay)? It's fine to say none.`;
    case 'moreChildren':
      return 'Do you have any other children you would like us to know about?';
    case 'phone':
      return "What's the best phone number to reach you on? You can say skip if you'd rather not.";
    case 'phoneConsent':
      return 'Is it okay for our admissions team to text you at that number?';
    case 'timeline':
      return 'When are you hoping to start: immediately, in a few months, in six months, next year, or are you just exploring?';
    case 'concerns':
      return "Last question: what's your biggest concern or hope for your child's schooling?";
  }
}

/** The quote that answers the question from the first passage that answers it (passage-answer.ts), or null. */
export function quoteAnswer(question: string, passages: KnowledgePassage[]): string | null {
  const found = answerFrom(question, passages);
  if (!found) return null;
  return found.passage.document
    ? `Here's what our "${found.passage.document}" says: ${found.quote}`
    : `Here's what I found: ${found.quote}`;
}

export function dontKnow(c: ConversationContext): string {
  const reach = c.email
    ? ` They'll reply to ${c.email}.`
    : " If you share your email address, they'll get back to you.";
  return `I'm sorry, I don't have information about that, and I'd rather not guess. I can pass your question on to our admissions team so they can answer you personally.${reach}`;
}

/** The thank-you when the lead is made, and the resources offered (their links come with the answer). */
export function resourcesText(
  c: ConversationContext,
  resources: OfferedResourceText[],
  justConverted: boolean,
): string {
  const thanks = justConverted
    ? `Thank you, ${first(c.parentName)}! I've passed your details to our admissions team.`
    : '';
  if (resources.length === 0) return thanks;
  const list = resources.map((r) => `• ${r.title}${r.description ? `: ${r.description}` : ''}`).join('\n');
  return `${thanks} Here are some resources picked for your family (download links below):\n${list}`.trim();
}

/** One reply: notes on the answer, a thank-you, the knowledge answer, resources, the next question. */
export function composeOfflineReply(input: {
  text: string;
  understood: Understood;
  answer: string | null;
  resources: OfferedResourceText[];
  justConverted: boolean;
  next: { field: IntakeField; child: number | null } | null;
  persona: Persona;
}): string {
  const { understood, answer, resources, justConverted, next, persona } = input;
  const c = understood.context;
  const parts: string[] = [...understood.notes];
  const greeting = /^(?:hi|hello|hey|good (?:morning|afternoon|evening))\b/i.test(input.text.trim());
  if (greeting && understood.learnt.length === 0 && !answer) parts.push('Hello!');
  const offering = justConverted || resources.length > 0;
  if (understood.learnt.includes('name') && !offering)
    parts.push(`Nice to meet you, ${first(c.parentName)}!`);
  else if (understood.learnt.length > 0 && !answer && !offering) parts.push('Thank you!');
  if (answer) parts.push(answer);
  if (offering) parts.push(resourcesText(c, resources, justConverted));
  if (next) parts.push(questionFor(next.field, next.child, c));
  else if (!answer && !offering)
    parts.push(`Thank you! Is there anything else you'd like to know about ${persona.schoolName}?`);
  return parts.join('\n\n');
}
