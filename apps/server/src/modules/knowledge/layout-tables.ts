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

/**
 * Column bounds: the union of the pieces of the rows with the most pieces (two such rows at least,
 * else of every row); each gap in it separates two columns. A cell merged across two columns ('Runs
 * every school holiday' under 'Starts' and 'Ends') does not join them.
 */
function columnsOf(rows: LayoutLine[]): { start: number; end: number }[] {
  const most = Math.max(...rows.map((l) => l.cells.length));
  const full = rows.filter((l) => l.cells.length === most);
  const spans = (full.length >= 2 ? full : rows).flatMap((l) =>
    l.cells.map((c) => ({ start: c.start, end: c.end })),
  );
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

/** Whether a word is English (WordNet): tells a word broken across a cell's lines from two words. */
export type IsWord = (word: string) => boolean;

/**
 * A line ending in a hyphen joined to the next. A compound wrapped after its hyphen keeps it
 * ('speech-' + 'language', 'after-' + 'school'); a word the typesetter hyphenated at the line's end
 * (justified text: 'regis-' + 'tration', 'man-' + 'age') is made whole again when the two parts
 * make an English word ('afternoon'; 'after-school' and 'speech-language' make none, and a
 * dictionary's stray short words, 'man', 'age', 'sup', say nothing about the whole). Without a
 * dictionary the hyphen is kept.
 */
export function joinHyphenated(text: string, line: string, isWord?: IsWord): string {
  const before = /([A-Za-z]+)-$/.exec(text)?.[1];
  const after = /^[a-z]+/.exec(line)?.[0];
  const whole = !!isWord && !!before && !!after && isWord(`${before}${after}`.toLowerCase());
  return whole ? text.slice(0, -1) + line : text + line;
}

/** A fragment this long or longer may be the start of a word broken across a narrow cell's lines. */
const MIN_FRAGMENT = 4;

/**
 * A cell's text and the text of its next line. A word processor breaks a word too wide for a
 * narrow column where it reaches the edge ('A$6,15' / '0', 'Extensi' / 'on'), so those lines join
 * without a space: when the next line starts with what no line starts with (a comma, a full stop,
 * a closing bracket: line breaking never puts them first), after a hyphen inside a word or a range
 * ('9-' / '12', 'after-' / 'school': a break line breaking allows; 'admis-' / 'sions', a word the
 * typesetter hyphenated, loses its hyphen: joinHyphenated), when it completes a number (a thousands
 * group of three digits, the minutes of a time, the amount after a currency sign), or when the two
 * pieces make an English word and the first alone is none. Other lines join with a space.
 */
export function joinWrapped(upper: string, lower: string, isWord: IsWord): string {
  if (!upper || !lower) return upper || lower;
  const glued = `${upper}${lower}`;
  if (/^[,.;:)\]%]/.test(lower)) return glued;
  if (/\w-$/.test(upper) && /^\w/.test(lower)) return joinHyphenated(upper, lower, isWord);
  const group = /,(\d{1,2})$/.exec(upper)?.[1];
  const digits = /^(\d+)(?!\d)/.exec(lower)?.[1];
  if (group && digits && group.length + digits.length === 3) return glued;
  if (/\d:\d$/.test(upper) && /^\d(?!\d)/.test(lower)) return glued;
  if (/(?:^|\s|[A-Z])[$£€]$/.test(upper) && digits) return glued;
  const head = /(?:^|\s)([A-Za-z]+)$/.exec(upper)?.[1];
  const tail = /^([a-z]+)/.exec(lower)?.[1];
  if (head && tail && head.length >= MIN_FRAGMENT && !isWord(head) && isWord(`${head}${tail}`)) return glued;
  return `${upper} ${lower}`;
}

/** A cell that leaves its phrase open: it ends with a comma, a hyphen or a word that cannot end one. */
const OPEN_END = /(?:[,\-–]|\b(?:and|or|to|of|the|a|an|with|from|for|in|on|at|by))$/i;

