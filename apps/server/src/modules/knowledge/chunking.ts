import { KNOWLEDGE_CHUNK_TARGET_TOKENS } from '@lantern/contracts';
import { plainTextBlocks } from './layout-blocks';
import { LIST_ITEM, type TextBlock } from './text-blocks';

/**
 * Splits a document's blocks into chunks of about 600 tokens. Every heading opens its section's
 * text (headings in a row all do), so no word is lost. Short sibling sections share a chunk, whose
 * heading is then the path they have in common; a chunk starts at a heading when the next section
 * does not fit and the chunk holds enough already. Inside a section a chunk ends between paragraphs
 * (or, to fill a chunk still short, between sentences); a sentence too long is cut between words,
 * never inside one. A table row is never cut: a table cut across chunks goes on under its caption,
 * and a chunk cut inside a section starts with the previous chunk's last sentence (a small
 * overlap), so an answer that straddles the cut is found whole in one of them.
 */
export type Chunk = { index: number; heading: string; text: string; tokenCount: number };

export type ChunkOptions = {
  targetTokens?: number;
  /** A chunk holding less than this does not end at a heading: the next section joins it. */
  minSectionTokens?: number;
  overlapTokens?: number;
};

/** Tokens as the usual rule of thumb for English with GPT-style tokenizers: about 4 characters each. */
export function countTokens(text: string): number {
  return Math.max(1, Math.round(text.length / 4));
}

type Unit = {
  text: string;
  tokens: number;
  path: string[];
  /** Headings open this unit: a chunk may start here. */
  opensSection: boolean;
  /** For a unit opening a section: the tokens up to the next heading. */
  sectionTokens: number;
  /** A table row: never split; `table` is its table's caption, carried into a next chunk. */
  table?: { id: number; caption: string };
  /** Put before this unit when it follows another in a chunk ('\n' between a table's rows). */
  glue: string;
};

const SENTENCE_SPLIT = /(?<=[.!?])\s+(?=["“(]?[A-Z0-9])|\n+/;

/** Pieces of at most maxTokens, cut between sentences (and lines), a run-on sentence between words. */
function splitLong(text: string, maxTokens: number): string[] {
  if (countTokens(text) <= maxTokens) return [text];
  const pieces: string[] = [];
  let current = '';
  const push = (part: string, separator: string) => {
    const joined = current ? `${current}${separator}${part}` : part;
    if (countTokens(joined) <= maxTokens || !current) current = joined;
    else {
      pieces.push(current);
      current = part;
    }
  };
  for (const line of text.split('\n'))
    for (const [k, sentence] of line.split(SENTENCE_SPLIT).entries()) {
      const separator = k === 0 ? '\n' : ' ';
      if (countTokens(sentence) <= maxTokens) push(sentence, separator);
      else sentence.split(/\s+/).forEach((word, w) => push(word, w === 0 ? separator : ' '));
    }
  if (current) pieces.push(current);
  return pieces;
}

const followsOnLine = (previous: TextBlock | undefined, block: TextBlock) =>
  previous?.kind === 'paragraph' &&
  block.kind === 'paragraph' &&
  ((LIST_ITEM.test(previous.text) && LIST_ITEM.test(block.text)) ||
    (/^(q|question)\s*[:.)]/i.test(previous.text) && /^(a|answer)\s*[:.)]/i.test(block.text)));

function unitsOf(blocks: TextBlock[], maxTokens: number): Unit[] {
  const units: Unit[] = [];
  const path: { level: number; text: string }[] = [];
  let headings: string[] = []; // the headings not yet written: they open the next unit's text
  let tables = 0;
  let previous: TextBlock | undefined;
  const add = (text: string, unit: Partial<Unit> = {}) => {
    const opensSection = headings.length > 0;
    const full = (opensSection ? `${headings.join('\n')}\n${text}` : text).trim();
    const at = path.map((p) => p.text);
    units.push({
      text: full,
      tokens: countTokens(full),
      path: at,
      opensSection,
      sectionTokens: 0,
      glue: '\n\n',
      ...unit,
    });
    headings = [];
  };
  for (const block of blocks) {
    if (block.kind === 'heading') {
      while (path.length && path[path.length - 1]!.level >= block.level) path.pop();
      path.push({ level: block.level, text: block.text });
      headings.push(block.text);
    } else if (block.kind === 'table') {
      const table = { id: tables++, caption: block.caption || path[path.length - 1]?.text || '' };
      // Caption and header stay with the first row; each row is a line of its own.
      const head = [block.caption, block.header].filter(Boolean).join('\n');
      block.rows.forEach((row, i) => {
        const text = i === 0 && head ? `${head}\n${row}` : row;
        if (countTokens(text) > maxTokens) splitLong(text, maxTokens).forEach((piece) => add(piece));
        else add(text, { table, glue: i === 0 ? '\n\n' : '\n' });
      });
      if (block.rows.length === 0 && head) add(head);
    } else {
      // A list's items, and an answer after its question, follow line by line.
      const glue = followsOnLine(previous, block) ? '\n' : '\n\n';
      splitLong(block.text, maxTokens).forEach((piece, i) => add(piece, { glue: i === 0 ? glue : ' ' }));
    }
    previous = block;
  }
  if (headings.length) add(''); // headings at the very end still reach a chunk
  // Each section's size, read backwards: a unit's tokens plus the rest of its section.
  let rest = 0;
  for (let i = units.length - 1; i >= 0; i--) {
    rest += units[i]!.tokens;
    units[i]!.sectionTokens = rest;
    if (units[i]!.opensSection) rest = 0;
  }
  return units;
}

