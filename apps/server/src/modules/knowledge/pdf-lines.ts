import type { LayoutLine, LineCell } from './layout-tables';
import { SENTENCE_END, readableText } from './text-blocks';

/**
 * A PDF page's text items (pdf.js getTextContent: transform[4] = x, transform[5] = y, width,
 * height = font size) as lines in reading order. Items on one baseline make a line, split into
 * pieces where a gap wider than a space parts them (table columns). A page set in two columns (a
 * gutter no line crosses, prose on both sides) is read column by column. A gap between lines larger
 * than the page's usual line spacing, a change of size, a new page or column starts a paragraph.
 */
type Fragment = { text: string; x: number; end: number; y: number; size: number; spaced: boolean };
/**
 * A piece of a line, with its baseline and the largest type size in it: a line split into columns
 * takes each side's (a column's lines need not share baselines with the other's).
 */
type SizedCell = LineCell & { size: number; y: number };
type VisualLine = { y: number; size: number; cells: SizedCell[] };

/** A gap wider than this many font sizes separates two columns (a word space is about 0.25). */
const COLUMN_GAP = 0.8;
const WORD_GAP = 0.15;
/** Lines of text one under another are at least this many font sizes apart. */
const MIN_LINE_PITCH = 0.9;

function fragmentsOf(items: unknown[]): Fragment[] {
  const fragments: Fragment[] = [];
  for (const item of items as TextItem[]) {
    if (typeof item.str !== 'string' || !item.transform) continue;
    const str = readableText(item.str);
    if (!str.trim()) continue;
    const [, , c = 0, d = 0, x = 0, y = 0] = item.transform;
    const size = item.height || Math.hypot(c, d) || 1;
    fragments.push({
      text: str.trim(),
      x,
      end: x + (item.width ?? 0),
      y,
      size,
      spaced: /^\s|\s$/.test(str),
    });
  }
  return fragments;
}

/** Fragments grouped by baseline, top to bottom, each line's fragments left to right. */
function visualLines(fragments: Fragment[]): Fragment[][] {
  const sorted = [...fragments].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Fragment[][] = [];
  for (const f of sorted) {
    const line = lines[lines.length - 1];
    const first = line?.[0];
    if (line && first && Math.abs(first.y - f.y) <= 0.4 * Math.max(first.size, f.size)) line.push(f);
    else lines.push([f]);
  }
  for (const line of lines) line.sort((a, b) => a.x - b.x);
  return lines;
}

/**
 * Justified text sets the words of a line apart by equal gaps, in a narrow column often wider than
 * a column gap. A run of three words or more (pieces of one word each) with equal gaps under this
 * many type sizes, most of them starting in lower case, is a line of text, not a table row.
 */
const MAX_JUSTIFIED_GAP = 3;
const EQUAL_GAPS = 0.5;

function joinJustified(cells: SizedCell[]): SizedCell[] {
  const out: SizedCell[] = [];
  const gap = (k: number) => cells[k]!.start - cells[k - 1]!.end;
  const isWord = (c: SizedCell) => !/\s/.test(c.text);
  for (let i = 0; i < cells.length;) {
    let j = i + 1;
    if (isWord(cells[i]!))
      while (
        j < cells.length &&
        isWord(cells[j]!) &&
        gap(j) < MAX_JUSTIFIED_GAP * cells[j]!.size &&
        Math.abs(gap(j) - gap(i + 1)) <= EQUAL_GAPS
      )
        j++;
    const run = cells.slice(i, j);
    const lower = run.filter((c) => /^[a-z]/.test(c.text)).length;
    if (run.length >= 3 && lower * 2 >= run.length) {
      out.push({
        text: run.map((c) => c.text).join(' '),
        start: run[0]!.start,
        end: run.at(-1)!.end,
        size: Math.max(...run.map((c) => c.size)),
        y: run[0]!.y,
      });
      i = j;
    } else out.push(cells[i++]!);
  }
  return out;
}