/**
 * A line of cells that goes on from the row above, in a table whose cells are set at the top of
 * their row with no more space between rows than between lines ('Enrolment | $1,200 | With the'
 * over 'deposit | signed contract'): a cell goes on from the cell above when it starts in lower
 * case, is a figure after a word, or follows a cell left open ('Thursday,' / 'September 3,'). Its
 * label in lower case under a capitalised one, every other cell going on; its label blank, one
 * cell going on; its label capitalised, every cell going on and one from a cell left open. Or any
 * cell goes on in lower case from a word the cell above broke after a hyphen ('be-' / 'gins').
 */
function goesOn(cells: string[], above: string[]): boolean {
  const [label = '', ...rest] = cells;
  // A cell above broken after a hyphen ('be-', 'Decem-') and gone on below in lower case.
  if (cells.some((text, i) => /[a-z]-$/i.test(above[i] ?? '') && /^[a-z]/.test(text))) return true;
  const open = (i: number) => OPEN_END.test(above[i] ?? '');
  const continues = (text: string, i: number) =>
    !text || /^[a-z]/.test(text) || open(i) || (/^\d/.test(text) && /[a-z]$/i.test(above[i] ?? ''));
  const allGoOn = rest.every((text, i) => continues(text, i + 1));
  // A label in lower case under a capitalised one ('snack | $2' under 'Lunch | $5' is a row).
  if (/^[a-z]/.test(label)) return /^[A-Z0-9]/.test(above[0] ?? '') && allGoOn;
  // No label: one cell going on is enough ('2026' after 'December 10,' beside 'Theatre').
  if (!label) return rest.some((text, i) => !!text && continues(text, i + 1));
  return rest.some(Boolean) && allGoOn && rest.some((text, i) => !!text && open(i + 1));
}

/** Gaps this much apart (points) or more are two kinds of spacing, not two measures of one. */
const MIN_SPACING_STEP = 0.3;

/**
 * Where a table's line spacing ends and its row spacing starts, when the two differ: a word
 * processor sets a wrapped cell's lines a line apart and the next row a border's width further
 * (11.6 and 12.2 points). Only when the gaps fall in two tight groups, each at least two strong
 * and each narrower than half the step between them; otherwise null (rows set a line apart).
 */
function rowSplit(lines: LayoutLine[]): number | null {
  const gaps = lines
    .slice(1)
    .filter((l) => l.gap !== undefined && l.gap > 0 && !inRowAbove(l))
    .map((l) => l.gap!)
    .sort((a, b) => a - b);
  for (let i = 2; i <= gaps.length - 2; i++) {
    const [low, high] = [gaps.slice(0, i), gaps.slice(i)];
    const step = high[0]! - low.at(-1)!;
    const spread = Math.max(low.at(-1)! - low[0]!, high.at(-1)! - high[0]!);
    if (step >= MIN_SPACING_STEP && spread * 2 < step) return (high[0]! + low.at(-1)!) / 2;
  }
  return null;
}

/** The lines' cells in a grid; a line of wrapped cells (close below, or only later columns) joins its row. */
function gridOf(
  lines: LayoutLine[],
  columns: { start: number; end: number }[],
  width: number,
  isWord: IsWord,
): string[][] {
  const multi = lines.filter((l) => l.cells.length > 1);
  const pitches = multi
    .map((l) => l.gap ?? 0)
    .filter((g) => g > 0)
    .sort((a, b) => a - b);
  const rowPitch = pitches.length >= 2 ? pitches[Math.floor(pitches.length / 2)]! : 0;
  const lineGap = rowSplit(lines);
  const grid: string[][] = [];
  for (const [n, line] of lines.entries()) {
    const cells = Array<string>(width).fill('');
    for (const cell of line.cells) {
      const i = Math.max(0, Math.min(width - 1, columnIndex(cell, columns)));
      cells[i] = cells[i] ? `${cells[i]} ${cell.text}` : cell.text;
    }
    const previous = grid[grid.length - 1];
    // The header again at the top of a new page (a table running on): left out, so that a row cut
    // by the page goes on below it.
    if (n > 0 && line.breakBefore && grid.length > 1 && cells.every((text, i) => text === grid[0]![i]))
      continue;
    const closeBelow = rowPitch > 0 && line.gap !== undefined && line.gap < rowPitch * 0.85;
    // A line the next one shares a row with starts that row, unless it is itself close below.
    const startsRow = !!lines[n + 1] && inRowAbove(lines[n + 1]!) && !inRowAbove(line) && !closeBelow;
    const wraps =
      previous &&
      !startsRow &&
      (closeBelow ||
        inRowAbove(line) ||
        (lineGap !== null && line.gap !== undefined && line.gap > 0 && line.gap < lineGap) ||
        (line.cells.length === 1 && !cells[0]) ||
        goesOn(cells, previous));
    if (wraps) cells.forEach((text, i) => (previous[i] = joinWrapped(previous[i]!, text, isWord)));
    else grid.push(cells);
  }
  // A row whose first cell is blank belongs to the label above ("same as above").
  grid.forEach((cells, i) => {
    if (i > 0 && !cells[0] && cells.some(Boolean)) cells[0] = grid[i - 1]![0] ?? '';
  });
  return grid;
}

