import {
  findTables,
  joinHyphenated,
  lineText,
  type IsWord,
  type LayoutLine,
  type LineCell,
} from './layout-tables';
import {
  attachCaptions,
  clean,
  LIST_ITEM,
  looksLikeHeading,
  QA_LINE,
  SENTENCE_END,
  type TextBlock,
} from './text-blocks';

/**
 * Plain text and a PDF's lines as blocks. Tables first (layout-tables.ts). Then headings, only
 * with evidence: on a PDF page a title-like line set larger than the body text; otherwise a short
 * title-like line followed by a paragraph, a list or a table, and not one of a run of three or more
 * such lines (a list, kept as text, one line each). Paragraphs end at blank lines (PDF: larger
 * gaps), list items and Q&A lines, and at a sentence end on a line clearly shorter than the others.
 */

/** Headings of a plain text file in a row, at most; more short lines in a row are a list. */
const MAX_HEADING_RUN = 2;
const MAX_HEADING_CHAIN = 3;
const MAX_LARGER_HEADING = 200;
/** Lines this short around a line are a list, not text wrapped at a width. */
const MIN_WRAP_WIDTH = 35;
/** A line ending in a comma or a little word runs on: it is not a title. */
const WRAPPED_END = /(,|\b(a|an|and|at|by|for|from|in|of|on|or|the|to|with))$/i;

type Item = { kind: 'line'; line: LayoutLine; text: string } | { kind: 'table'; block: TextBlock };

/** Plain text's lines: pieces split at tabs (columns by their order) or at runs of 2+ spaces. */
export function plainTextLines(text: string): LayoutLine[] {
  const lines: LayoutLine[] = [];
  let blank = true;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const cells = raw.includes('\t') ? tabCells(raw) : spacedCells(raw);
    if (cells.length === 0) {
      blank = true;
      continue;
    }
    lines.push({ cells, breakBefore: blank });
    blank = false;
  }
  return lines;
}

function spacedCells(raw: string): LineCell[] {
  const cells: LineCell[] = [];
  for (const match of raw.replace(/\u00a0/g, ' ').matchAll(/\S+(?: \S+)*/g))
    cells.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  return cells;
}

function tabCells(raw: string): LineCell[] {
  const cells: LineCell[] = [];
  let position = 0;
  raw.split('\t').forEach((part, column) => {
    if (column > 0) position = (Math.floor(position / 8) + 1) * 8; // the next tab stop
    const text = clean(part);
    if (text) cells.push({ text, start: position, end: position + part.length, column });
    position += part.length;
  });
  return cells;
}

export function plainTextBlocks(text: string): TextBlock[] {
  return layoutBlocks(plainTextLines(text));
}

/** The font size most of the text outside tables is set in (by characters), if the lines have sizes. */
function bodySizeOf(lines: LayoutLine[]): number | undefined {
  const weight = new Map<number, number>();
  for (const l of lines)
    if (l.size) weight.set(Math.round(l.size), (weight.get(Math.round(l.size)) ?? 0) + lineText(l).length);
  let best: number | undefined;
  for (const [size, n] of weight) if (best === undefined || n > weight.get(best)!) best = size;
  return best;
}

/** isWord: whether a word is English, to join a word broken across a table cell's lines (layout-tables.ts). */
export function layoutBlocks(lines: LayoutLine[], isWord?: IsWord): TextBlock[] {
  const items: Item[] = [];
  let next = 0;
  for (const { start, end, table } of findTables(lines, isWord)) {
    for (; next < start; next++)
      items.push({ kind: 'line', line: lines[next]!, text: clean(lineText(lines[next]!)) });
    items.push({ kind: 'table', block: table });
    next = end;
  }
  for (; next < lines.length; next++)
    items.push({ kind: 'line', line: lines[next]!, text: clean(lineText(lines[next]!)) });
  const textLines = items.flatMap((item) => (item.kind === 'line' ? [item.line] : []));
  return attachCaptions(new LayoutReader(items, bodySizeOf(textLines), isWord).read());
}

