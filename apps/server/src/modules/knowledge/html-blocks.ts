import { tableBlock } from './table-rows';
import { attachCaptions, boldHeadings, clean, type TextBlock } from './text-blocks';

/**
 * Blocks of mammoth's HTML (a DOCX): h1-h6 headings, p and li paragraphs, and tables. A table of
 * data (two rows and two columns or more, short cells, no headings inside) becomes a table block
 * whose rows keep their column headers; merged cells are repeated into each row they cover. A table
 * used for layout (one row or column, long cells) gives its cells' blocks in reading order.
 */
const BLOCK_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'li']);
const LAYOUT_CELL_CHARS = 600;

type Cell = { blocks: TextBlock[]; isHeader: boolean; rowSpan: number; colSpan: number };
type TableState = { rows: Cell[][]; row: Cell[] | null; cell: Cell | null; inHead: boolean };

const spanOf = (attributes: string, name: string) => {
  const match = new RegExp(`${name}\\s*=\\s*"?(\\d+)`, 'i').exec(attributes);
  return Math.max(1, Math.min(50, Number(match?.[1] ?? 1)));
};

export function htmlBlocks(html: string): TextBlock[] {
  const out: TextBlock[] = [];
  const tables: TableState[] = []; // nested tables: only the outermost keeps its structure
  // `plain`: the paragraph has text outside <strong>/<b> (one wholly in bold may be a heading).
  let open: { tag: string; text: string; plain: boolean; marker?: string } | null = null;
  let bold = 0;
  // Word numbers a list itself: mammoth gives <ol> with no numbers in the text, so they are counted here.
  const lists: { ordered: boolean; count: number }[] = [];

  const target = () => tables[0]?.cell?.blocks ?? out;
  const flush = () => {
    if (!open) return;
    const text = clean(decodeEntities(open.text));
    const blocks = target();
    if (text) {
      if (open.tag.startsWith('h')) blocks.push({ kind: 'heading', level: Number(open.tag[1]), text });
      else if (open.tag === 'li') blocks.push({ kind: 'paragraph', text: `${open.marker ?? '-'} ${text}` });
      else blocks.push({ kind: 'paragraph', text, ...(tables.length ? {} : { bold: !open.plain }) });
    }
    open = null;
  };

  for (const match of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g)) {
    const [, closing, rawTag, attributes = '', text] = match;
    if (text !== undefined) {
      if (open) open.text += text;
      else if (text.trim()) open = { tag: 'p', text, plain: false }; // text outside a paragraph (in a cell, after a sublist)
      if (open && bold === 0 && text.trim()) open.plain = true;
      continue;
    }
    const tag = rawTag!.toLowerCase();
    if (tag === 'strong' || tag === 'b') bold = Math.max(0, bold + (closing ? -1 : 1));
    else if (tag === 'br') {
      if (open) open.text += ' ';
    } else if (tag === 'ol' || tag === 'ul') {
      flush();
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol', count: 0 });
    } else if (BLOCK_TAGS.has(tag)) {
      flush();
      if (!closing) open = { tag, text: '', plain: false };
      const list = lists.at(-1);
      if (!closing && tag === 'li' && list?.ordered) open!.marker = `${++list.count}.`;
    } else if (tag === 'table') {
      flush();
      if (!closing) tables.push({ rows: [], row: null, cell: null, inHead: false });
      else {
        const done = tables.pop();
        if (done && tables.length === 0) for (const block of tableBlocks(done.rows)) out.push(block);
      }
    } else if (tables.length === 1) {
      flush();
      cellStructure(tables[0]!, tag, Boolean(closing), attributes);
    }
  }
  flush();
  return boldHeadings(attachCaptions(out));
}

function cellStructure(table: TableState, tag: string, closing: boolean, attributes: string) {
  if (tag === 'thead') table.inHead = !closing;
  else if (tag === 'tr') {
    if (table.row) table.rows.push(table.row);
    table.row = closing ? null : [];
  } else if (tag === 'td' || tag === 'th') {
    if (closing) table.cell = null;
    else {
      table.cell = {
        blocks: [],
        isHeader: tag === 'th' || table.inHead,
        rowSpan: spanOf(attributes, 'rowspan'),
        colSpan: spanOf(attributes, 'colspan'),
      };
      (table.row ??= []).push(table.cell);
    }
  }
}

const cellText = (cell: Cell) => clean(cell.blocks.map((b) => b.text).join(' '));

/** The rows' cells in their columns, merged cells repeated into every row and column they span. */
function gridOf(rows: Cell[][]): { grid: string[][]; headerRows: number } {
  const grid: string[][] = [];
  const covered: (string | undefined)[][] = [];
  let headerRows = 0;
  rows.forEach((row, r) => {
    const line: string[] = [];
    let column = 0;
    for (const cell of row) {
      while (covered[r]?.[column] !== undefined) line[column] = covered[r]![column++]!;
      const text = cellText(cell);
      for (let c = 0; c < cell.colSpan; c++) {
        line[column + c] = c === 0 || cell.isHeader ? text : '';
        for (let below = 1; below < cell.rowSpan; below++) (covered[r + below] ??= [])[column + c] = text;
      }
      column += cell.colSpan;
    }
    covered[r]?.forEach((text, c) => text !== undefined && line[c] === undefined && (line[c] = text));
    grid.push(Array.from(line, (text) => text ?? ''));
    if (r === headerRows && row.length > 0 && row.every((c) => c.isHeader)) headerRows++;
  });
  return { grid, headerRows };
}

function tableBlocks(rows: Cell[][]): TextBlock[] {
  const cells = rows.flat();
  const columns = rows.reduce(
    (most, r) =>
      Math.max(
        most,
        r.reduce((n, c) => n + c.colSpan, 0),
      ),
    0,
  );
  const isLayout =
    rows.length < 2 ||
    columns < 2 ||
    cells.some((c) => c.blocks.some((b) => b.kind !== 'paragraph') || cellText(c).length > LAYOUT_CELL_CHARS);
  if (isLayout) return cells.flatMap((c) => c.blocks);
  const { grid, headerRows } = gridOf(rows);
  // Two header rows (a group's name above its columns' names) read as one: "Fees Annual".
  const header = (grid[0] ?? []).map((_, i) =>
    [
      ...new Set(
        grid
          .slice(0, headerRows)
          .map((row) => row[i])
          .filter(Boolean),
      ),
    ].join(' '),
  );
  const body = grid.slice(headerRows);
  const table = headerRows > 0 ? tableBlock([header, ...body], { hasHeader: true }) : tableBlock(grid);
  return table ? [table] : [];
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&amp;/g, '&');
}