/**
 * A list item's marker set apart from its text by a tab stop, as word processors print lists: a
 * bullet glyph (a symbol font's private-use character, 'o' or '§' for its second-level bullets) or
 * a number or letter ('1.', 'b)', '(iv)').
 */
const BULLETS = '•▪◦●○■□◆◇►▶➢✓✔\\uE000-\\uF8FF';
/** Bullets that stand for a bullet only as a marker apart: a second level's 'o', '§', a dash. */
const MARKS = `${BULLETS}·*o§Ø\\u2013\\u2014-`;
const BULLET_GLYPH = new RegExp(`^[${MARKS}]$`);
const LIST_MARKER = new RegExp(`^(?:[${MARKS}]|\\(?(?:\\d{1,2}|[a-z]|[ivx]{1,4})[.)])$`);

/**
 * A line that opens a list item with its bullet in the same piece ('● the last two school
 * reports'): under an item that wrapped with a hanging indent it ends that item's paragraph.
 */
const OPENS_ITEM = new RegExp(`^[${BULLETS}]\\s`);

/** A marker piece joined to the text after it ('•  Headteacher: ...' is a list item, not a row). */
function withListMarker(cells: SizedCell[]): SizedCell[] {
  const [marker, text] = cells;
  if (!marker || !text || !LIST_MARKER.test(marker.text)) return cells;
  const shown = BULLET_GLYPH.test(marker.text) ? '•' : marker.text;
  return [
    { text: `${shown} ${text.text}`, start: marker.start, end: text.end, size: text.size, y: text.y },
    ...cells.slice(2),
  ];
}

/** A line's pieces: fragments joined (a space where there is one), split at column gaps. */
function cellsOf(line: Fragment[]): SizedCell[] {
  return withListMarker(joinJustified(piecesOf(line)));
}

/**
 * A line's pieces, each with its type size. A bullet drawn larger than its item's text (a PDF
 * library's default) does not give the piece its size: the item's wrapped lines, in the text's
 * size, would read as a change of size and so as paragraphs of their own.
 */
function piecesOf(line: Fragment[]): SizedCell[] {
  const cells: SizedCell[] = [];
  const sizedByMarker = new Set<SizedCell>();
  let previous: Fragment | undefined;
  for (const f of line) {
    const gap = previous ? f.x - previous.end : Infinity;
    const cell = cells[cells.length - 1];
    const marker = BULLET_GLYPH.test(f.text.trim());
    if (!cell || gap > COLUMN_GAP * f.size) {
      const piece = { text: f.text, start: f.x, end: f.end, size: f.size, y: f.y };
      cells.push(piece);
      if (marker) sizedByMarker.add(piece);
    } else {
      const space = gap > WORD_GAP * f.size || f.spaced || previous!.spaced ? ' ' : '';
      cell.text += space + f.text;
      cell.end = Math.max(cell.end, f.end);
      if (sizedByMarker.has(cell) && !marker) {
        cell.size = f.size;
        cell.y = f.y;
        sizedByMarker.delete(cell);
      } else if (!marker) cell.size = Math.max(cell.size, f.size);
    }
    previous = f;
  }
  return cells;
}

type Span = { start: number; end: number };
type OrderedLine = VisualLine & { column: number };

const MIN_COLUMN_LINES = 3;
const MAX_COLUMN_PAGE_LINES = 1000;
const isProse = (cell: LineCell) => cell.text.length >= 25;
/** Of a column of prose's lines, at least this share go on with a sentence from the line above. */
const CARRIED_SHARE = 0.25;

/** Where a line leaves room for a gutter: the parts of the page's middle its pieces do not cover. */
function freeSpans(line: VisualLine, middle: Span): Span[] {
  const spans: Span[] = [];
  let from = middle.start;
  for (const cell of line.cells) {
    if (cell.start > from) spans.push({ start: from, end: Math.min(cell.start, middle.end) });
    from = Math.max(from, cell.end);
  }
  if (from < middle.end) spans.push({ start: from, end: middle.end });
  return spans.filter((s) => s.end > s.start);
}

function intersect(a: Span[], b: Span[]): Span[] {
  const out: Span[] = [];
  for (const x of a)
    for (const y of b) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (end > start) out.push({ start, end });
    }
  return out;
}

