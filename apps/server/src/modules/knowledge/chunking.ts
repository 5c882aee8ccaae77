import { KNOWLEDGE_CHUNK_TARGET_TOKENS } from '@lantern/contracts';
import type { TextBlock } from './text-blocks';

/**
 * Splits a document's blocks into chunks of about 600 tokens. A chunk ends at a section heading
 * when it already holds enough text, else when the next paragraph would take it over the target;
 * a paragraph too long for one chunk is split between sentences, a sentence too long between
 * words: never inside a word. A chunk cut inside a section starts with the previous chunk's last
 * sentence (a small overlap), so an answer that straddles the cut is found whole in one of them.
 */
export type Chunk = { index: number; heading: string; text: string; tokenCount: number };

export type ChunkOptions = { targetTokens?: number; minSectionTokens?: number; overlapTokens?: number };

/** Tokens as the usual rule of thumb for English with GPT-style tokenizers: about 4 characters each. */
export function countTokens(text: string): number {
  return Math.max(1, Math.round(text.length / 4));
}

type Unit = { text: string; tokens: number; headingPath: string; startsSection: boolean };

const SENTENCE_SPLIT = /(?<=[.!?])\s+(?=["“(]?[A-Z0-9])/;

function splitLong(text: string, maxTokens: number): string[] {
  if (countTokens(text) <= maxTokens) return [text];
  const pieces: string[] = [];
  let current = '';
  const push = (part: string) => {
    const joined = current ? `${current} ${part}` : part;
    if (countTokens(joined) <= maxTokens || !current) current = joined;
    else {
      pieces.push(current);
      current = part;
    }
  };
  for (const sentence of text.split(SENTENCE_SPLIT)) {
    if (countTokens(sentence) <= maxTokens) push(sentence);
    else for (const word of sentence.split(/\s+/)) push(word); // a run-on sentence: between words
  }
  if (current) pieces.push(current);
  return pieces;
}

function unitsOf(blocks: TextBlock[], maxTokens: number): Unit[] {
  const units: Unit[] = [];
  const path: { level: number; text: string }[] = [];
  let pendingHeading = false;
  for (const block of blocks) {
    if (block.kind === 'heading') {
      while (path.length && path[path.length - 1]!.level >= block.level) path.pop();
      path.push({ level: block.level, text: block.text });
      pendingHeading = true;
      continue;
    }
    const headingPath = path.map((p) => p.text).join(' > ');
    // The section's heading opens its first chunk's text, as the reader saw it.
    const heading = pendingHeading && path.length ? `${path[path.length - 1]!.text}\n` : '';
    splitLong(block.text, maxTokens).forEach((piece, i) => {
      const text = i === 0 ? `${heading}${piece}` : piece;
      units.push({ text, tokens: countTokens(text), headingPath, startsSection: pendingHeading && i === 0 });
    });
    pendingHeading = false;
  }
  return units;
}

function lastSentence(text: string, maxTokens: number): string {
  const sentences = text.split(SENTENCE_SPLIT);
  const last = sentences[sentences.length - 1] ?? '';
  return sentences.length > 1 && countTokens(last) <= maxTokens ? last : '';
}

export function chunkBlocks(blocks: TextBlock[], options: ChunkOptions = {}): Chunk[] {
  const target = options.targetTokens ?? KNOWLEDGE_CHUNK_TARGET_TOKENS;
  const minSection = options.minSectionTokens ?? Math.round(target / 4);
  const overlap = options.overlapTokens ?? Math.round(target / 10);
  const chunks: Chunk[] = [];
  let parts: string[] = [];
  let tokens = 0;
  let heading = '';
  let fresh = true; // the next unit opens a chunk and names its heading

  const close = () => {
    const text = parts.join('\n\n').trim();
    if (text) chunks.push({ index: chunks.length, heading, text, tokenCount: countTokens(text) });
    parts = [];
    tokens = 0;
    fresh = true;
  };

  for (const unit of unitsOf(blocks, target)) {
    const sectionBreak = unit.startsSection && tokens >= minSection;
    const overflow = tokens > 0 && tokens + unit.tokens > target;
    if (sectionBreak || overflow) {
      const carry =
        !unit.startsSection && overflow ? lastSentence(parts[parts.length - 1] ?? '', overlap) : '';
      close();
      if (carry) {
        parts.push(carry);
        tokens = countTokens(carry);
      }
    }
    if (fresh) heading = unit.headingPath;
    fresh = false;
    parts.push(unit.text);
    tokens += unit.tokens;
  }
  close();
  return chunks;
}

/** Chunks of plain text that has no structure of its own (an approved image extraction). */
export function chunkPlainParagraphs(text: string, heading = '', options: ChunkOptions = {}): Chunk[] {
  const blocks: TextBlock[] = text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean)
    .map((p) => ({ kind: 'paragraph', text: p }));
  if (heading) blocks.unshift({ kind: 'heading', level: 1, text: heading });
  return chunkBlocks(blocks, options);
}
