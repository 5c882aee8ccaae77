import type { QuestionAnswer } from '@lantern/contracts';
import type { TextBlock } from './text-blocks';

/**
 * Q&A pairs in a document: FAQ-style "Q: ... / A: ..." (or Question:/Answer:), and a question
 * (a heading or short paragraph ending in '?') followed by the paragraph that answers it.
 */
const Q_PREFIX = /^(?:q|question)\s*(?:\d+\s*)?[:.)]\s*/i;
const A_PREFIX = /^(?:a|answer)\s*[:.)]\s*/i;
const MAX_QUESTION = 300;
const MAX_ANSWER = 2000;
const MAX_PAIRS = 500;

const isQuestion = (text: string) => text.length <= MAX_QUESTION && text.trim().endsWith('?');

export function extractQuestionAnswers(blocks: TextBlock[]): QuestionAnswer[] {
  const pairs: QuestionAnswer[] = [];
  const seen = new Set<string>();
  const add = (question: string, answer: string) => {
    const q = question.trim().slice(0, MAX_QUESTION);
    const a = answer.trim().slice(0, MAX_ANSWER);
    const key = q.toLowerCase();
    if (!q || !a || seen.has(key) || pairs.length >= MAX_PAIRS) return;
    seen.add(key);
    pairs.push({ question: q, answer: a });
  };

  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    // A "Q:" paragraph may hold its answer too ("Q: ...? A: ..."), or the next block has it.
    if (block.kind === 'paragraph' && Q_PREFIX.test(block.text)) {
      const body = block.text.replace(Q_PREFIX, '');
      const inline = /^(.*?\?)\s*(?:a|answer)\s*[:.)]\s*(.+)$/is.exec(body);
      if (inline) {
        add(inline[1]!, inline[2]!);
        continue;
      }
      const answer = collectAnswer(blocks, i + 1, true);
      if (answer.text) add(body, answer.text);
      i = answer.end - 1;
      continue;
    }
    const text = block.kind === 'paragraph' ? block.text.replace(/^-\s+/, '') : block.text;
    if (isQuestion(text)) {
      const answer = collectAnswer(blocks, i + 1, false);
      if (answer.text) {
        add(text, answer.text);
        i = answer.end - 1;
      }
    }
  }
  return pairs;
}

/** The answer's paragraphs after a question, up to the next question or heading. */
function collectAnswer(blocks: TextBlock[], start: number, prefixed: boolean): { text: string; end: number } {
  const parts: string[] = [];
  let i = start;
  for (; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (block.kind === 'heading') break;
    if (Q_PREFIX.test(block.text) || (parts.length > 0 && isQuestion(block.text))) break;
    if (!prefixed && parts.length === 0 && isQuestion(block.text)) break;
    parts.push(block.text.replace(A_PREFIX, ''));
    // An unprefixed answer is one paragraph; a prefixed one runs to the next question.
    if (!prefixed) {
      i++;
      break;
    }
  }
  return { text: parts.join('\n'), end: i };
}