/**
 * Lines [from, to) as two columns of prose about a gutter, or null: mostly prose on both sides of
 * it (a table across the page has short cells on each).
 */
function asColumns(lines: VisualLine[], gutter: number): { left: VisualLine[]; right: VisualLine[] } | null {
  const left: VisualLine[] = [];
  const right: VisualLine[] = [];
  for (const line of lines) {
    const l = line.cells.filter((c) => c.end <= gutter);
    const r = line.cells.filter((c) => c.start >= gutter);
    // Each side keeps its own type size: a heading in one column is no heading in the other.
    const side = (cells: SizedCell[]) => ({
      ...line,
      cells,
      y: cells[0]!.y,
      size: Math.max(...cells.map((c) => c.size)),
    });
    if (l.length) left.push(side(l));
    if (r.length) right.push(side(r));
  }
  // Mostly prose on both sides: half a side's lines of one piece at least are long, and a quarter
  // carry a sentence on from the line above (a table's cells each start afresh). Lines of several
  // pieces are a table of that column's own.
  const enough = (side: VisualLine[]) => {
    const single = side.filter((l) => l.cells.length === 1).map((l) => l.cells[0]!);
    const prose = single.filter(isProse).length;
    const carried = single.filter((c) => /^[a-z]/.test(c.text)).length;
    return (
      prose >= MIN_COLUMN_LINES && prose >= single.length / 2 && carried >= single.length * CARRIED_SHARE
    );
  };
  return enough(left) && enough(right) ? { left, right } : null;
}

/**
 * Reading order: a run of lines that all leave one gutter free, with prose on both sides, is read
 * column by column (left, then right); every other line as it comes, top to bottom.
 */
function readingOrder(lines: VisualLine[]): OrderedLine[] {
  const cells = lines.flatMap((l) => l.cells);
  // A page of thousands of lines is no two-column prose: read it top to bottom.
  if (cells.length === 0 || lines.length > MAX_COLUMN_PAGE_LINES)
    return lines.map((l) => ({ ...l, column: 0 }));
  const left = cells.reduce((n, c) => Math.min(n, c.start), Infinity);
  const right = cells.reduce((n, c) => Math.max(n, c.end), -Infinity);
  const middle = { start: left + (right - left) * 0.25, end: left + (right - left) * 0.75 };
  const ordered: OrderedLine[] = [];
  let column = 0;
  for (let i = 0; i < lines.length;) {
    let free = freeSpans(lines[i]!, middle);
    let smallest = lines[i]!.size;
    let j = i + 1;
    // A line set larger than the text above it ends them too (a heading below the columns), unless
    // the line after it leaves the gutter free as well (a heading inside a column).
    for (; j < lines.length && free.length; j++) {
      const larger = lines[j]!.size > smallest * 1.1;
      const after = lines[j + 1];
      if (larger && (!after || !intersect(free, freeSpans(after, middle)).length)) break;
      const next = intersect(free, freeSpans(lines[j]!, middle));
      if (next.length === 0) break;
      free = next;
      if (!larger) smallest = Math.min(smallest, lines[j]!.size);
    }
    const gutter = free[0] && (free[0].start + free[0].end) / 2;
    const columns =
      gutter !== undefined && j - i > MIN_COLUMN_LINES ? asColumns(lines.slice(i, j), gutter) : null;
    if (columns) {
      column += 2;
      for (const l of columns.left) ordered.push({ ...l, column: column - 1 });
      for (const l of columns.right) ordered.push({ ...l, column });
      i = j;
    } else ordered.push({ ...lines[i++]!, column: 0 });
  }
  return ordered;
}

type TextItem = { str?: string; transform?: number[]; width?: number; height?: number; hasEOL?: boolean };

/** Mostly rotated text (a page turned on its side): positions do not give lines, the items' order does. */
function isRotated(items: TextItem[]): boolean {
  const turned = items.filter(
    (i) => i.transform && Math.abs(i.transform[1] ?? 0) > Math.abs(i.transform[0] ?? 0),
  );
  return turned.length > items.length / 2;
}