type TitleLine = Extract<Item, { kind: 'line' }>;

/** Title-like lines in groups: the lines between blank lines (or paragraph gaps). */
function segmentsOf(run: TitleLine[]): TitleLine[][] {
  const segments: TitleLine[][] = [];
  for (const item of run) {
    if (item.line.breakBefore || segments.length === 0) segments.push([item]);
    else segments[segments.length - 1]!.push(item);
  }
  return segments;
}

/**
 * Which groups are headings: the short groups (at most two adjacent lines, three lines in all)
 * right before what they head, a paragraph or table that follows the run (`headsWhatFollows`) or a
 * list (a group of three lines or more). Other groups are lists.
 */
function headingGroups(segments: TitleLine[][], headsWhatFollows: boolean): Set<number> {
  const headings = new Set<number>();
  const claim = (anchor: number) => {
    let lines = 0;
    for (let k = anchor - 1; k >= 0; k--) {
      const size = segments[k]!.length;
      if (size > MAX_HEADING_RUN || lines + size > MAX_HEADING_CHAIN || headings.has(k)) break;
      headings.add(k);
      lines += size;
    }
  };
  segments.forEach((segment, k) => segment.length > MAX_HEADING_RUN && claim(k));
  if (headsWhatFollows) claim(segments.length);
  return headings;
}

class LayoutReader {
  private readonly blocks: TextBlock[] = [];
  private paragraph: string[] = [];
  private list = false;
  private readonly fullWidth: number;
  /** Without blank lines (or gaps) between paragraphs, a short line ending a sentence ends one. */
  private readonly endsAtShortLines: boolean;
  private readonly headingLevels: number[];

  constructor(
    private readonly items: Item[],
    private readonly bodySize: number | undefined,
    private readonly isWord?: IsWord,
  ) {
    const longest = items.reduce((n, i) => (i.kind === 'line' ? Math.max(n, i.text.length) : n), 40);
    this.fullWidth = longest * 0.8;
    const lines = items.filter((i) => i.kind === 'line');
    this.endsAtShortLines = lines.filter((i) => i.line.breakBefore).length < lines.length * 0.1;
    // Heading levels by size: the largest title-like size is level 1, and so on.
    const sizes = new Set<number>();
    for (const item of items) if (item.kind === 'line' && this.isLarger(item)) sizes.add(this.sizeOf(item));
    this.headingLevels = [...sizes].sort((a, b) => b - a);
  }

  read(): TextBlock[] {
    for (let i = 0; i < this.items.length;) i = this.step(i);
    this.flush();
    return this.blocks;
  }

  private sizeOf = (item: Item) => (item.kind === 'line' ? Math.round((item.line.size ?? 0) * 2) / 2 : 0);
  private isLarger = (item: Item) =>
    item.kind === 'line' && !!this.bodySize && this.sizeOf(item) > this.bodySize * 1.1;
  private isSmaller = (item: Item) =>
    item.kind === 'line' && !!this.bodySize && this.sizeOf(item) < this.bodySize * 0.95;
  /** A title-like line that is not the first line of a wrapped paragraph. */
  private isTitle(j: number): boolean {
    const item = this.items[j];
    if (item?.kind !== 'line' || this.isSmaller(item) || this.isLarger(item)) return false;
    if (!looksLikeHeading(item.text) || item.text.length >= this.fullWidth || WRAPPED_END.test(item.text))
      return false;
    const next = this.items[j + 1];
    if (next?.kind !== 'line' || next.line.breakBefore) return true;
    return !/^[a-z]/.test(next.text) && !this.isFilled(j, next.text);
  }

  /**
   * A line filled to the width of the lines around it (the next line's first word would not have
   * fitted): a wrapped line of a paragraph, whatever its capitals.
   */
  private isFilled(j: number, nextText: string): boolean {
    let width = 0;
    for (let k = Math.max(0, j - 6); k <= Math.min(this.items.length - 1, j + 6); k++) {
      const item = this.items[k]!;
      if (item.kind === 'line') width = Math.max(width, item.text.length);
    }
    const line = this.items[j] as TitleLine;
    const filled = line.text.length + 1 + (nextText.split(' ')[0]?.length ?? 0) >= width * 0.9;
    return filled && width >= MIN_WRAP_WIDTH;
  }