function lastSentence(text: string, maxTokens: number): string {
  const sentences = text.split(SENTENCE_SPLIT);
  const last = sentences[sentences.length - 1] ?? '';
  return sentences.length > 1 && countTokens(last) <= maxTokens ? last : '';
}

/** The headings every part of a chunk is under. */
function commonPath(paths: string[][]): string[] {
  const [first = [], ...others] = paths;
  let length = first.length;
  for (const path of others) {
    let i = 0;
    while (i < length && path[i] === first[i]) i++;
    length = i;
  }
  return first.slice(0, length);
}

export function chunkBlocks(blocks: TextBlock[], options: ChunkOptions = {}): Chunk[] {
  const target = options.targetTokens ?? KNOWLEDGE_CHUNK_TARGET_TOKENS;
  const minFill = options.minSectionTokens ?? Math.round(target / 2);
  const overlap = options.overlapTokens ?? Math.round(target / 10);
  const chunks: Chunk[] = [];
  let text = '';
  let tokens = 0;
  let paths: string[][] = [];
  let last: Unit | undefined;

  let glue = '\n\n'; // after a carried caption, the table's rows go on line by line
  const close = (carry = '', carryGlue = '\n\n') => {
    const body = text.trim();
    if (body && paths.length)
      chunks.push({
        index: chunks.length,
        heading: commonPath(paths).join(' > '),
        text: body,
        tokenCount: countTokens(body),
      });
    text = carry;
    tokens = carry ? countTokens(carry) : 0;
    paths = [];
    last = undefined;
    glue = carryGlue;
  };
  const append = (unit: Unit) => {
    text = text ? `${text}${last ? unit.glue : glue}${unit.text}` : unit.text;
    tokens = countTokens(text);
    paths.push(unit.path);
    last = unit;
  };
  /** What the next chunk repeats: a cut table's caption, else the last sentence. */
  const carryFor = (next: Unit) => {
    if (next.table && last?.table?.id === next.table.id) return next.table.caption;
    return last && !last.table ? lastSentence(last.text, overlap) : '';
  };

  for (const unit of unitsOf(blocks, target)) {
    if (unit.opensSection && paths.length && tokens + unit.sectionTokens > target && tokens >= minFill)
      close();
    if (paths.length && tokens + unit.tokens > target) {
      const room = target - tokens;
      if (tokens < minFill && !unit.table && room > overlap) {
        // Still short: fill it with the section's first sentences, the rest opens the next chunk.
        const [head, ...tail] = splitLong(unit.text, room);
        // (Only for a real part of it: not just its headings, left at the end of a chunk.)
        if (head && tail.length && countTokens(head) >= overlap) {
          append({ ...unit, text: head });
          const restText = tail.join(' ');
          close(lastSentence(head, overlap));
          append({ ...unit, text: restText, opensSection: false });
          continue;
        }
      }
      if (unit.opensSection) close();
      else close(carryFor(unit), unit.table ? '\n' : '\n\n');
    }
    append(unit);
  }
  close();
  return chunks;
}

/** Chunks of plain text with no structure of its own (an approved image extraction), read by layout. */
export function chunkPlainParagraphs(text: string, heading = '', options: ChunkOptions = {}): Chunk[] {
  const blocks = plainTextBlocks(text);
  if (heading) blocks.unshift({ kind: 'heading', level: 0, text: heading });
  return chunkBlocks(blocks, options);
}