function contentOrderLines(items: TextItem[]): LayoutLine[] {
  const text = items.map((i) => (i.str ?? '') + (i.hasEOL ? '\n' : '')).join('');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, i) => ({ cells: [{ text: line, start: 0, end: line.length }], breakBefore: i === 0 }));
}

export function pdfPageLines(items: unknown[]): LayoutLine[] {
  if (isRotated(items as TextItem[])) return contentOrderLines(items as TextItem[]);
  const lines: VisualLine[] = visualLines(fragmentsOf(items)).map((fragments) => {
    const cells = cellsOf(fragments);
    return { y: fragments[0]!.y, size: Math.max(...cells.map((c) => c.size)), cells };
  });
  const ordered = readingOrder(lines);
  // The page's usual line spacing, in font sizes: a gap well beyond it parts paragraphs. Baselines
  // closer than a line's height (cells centred in a table row) are no line spacing.
  const ratios: number[] = [];
  ordered.forEach((line, i) => {
    const previous = ordered[i - 1];
    const ratio = previous ? (previous.y - line.y) / line.size : 0;
    if (previous && previous.size === line.size && ratio >= MIN_LINE_PITCH) ratios.push(ratio);
  });
  ratios.sort((a, b) => a - b);
  const spacing = ratios.length ? ratios[Math.floor(ratios.length / 2)]! : 1.2;
  const endsShort = shortLineEnds(ordered);
  return ordered.map((line, i) => {
    const previous = ordered[i - 1];
    const gap = previous ? previous.y - line.y : undefined;
    const size = Math.max(line.size, previous?.size ?? 0);
    const breakBefore =
      !previous ||
      gap! <= 0 ||
      previous.column !== line.column ||
      gap! > size * spacing * 1.35 ||
      Math.abs(previous.size - line.size) > 0.05 * line.size ||
      endsShort(i) ||
      OPENS_ITEM.test(line.cells[0]!.text);
    const cells = line.cells.map(({ text, start, end }) => ({ text, start, end }));
    return { cells, size: line.size, gap, breakBefore };
  });
}

/**
 * Whether the line before line i ended short: the first word of line i would have fitted on it, so
 * the writer broke the line there (a list item whose bullet is drawn, not typed; an address line),
 * and line i starts a new paragraph even with no gap above it, unless it starts in lower case. Only lines of one piece each, both
 * starting at their column's left edge or indented alike a little from it (prose or a list, not a
 * table's wrapped cell), are compared.
 */
const MAX_INDENT = 0.15;
function shortLineEnds(lines: OrderedLine[]): (i: number) => boolean {
  // Edges of the lines in the same column and type size: a running header or footer in small type
  // set wider than the text, or a heading, does not move the text's right edge.
  const edges = new Map<string, { left: number; right: number }>();
  const edgeKey = (line: OrderedLine) => `${line.column}:${Math.round(line.size * 2)}`;
  for (const line of lines) {
    if (line.cells.length !== 1) continue;
    const [cell] = line.cells;
    const edge = edges.get(edgeKey(line)) ?? { left: Infinity, right: -Infinity };
    edges.set(edgeKey(line), {
      left: Math.min(edge.left, cell!.start),
      right: Math.max(edge.right, cell!.end),
    });
  }
  // The right edge of each block of one-piece lines that start alike, one under another: a list's
  // items, a box's lines.
  const blockRight: number[] = [];
  for (let i = 0; i < lines.length;) {
    let j = i + 1;
    const first = lines[i]!;
    const alike = (l: OrderedLine) =>
      l.cells.length === 1 &&
      l.column === first.column &&
      l.size === first.size &&
      Math.abs(l.cells[0]!.start - first.cells[0]!.start) <= first.size / 2;
    if (first.cells.length === 1) while (j < lines.length && alike(lines[j]!)) j++;
    const right = Math.max(...lines.slice(i, j).map((l) => l.cells.at(-1)!.end));
    for (let k = i; k < j; k++) blockRight[k] = right;
    i = j;
  }
  return (i) => {
    const [previous, line] = [lines[i - 1], lines[i]];
    if (!previous || !line || previous.column !== line.column) return false;
    if (previous.cells.length !== 1 || line.cells.length !== 1) return false;
    const [before, cell] = [previous.cells[0]!, line.cells[0]!];
    const edge = edges.get(edgeKey(line))!;
    // Both at the left edge, or indented alike near it (a list's items).
    const nearLeft = cell.start - edge.left <= MAX_INDENT * (edge.right - edge.left);
    if (!nearLeft || Math.abs(before.start - cell.start) > line.size / 2) return false;
    const charWidth = (cell.end - cell.start) / Math.max(1, cell.text.length);
    const firstWord = cell.text.split(/\s+/)[0] ?? '';
    const fits = (right: number) => before.end + charWidth * (firstWord.length + 1) < right - line.size;
    // A line starting in lower case goes on with the sentence (text in a narrow box ends short),
    // unless it is indented with the line above (a list whose bullets are drawn) and that line
    // ended short of its own block's edge too: a box's lines run to the box's edge, a list's items
    // end where they end.
    if (/^[a-z]/.test(cell.text)) return cell.start > edge.left + line.size && fits(blockRight[i]!);
    return fits(edge.right);
  };
}

