import { tableBlock, type TableBlock } from './table-rows';

/**
 * Tables in laid-out text (a PDF page's lines, a plain text file): a run of lines whose pieces,
 * separated by column gaps (two or more spaces, a tab, a wide gap on a PDF page), line up in
 * columns. The columns are the gaps no line's piece crosses, so left-, right- and centre-aligned
 * columns are all found; a line of a wrapped cell joins its row.
 */
export type LineCell = {
  text: string;
  /** Where the piece starts and ends on its line (characters in text, points on a PDF page). */
  start: number;
  end: number;
  /** The column a tab-separated piece is in (tabs name columns; positions then do not). */
  column?: number;
};

export type LayoutLine = {
  cells: LineCell[];
  /** Font size (PDF); none for plain text. */
  size?: number;
  /** Distance from the previous line's baseline in points (PDF). */
  gap?: number;
  /** A blank line, a paragraph-sized gap, a new page or column before this line. */
  breakBefore: boolean;
};

export const lineText = (line: LayoutLine) => line.cells.map((c) => c.text).join(' ');

const MAX_MEAN_CELL = 50;
/** A run of row-like lines up to this long that is no table is tried again from its next line. */
const RETRY_RUN = 50;

/** A line that may be a table row: two or more pieces, short ones (prose with double spaces is not). */
function isRowLike(line: LayoutLine): boolean {
  if (line.cells.length < 2) return false;
  const mean = line.cells.reduce((n, c) => n + c.text.length, 0) / line.cells.length;
  return mean <= MAX_MEAN_CELL;
}

/** Column bounds: the union of the multi-piece lines' pieces; each gap in it separates two columns. */
function columnsOf(rows: LayoutLine[]): { start: number; end: number }[] {
  const spans = rows.flatMap((l) => l.cells.map((c) => ({ start: c.start, end: c.end })));
  spans.sort((a, b) => a.start - b.start);
  const columns: { start: number; end: number }[] = [];
  for (const span of spans) {
    const last = columns[columns.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else columns.push({ ...span });
  }
  return columns;
}

function columnIndex(cell: LineCell, columns: { start: number; end: number }[]): number {
  if (cell.column !== undefined) return cell.column;
  const i = columns.findIndex((c) => cell.start >= c.start - 0.5 && cell.start <= c.end);
  return i >= 0 ? i : columns.findIndex((c) => cell.start < c.start) - 1;
}

const isTabbed = (line: LayoutLine) => line.cells.some((c) => c.column !== undefined);

/** The lines' cells in a grid; a line of wrapped cells (close below, or only later columns) joins its row. */
function gridOf(lines: LayoutLine[], columns: { start: number; end: number }[], width: number): string[][] {
  const multi = lines.filter((l) => l.cells.length > 1);
  const pitches = multi
    .map((l) => l.gap ?? 0)
    .filter((g) => g > 0)
    .sort((a, b) => a - b);
  const rowPitch = pitches.length >= 2 ? pitches[Math.floor(pitches.length / 2)]! : 0;
  const grid: string[][] = [];
  for (const line of lines) {
    const cells = Array<string>(width).fill('');
    for (const cell of line.cells) {
      const i = Math.max(0, Math.min(width - 1, columnIndex(cell, columns)));
      cells[i] = cells[i] ? `${cells[i]} ${cell.text}` : cell.text;
    }
    const previous = grid[grid.length - 1];
    const closeBelow = rowPitch > 0 && line.gap !== undefined && line.gap < rowPitch * 0.85;
    const wraps = previous && (closeBelow || (line.cells.length === 1 && !cells[0]));
    if (wraps) cells.forEach((text, i) => (previous[i] = [previous[i], text].filter(Boolean).join(' ')));
    else {
      // A row whose first cell is blank belongs to the label above ("same as above").
      if (previous && !cells[0] && cells.some(Boolean)) cells[0] = previous[0] ?? '';
      grid.push(cells);
    }
  }
  return grid;
}

/** A table made of lines[start..end), or null when they do not line up in two or more columns. */
function tableOf(lines: LayoutLine[]): TableBlock | null {
  const rows = lines.filter((l) => l.cells.length > 1);
  if (rows.length < 2) return null;
  const tabbed = rows.every(isTabbed);
  const columns = tabbed ? [] : columnsOf(rows);
  const width = tabbed ? rows.reduce((n, l) => Math.max(n, l.cells.length), 0) : columns.length;
  if (width < 2) return null;
  // Every row must spread over two columns or more: prose split at chance spaces does not.
  const spread = rows.every((l) => new Set(l.cells.map((c) => columnIndex(c, columns))).size >= 2);
  return spread ? tableBlock(gridOf(lines, columns, width)) : null;
}

/**
 * The table runs among lines: [start, end) and the table. A run is consecutive row-like lines
 * (a single wrapped line between or just after them joins), two rows at least.
 */
export function findTables(lines: LayoutLine[]): { start: number; end: number; table: TableBlock }[] {
  const found: { start: number; end: number; table: TableBlock }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!isRowLike(lines[i]!)) continue;
    let end = i + 1;
    for (; end < lines.length; end++) {
      const line = lines[end]!;
      if (isRowLike(line)) continue;
      // A one-piece line inside the table (a wrapped cell) is kept if a row follows it.
      const nextRow = lines[end + 1];
      const wrapped = line.cells.length === 1 && !line.breakBefore;
      if (!(wrapped && nextRow && isRowLike(nextRow))) break;
    }
    // A last wrapped line: close under the last row and not in its first column.
    const last = lines[end];
    if (
      last &&
      !last.breakBefore &&
      last.cells.length === 1 &&
      last.cells[0]!.start > lines[i]!.cells[0]!.end
    )
      end++;
    const table = tableOf(lines.slice(i, end));
    if (table && table.rows.length > 0) {
      found.push({ start: i, end, table });
      i = end - 1;
    } else if (end - i > RETRY_RUN) i = end - 1; // a long run that is no table is not tried again line by line
  }
  return found;
}