/**
 * A line less than a line's height below the one before is in the same row: a row whose cells are
 * centred on their height sets a one-line cell between the lines of a wrapped one.
 */
const inRowAbove = (line: LayoutLine) =>
  line.gap !== undefined && line.size !== undefined && line.gap > 0 && line.gap < line.size * SAME_ROW;
/** Baselines closer than this many font sizes are not two lines of text one under the other. */
const SAME_ROW = 0.9;

/** One-piece lines in a row between two row-like lines: at most this many. */
const MAX_WRAPPED_LINES = 3;

/**
 * A one-piece line that belongs to a table row: close under the line above, or sharing the next
 * line's row; and no wider than a cell of the row above ('School terms are listed below.', a
 * paragraph between two tables, runs across the columns).
 */
function isWrappedCell(lines: LayoutLine[], i: number): boolean {
  const [line, next] = [lines[i]!, lines[i + 1]];
  return (
    line.cells.length === 1 &&
    (!line.breakBefore || (!!next && inRowAbove(next))) &&
    fitsACell(line.cells[0]!, rowAbove(lines, i))
  );
}

/** The nearest line above the i-th with two pieces or more. */
function rowAbove(lines: LayoutLine[], i: number): LayoutLine | undefined {
  for (let k = i - 1; k >= 0; k--) if (lines[k]!.cells.length > 1) return lines[k];
  return undefined;
}

/** Whether a piece fits in one cell of a row: from a cell's start to the next cell's. */
function fitsACell(piece: LineCell, row: LayoutLine | undefined): boolean {
  if (!row || row.cells.some((c) => c.column !== undefined)) return true;
  const slack = (row.size ?? 10) / 2;
  const starts = [-Infinity, ...row.cells.map((c) => c.start), Infinity];
  return starts.some(
    (start, k) =>
      k < starts.length - 1 && piece.start >= start - slack && piece.end <= starts[k + 1]! + slack,
  );
}

/** Of a header split at a column's start, a word may start this many type sizes from it. */
const HEADER_SPLIT_SLACK = 0.3;

/**
 * A header line set so tight that its cells read as one piece ('Annual tuition Per term Building
 * levy' over three columns): the piece is split where a word starts at the start of a column the
 * rows below share (two rows at least), a word's place estimated from the piece's mean character
 * width. Only a piece that itself starts at such a column, and only when every column start it
 * spans has such a word; otherwise the line is kept.
 */