  /** Reads the item at i (and those that belong with it); returns the next index. */
  private step(i: number): number {
    const item = this.items[i]!;
    if (item.kind === 'table') {
      this.flush();
      this.blocks.push(item.block);
      return i + 1;
    }
    if (item.line.breakBefore) this.flush();
    if (this.isLarger(item)) return this.largerHeading(i);
    if (this.paragraph.length === 0 && this.isTitle(i)) return this.titleRun(i);
    this.addLine(item.text);
    return i + 1;
  }

  /** Adjacent lines in one larger size are one heading (a long title wrapped). */
  private largerHeading(i: number): number {
    this.flush();
    const size = this.sizeOf(this.items[i]!);
    const parts: string[] = [];
    let j = i;
    for (; j < this.items.length; j++) {
      const item = this.items[j]!;
      if (item.kind !== 'line' || (j > i && (item.line.breakBefore || this.sizeOf(item) !== size))) break;
      parts.push(item.text);
    }
    const text = clean(parts.join(' '));
    // Larger text that reads as prose (an introduction set large) stays a paragraph.
    if (text.length > MAX_LARGER_HEADING || /[.;,]$/.test(text)) parts.forEach((p) => this.addLine(p));
    else this.blocks.push({ kind: 'heading', level: this.headingLevels.indexOf(size) + 1, text });
    return j;
  }

  /**
   * Title-like lines from i: adjacent ones (a run) and ones alone between blank lines (a chain).
   * Headings when few and a paragraph, list or table follows; the last one before a table is its
   * caption; otherwise a list, each line kept as written.
   */
  private titleRun(i: number): number {
    const run: TitleLine[] = [];
    let j = i;
    for (; j < this.items.length && this.isTitle(j); j++) run.push(this.items[j] as TitleLine);
    const following = this.items[j];
    const beforeTable = following?.kind === 'table';
    const followedByText =
      following?.kind === 'line' && !this.isSmaller(following) && !this.isLarger(following);
    // The last line before a table is its caption, unless it ends a list.
    const last = segmentsOf(run).pop() ?? [];
    const caption = beforeTable && last.length <= MAX_HEADING_RUN ? run.pop() : undefined;
    const segments = segmentsOf(run);
    const headings = headingGroups(segments, followedByText || beforeTable);
    this.flush();
    let level = 0;
    segments.forEach((segment, k) => {
      if (!headings.has(k)) {
        // A list of short lines: one line each, in one paragraph (a lone line is a paragraph).
        for (const item of segment) this.paragraph.push(item.text);
        this.list = true;
        this.flush();
        level = 0;
        return;
      }
      for (const { text } of segment) {
        level = Math.min(6, Math.max(level + 1, text === text.toUpperCase() ? 1 : 2));
        this.blocks.push({ kind: 'heading', level, text });
      }
    });
    if (caption) this.blocks.push({ kind: 'paragraph', text: caption.text });
    return j;
  }

  private addLine(text: string) {
    if (QA_LINE.test(text) || LIST_ITEM.test(text)) this.flush();
    this.paragraph.push(text);
    // A short line ending a sentence ends its paragraph where blank lines do not; a question always
    // (an FAQ's question on its own line, its answer below).
    const ends = this.endsAtShortLines ? SENTENCE_END.test(text) : text.endsWith('?');
    if (ends && text.length < this.fullWidth) this.flush();
  }

  private flush() {
    const joined = this.paragraph.reduce(
      (text, line) =>
        /\w-$/.test(text) && /^\w/.test(line) ? joinHyphenated(text, line, this.isWord) : `${text} ${line}`,
      '',
    );
    const text = this.list ? this.paragraph.join('\n') : clean(joined);
    if (text) this.blocks.push({ kind: 'paragraph', text });
    this.paragraph = [];
    this.list = false;
  }
}
