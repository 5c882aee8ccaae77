import { tableBlock, withCaption, type TableBlock } from './table-rows';

/**
 * A document's text as blocks (headings, paragraphs and tables), the shape chunking and Q&A
 * extraction read. Each parser's output is turned into blocks: Markdown here by its syntax, plain
 * text and PDF lines by layout (layout-blocks.ts), DOCX by mammoth's HTML (html-blocks.ts).
 */
export type TextBlock =
  | { kind: 'heading'; level: number; text: string }
  /** `bold`: the whole paragraph is set in bold, a heading by its looks (boldHeadings). */
  | { kind: 'paragraph'; text: string; bold?: boolean }
  | TableBlock;

export const SENTENCE_END = /[.!?:;)"'”’]$/;
export const QA_LINE = /^(q|a|question|answer)\s*[:.)]\s*/i;
export const LIST_ITEM = /^([-*•▪◦]|\d{1,3}[.)])\s+/;

/**
 * Characters that are not seen: a soft hyphen (a word processor's optional break), zero-width
 * spaces and joiners, a byte-order mark. Left in, 'regis\u00adtration' is not 'registration'.
 */
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;
/** A typesetter's ligatures ('\ufb01nancial': fi as one glyph) and hyphens that are not '-'. */
const LIGATURES = /[\ufb00-\ufb06]/g;
const HYPHENS = /[\u2010\u2011]/g;

/**
 * Text as a reader sees it: invisible characters left out (a soft hyphen where a line broke at it
 * is the hyphen it shows), ligatures as their letters, a non-breaking hyphen as a hyphen.
 */
export const readableText = (text: string) =>
  text
    .replace(/\u00ad(?=\s*$)/, '-')
    .replace(INVISIBLE, '')
    .replace(LIGATURES, (c) => c.normalize('NFKC'))
    .replace(HYPHENS, '-');

export const clean = (text: string) =>
  text
    .replace(/[\t\u00a0]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();

/** A short line that reads like a title: no sentence end, few words, starts with a capital or digit. */
export function looksLikeHeading(line: string): boolean {
  if (line.length < 2 || line.length > 90 || SENTENCE_END.test(line)) return false;
  if (QA_LINE.test(line) || LIST_ITEM.test(line)) return false;
  const words = line.split(/\s+/);
  if (words.length > 12) return false;
  return /^[A-Z0-9]/.test(line) && /[A-Za-z]/.test(line);
}

/**
 * A paragraph set wholly in bold that reads like a title ('**Fees and payment**', a Word paragraph
 * in bold) is a heading, one level below the last real heading (a caption before a table stays its
 * caption: run after attachCaptions).
 */
export function boldHeadings(blocks: TextBlock[]): TextBlock[] {
  let level = 0;
  return blocks.map((block) => {
    if (block.kind === 'heading') level = block.level;
    if (block.kind !== 'paragraph' || block.bold === undefined) return block;
    if (block.bold && looksLikeHeading(block.text))
      return { kind: 'heading', level: Math.min(6, level + 1), text: block.text };
    return { kind: 'paragraph', text: block.text };
  });
}

const CAPTION_MAX = 200;

/**
 * A short paragraph right before a table is its caption ("Table 2: Fees", "Our fees are below:"):
 * it moves into the table, so that every part of a table cut across chunks is read under it.
 */
export function attachCaptions(blocks: TextBlock[]): TextBlock[] {
  const out: TextBlock[] = [];
  for (const block of blocks) {
    const previous = out[out.length - 1];
    const isCaption =
      block.kind === 'table' &&
      !block.caption &&
      previous?.kind === 'paragraph' &&
      previous.text.length <= CAPTION_MAX &&
      !previous.text.includes('\n') &&
      !LIST_ITEM.test(previous.text) &&
      !QA_LINE.test(previous.text);
    if (isCaption) out[out.length - 1] = withCaption(block, previous.text);
    else out.push(block);
  }
  return out;
}

const PIPE_SEPARATOR = /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/;
const isPipeRow = (line: string) => line.startsWith('|') || (line.includes(' | ') && line.endsWith('|'));

function pipeCells(line: string): string[] {
  return line
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => clean(cell.replace(/\\\|/g, '|').replace(/\*\*|__|`/g, '')));
}

/** A pipe table at lines[start] (header, separator, rows; or at least two '|' rows): its block and end. */
export function pipeTableAt(lines: string[], start: number): { table: TableBlock; end: number } | null {
  const first = lines[start]!.trim();
  const hasHeader = first.includes('|') && PIPE_SEPARATOR.test(lines[start + 1]?.trim() ?? '');
  if (!hasHeader && !(isPipeRow(first) && isPipeRow(lines[start + 1]?.trim() ?? ''))) return null;
  const grid: string[][] = [pipeCells(first)];
  let i = start + (hasHeader ? 2 : 1);
  for (; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line || !line.includes('|')) break;
    grid.push(pipeCells(line));
  }
  const table = tableBlock(grid, hasHeader ? { hasHeader: true } : {});
  return table ? { table, end: i } : null;
}

/** Markdown: '#' headings (and setext underlines), paragraphs between blank lines, list items kept whole, pipe tables. */
export function markdownBlocks(markdown: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    const text = clean(paragraph.join(' '));
    if (text) blocks.push({ kind: 'paragraph', text });
    paragraph = [];
  };
  /** The words of a line wholly in bold ('**Uniform**'), not of one with bold and plain parts. */
  const boldLine = (line: string) => {
    const inner = /^(\*\*|__)(?=\S)(.+?)(?<=\S)\1$/.exec(line)?.[2];
    return inner && !/\*\*|__/.test(inner) ? inner : undefined;
  };
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const next = lines[i + 1]?.trim() ?? '';
    const atx = /^(#{1,6})\s+(.*?)\s*#*$/.exec(line);
    const table = line.includes('|') ? pipeTableAt(lines, i) : null;
    const bold = boldLine(line);
    if (table) {
      flush();
      blocks.push(table.table);
      i = table.end - 1;
    } else if (atx) {
      flush();
      blocks.push({ kind: 'heading', level: atx[1]!.length, text: clean(atx[2]!.replace(/[*_`]/g, '')) });
    } else if (line && /^(=+|-+)$/.test(next) && paragraph.length === 0) {
      blocks.push({ kind: 'heading', level: next.startsWith('=') ? 1 : 2, text: clean(line) });
      i++;
    } else if (!line || /^(-{3,}|\*{3,}|_{3,})$/.test(line)) {
      flush();
    } else if (bold !== undefined) {
      // A line wholly in bold stands alone: a heading by its looks, or a caption (boldHeadings).
      flush();
      blocks.push({ kind: 'paragraph', text: clean(bold.replace(/`/g, '')), bold: true });
    } else if (LIST_ITEM.test(line) || QA_LINE.test(line)) {
      flush();
      paragraph.push(line.replace(/^[*•▪◦]\s+/, '- ').replace(/\*\*|__|`/g, ''));
    } else {
      paragraph.push(line.replace(/\*\*|__|`/g, ''));
    }
  }
  flush();
  return boldHeadings(attachCaptions(blocks));
}