const furnitureKey = (line: LayoutLine) =>
  line.cells
    .map((c) => c.text)
    .join(' ')
    .toLowerCase()
    .replace(/\d+/g, '#')
    .replace(/\s+/g, ' ');

/**
 * A whole PDF's lines, page after page. A running header or footer (the same line, page numbers
 * aside, at the top or bottom of most pages) is kept once, at the end: in place it would cut every
 * paragraph and table that runs on to the next page, which then go on.
 */
export function pdfDocumentLines(pages: LayoutLine[][]): LayoutLine[] {
  const edges = (page: LayoutLine[]) => new Set([...page.slice(0, 2), ...page.slice(-2)].map(furnitureKey));
  const counts = new Map<string, number>();
  for (const page of pages) for (const key of edges(page)) counts.set(key, (counts.get(key) ?? 0) + 1);
  const isFurniture = (key: string) => {
    const n = counts.get(key) ?? 0;
    return n >= 3 && n >= pages.length / 2;
  };
  const furniture = new Map<string, LayoutLine>();
  const lines: LayoutLine[] = [];
  let previousPage: LayoutLine[] = [];
  for (const page of pages) {
    const last = page.length - 1;
    const kept = page.filter((line, i) => {
      const key = furnitureKey(line);
      if ((i >= 2 && i < last - 1) || !isFurniture(key)) return true;
      if (!furniture.has(key)) furniture.set(key, { ...line, breakBefore: true });
      return false;
    });
    const [first] = kept;
    const previous = lines[lines.length - 1];
    const previousText = previous?.cells.map((c) => c.text).join(' ') ?? '';
    // A sentence running on from the previous page: its paragraph goes on. It does when the next
    // page starts in lower case, or when the last line ran to the text's right edge, unfinished,
    // and the next page's first line is text of its size ('...takes place in the' / 'Sensory Studio').
    if (
      first &&
      previous &&
      !SENTENCE_END.test(previousText) &&
      (/^[a-z]/.test(first.cells[0]?.text ?? '') ||
        (first.cells.length === 1 &&
          first.size === previous.size &&
          reachesRightEdge(previous, previousPage)))
    )
      kept[0] = { ...first, breakBefore: false };
    for (const line of kept) lines.push(line);
    if (kept.length) previousPage = kept;
  }
  return [...lines, ...furniture.values()];
}

/** A one-piece line that runs to within two type sizes of the widest such line of its size on its page. */
function reachesRightEdge(line: LayoutLine, page: LayoutLine[]): boolean {
  if (line.cells.length !== 1 || line.size === undefined) return false;
  const ends = page.filter((l) => l.cells.length === 1 && l.size === line.size).map((l) => l.cells[0]!.end);
  return line.cells[0]!.end >= Math.max(...ends) - 2 * line.size;
}
