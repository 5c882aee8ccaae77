/**
 * A table as lines a reader (and search) can use on their own: each row says its label and what
 * each value is ("Upper School: Grades: 9 to 12; Annual tuition: $48,200"), so a row found alone
 * still answers a question. The header row is kept once as a line of its own ("Division | Grades |
 * ...") so that no word of the table is lost, and the caption (the line just before the table)
 * travels with it.
 */
export type TableBlock = {
  kind: 'table';
  caption: string;
  /** The column headers as one line, or '' for a table without a header row. */
  header: string;
  rows: string[];
  /** Caption, header and rows, one a line: what a reader of the whole table sees. */
  text: string;
};

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A first row that names columns: three or more cells, every one filled, short, and none a figure
 * or a date; the first may be blank, the corner of a table whose rows are named too ("| Junior |
 * Senior" above "Class size | 8 | 12"). (Two columns without a marked header are read as label and
 * value: "Phone: 555-0100".)
 */
export function looksLikeHeaderRow(cells: string[]): boolean {
  const [corner = '', ...names] = cells;
  const isName = (c: string) => c.length > 0 && c.length <= 60 && !/\d/.test(c);
  return cells.length > 2 && (corner === '' || isName(corner)) && names.every(isName);
}

export function renderRow(cells: string[], header: string[]): string {
  const [label = '', ...values] = cells;
  const pairs = values
    .map((value, i) => {
      if (!value) return '';
      const name = header[i + 1];
      return name && name !== value ? `${name}: ${value}` : value;
    })
    .filter(Boolean);
  if (!label) return pairs.join('; ');
  return pairs.length ? `${label}: ${pairs.join('; ')}` : label;
}

/**
 * A table block from its cells (rows of cells, already in their columns). With `hasHeader`
 * undefined, the first row is the header when it looks like one. Empty rows are dropped, and so is
 * a header row repeated inside the table (a table continued on a new page repeats it).
 */
export function tableBlock(
  grid: string[][],
  options: { hasHeader?: boolean; caption?: string } = {},
): TableBlock | null {
  const rows = grid.map((row) => row.map(clean)).filter((row) => row.some(Boolean));
  if (rows.length === 0) return null;
  const hasHeader = options.hasHeader ?? (rows.length > 1 && looksLikeHeaderRow(rows[0]!));
  const header = hasHeader ? rows[0]! : [];
  const headerLine = header.filter(Boolean).join(' | ');
  const body = (hasHeader ? rows.slice(1) : rows).filter(
    (row) => !hasHeader || row.join('|') !== header.join('|'),
  );
  const lines = body.map((row) => renderRow(row, header)).filter(Boolean);
  const caption = clean(options.caption ?? '');
  return {
    kind: 'table',
    caption,
    header: headerLine,
    rows: lines,
    text: [caption, headerLine, ...lines].filter(Boolean).join('\n'),
  };
}

/** The same table with a caption (the short paragraph that came just before it). */
export function withCaption(table: TableBlock, caption: string): TableBlock {
  const text = [caption, table.header, ...table.rows].filter(Boolean).join('\n');
  return { ...table, caption, text };
}