function splitHeader(lines: LayoutLine[]): LayoutLine[] {
  const first = lines.findIndex((l) => l.cells.length > 1);
  const header = lines[first];
  const size = header?.size;
  if (!header || size === undefined || header.cells.some((c) => c.column !== undefined)) return lines;
  const slack = HEADER_SPLIT_SLACK * size;
  const below = lines
    .slice(first + 1)
    .filter((l) => l.cells.length > 1)
    .flatMap((l) => l.cells.map((c) => c.start));
  // A column's start: where the pieces of two rows below start, or more.
  const isColumnStart = (x: number) => below.filter((b) => Math.abs(b - x) <= slack).length >= 2;
  const starts = [...new Set(below.map(Math.round))]
    .filter(isColumnStart)
    .sort((a, b) => a - b)
    .filter((x, i, all) => i === 0 || x - all[i - 1]! > slack);
  const cells: LineCell[] = [];
  for (const cell of header.cells) {
    const inside = starts.filter((x) => x > cell.start + size && x < cell.end - size);
    const width = (cell.end - cell.start) / Math.max(1, cell.text.length);
    const spaces = [...cell.text.matchAll(/ /g)].map((m) => m.index!);
    const off = (k: number, x: number) => Math.abs(cell.start + (k + 1) * width - x);
    const cuts = inside.map((x) => {
      const nearest = spaces.reduce<number | undefined>(
        (b, k) => (b === undefined || off(k, x) < off(b, x) ? k : b),
        undefined,
      );
      return nearest !== undefined && off(nearest, x) <= slack ? nearest : undefined;
    });
    const cut =
      inside.length > 0 &&
      isColumnStart(cell.start) &&
      cuts.every((k, i) => k !== undefined && (i === 0 || k > cuts[i - 1]!));
    if (!cut) {
      cells.push(cell);
      continue;
    }
    let from = 0;
    for (const k of [...(cuts as number[]), cell.text.length]) {
      cells.push({
        text: cell.text.slice(from, k).trim(),
        start: cell.start + from * width,
        end: cell.start + k * width,
      });
      from = k + 1;
    }
  }
  return lines.map((line, i) => (i === first ? { ...line, cells } : line));
}

/** A table made of lines[start..end), or null when they do not line up in two or more columns. */
function tableOf(table: LayoutLine[], isWord: IsWord): TableBlock | null {
  const lines = splitHeader(table);
  const rows = lines.filter((l) => l.cells.length > 1);
  if (rows.length < 2) return null;
  const tabbed = rows.every(isTabbed);
  const columns = tabbed ? [] : columnsOf(rows);
  const width = tabbed ? rows.reduce((n, l) => Math.max(n, l.cells.length), 0) : columns.length;
  if (width < 2) return null;
  // Every row must spread over two columns or more: prose split at chance spaces does not.
  const spread = rows.every((l) => new Set(l.cells.map((c) => columnIndex(c, columns))).size >= 2);
  return spread ? tableBlock(gridOf(lines, columns, width, isWord)) : null;
}

/**
 * The table runs among lines: [start, end) and the table. A run is consecutive row-like lines
 * (a single wrapped line between or just after them joins), two rows at least.
 */
export function findTables(
  lines: LayoutLine[],
  isWord: IsWord = () => true,
): { start: number; end: number; table: TableBlock }[] {
  const found: { start: number; end: number; table: TableBlock }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!isRowLike(lines[i]!)) continue;
    let end = i + 1;
    for (; end < lines.length; end++) {
      const line = lines[end]!;
      if (isRowLike(line)) continue;
      // One-piece lines inside the table (wrapped cells) are kept if a row follows them: each under
      // the row above, or above a row it shares (a centred row's first line).
      let k = end;
      while (k < lines.length && k - end < MAX_WRAPPED_LINES && isWrappedCell(lines, k)) k++;
      if (k === end || !lines[k] || !isRowLike(lines[k]!)) break;
      end = k;
    }
    // A last wrapped line: close under the last row and not in its first column, or in its row, or
    // in its first column's cell and alone (a paragraph after the table starts at its margin or goes on).
    const last = lines[end];
    const firstColumn = lines[end - 1]!.cells[0]!.start;
    const afterLast = lines[end + 1];
    if (
      last &&
      last.cells.length === 1 &&
      (inRowAbove(last) ||
        (!last.breakBefore &&
          (last.cells[0]!.start > lines[i]!.cells[0]!.end ||
            // (on a PDF page, where a paragraph after a table has a gap above it)
            (last.size !== undefined &&
              Math.abs(last.cells[0]!.start - firstColumn) < 1 &&
              (!afterLast || afterLast.breakBefore || afterLast.cells[0]!.start < firstColumn - 1)))))
    )
      end++;
    // A one-piece line just above, sharing the first row (a wrapped header cell's first line).
    const after = found.at(-1)?.end ?? 0;
    const start = i > after && inRowAbove(lines[i]!) && lines[i - 1]!.cells.length === 1 ? i - 1 : i;
    const table = tableOf(lines.slice(start, end), isWord);
    if (table && table.rows.length > 0) {
      found.push({ start, end, table });
      i = end - 1;
    } else if (end - i > RETRY_RUN) i = end - 1; // a long run that is no table is not tried again line by line
  }
  return found;
}
