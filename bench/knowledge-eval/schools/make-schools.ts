// Renders the four evaluation handbooks (schools/<school>/handbook.md, written by hand) to handbook.pdf and
// handbook.docx beside each one, as a school would export them: real text with headings, lists, Q&A lines
// and tables (a real Word table in the DOCX; columns of text at fixed x positions in the PDF).
// Usage: npx tsx bench/knowledge-eval/schools/make-schools.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  Packer,
  PageBreak,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import PDFDocument from 'pdfkit';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The schools, each a folder beside this file holding handbook.md. */
export const SCHOOLS = [
  { id: 'harbourview', author: 'Harbourview School' },
  { id: 'oakridge', author: 'The Oakridge Day School' },
  { id: 'fernwood', author: 'Fernwood House School' },
  { id: 'wattle', author: 'Wattle Grove School' },
] as const;

/** A fixed date, so that re-running the script changes the outputs only when the text changes. */
const FIXED_DATE = new Date('2026-08-01T00:00:00Z');

export type QaLabel = 'Q:' | 'A:' | 'Question:' | 'Answer:';
export type Align = 'left' | 'right' | 'center';
export type Block =
  | { kind: 'title' | 'part' | 'section' | 'paragraph' | 'bullet' | 'caption'; text: string }
  | { kind: 'numbered'; text: string; number: number }
  | { kind: 'qa'; label: QaLabel; text: string }
  | { kind: 'table'; header: string[]; rows: string[][]; align: Align[] };

/** Inline runs of a line: "**bold**" spans and plain text. */
type Run = { text: string; bold: boolean };

function runs(text: string): Run[] {
  return text
    .split(/(\*\*[^*]+\*\*)/)
    .filter((part) => part.length > 0)
    .map((part) =>
      part.startsWith('**') && part.endsWith('**') && part.length > 4
        ? { text: part.slice(2, -2), bold: true }
        : { text: part, bold: false },
    );
}

const plain = (text: string) => text.replace(/\*\*/g, '');

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => plain(cell.trim()));
}

const SEPARATOR = /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/;

function alignment(separator: string): Align[] {
  return cells(separator).map((cell) =>
    cell.startsWith(':') && cell.endsWith(':') ? 'center' : cell.endsWith(':') ? 'right' : 'left',
  );
}

/**
 * The handbooks' small Markdown dialect: #, ##, ###, "- ", "1. ", "Q:"/"A:" and "Question:"/"Answer:"
 * lines, GitHub-style pipe tables (header row, separator row, body rows) and paragraphs. A paragraph right
 * before a table is the table's caption.
 */
export function parseSchoolHandbook(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n').map((raw) => raw.trim());
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line) continue;
    let m: RegExpMatchArray | null;
    if (line.startsWith('|')) {
      const tableLines: string[] = [];
      while (i < lines.length && lines[i]!.startsWith('|')) tableLines.push(lines[i++]!);
      i--;
      const [headerLine, separator, ...body] = tableLines;
      if (!headerLine || !separator || !SEPARATOR.test(separator))
        throw new Error(`Table without a header and separator row: ${headerLine}`);
      const header = cells(headerLine);
      const rows = body.map(cells);
      for (const row of rows)
        if (row.length !== header.length)
          throw new Error(
            `Table row has ${row.length} cells, header has ${header.length}: ${row.join(' | ')}`,
          );
      const previous = blocks[blocks.length - 1];
      if (previous?.kind === 'paragraph') previous.kind = 'caption';
      blocks.push({ kind: 'table', header, rows, align: alignment(separator) });
    } else if ((m = line.match(/^### (.*)$/))) blocks.push({ kind: 'section', text: m[1]! });
    else if ((m = line.match(/^## (.*)$/))) blocks.push({ kind: 'part', text: m[1]! });
    else if ((m = line.match(/^# (.*)$/))) blocks.push({ kind: 'title', text: m[1]! });
    else if ((m = line.match(/^- (.*)$/))) blocks.push({ kind: 'bullet', text: m[1]! });
    else if ((m = line.match(/^(\d+)\. (.*)$/)))
      blocks.push({ kind: 'numbered', number: Number(m[1]), text: m[2]! });
    else if ((m = line.match(/^(Q:|A:|Question:|Answer:) (.*)$/)))
      blocks.push({ kind: 'qa', label: m[1] as QaLabel, text: m[2]! });
    else blocks.push({ kind: 'paragraph', text: line });
  }
  return blocks;
}

// ---------------------------------------------------------------------------------------------------------
// PDF

const MARGIN = 72;
const TABLE_FONT_SIZE = 9;
const CELL_PADDING = 8;

type Pdf = InstanceType<typeof PDFDocument>;

/** Writes a line of inline runs, switching font for bold spans. */
function pdfRuns(doc: Pdf, text: string, size: number, options: PDFKit.Mixins.TextOptions = {}): void {
  const parts = runs(text);
  parts.forEach((run, index) => {
    doc
      .font(run.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .text(run.text, { ...options, continued: index < parts.length - 1 });
  });
}

/**
 * Column widths: each column's natural width (its widest cell), or, when the table is wider than the
 * page, the widest columns trimmed until it fits (their cells then wrap within the column).
 */
function columnWidths(doc: Pdf, table: Extract<Block, { kind: 'table' }>, available: number): number[] {
  const natural = table.header.map((head, column) => {
    doc.font('Helvetica-Bold').fontSize(TABLE_FONT_SIZE);
    let widest = doc.widthOfString(head);
    doc.font('Helvetica').fontSize(TABLE_FONT_SIZE);
    for (const row of table.rows) widest = Math.max(widest, doc.widthOfString(row[column]!));
    return Math.ceil(widest) + CELL_PADDING + 1;
  });
  if (natural.reduce((a, b) => a + b, 0) <= available) return natural;
  // Water-filling: columns narrower than a fair share keep their width; the rest share what is left.
  const widths = [...natural];
  let open = widths.map((_, i) => i);
  let remaining = available;
  for (;;) {
    const share = remaining / open.length;
    const small = open.filter((i) => natural[i]! <= share);
    if (small.length === 0) {
      for (const i of open) widths[i] = Math.floor(share);
      break;
    }
    for (const i of small) remaining -= natural[i]!;
    open = open.filter((i) => natural[i]! > share);
    if (open.length === 0) break;
  }
  return widths;
}

/** Counts the table cells that had to wrap onto a second line, to report them. */
let wrappedCells = 0;

function pdfTable(doc: Pdf, table: Extract<Block, { kind: 'table' }>): void {
  const left = MARGIN;
  const available = doc.page.width - 2 * MARGIN;
  const widths = columnWidths(doc, table, available);
  const tableWidth = widths.reduce((a, b) => a + b, 0);
  const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((a, b) => a + b, 0));

  const rowHeight = (row: string[], bold: boolean) =>
    Math.max(
      ...row.map((cell, i) => {
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(TABLE_FONT_SIZE);
        return doc.heightOfString(cell, { width: widths[i]! - CELL_PADDING });
      }),
    ) + 5;

  const drawRow = (row: string[], bold: boolean) => {
    const height = rowHeight(row, bold);
    const y = doc.y;
    row.forEach((cell, i) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(TABLE_FONT_SIZE);
      const width = widths[i]! - CELL_PADDING;
      if (doc.widthOfString(cell) > width) wrappedCells++;
      doc.text(cell, xs[i]! + CELL_PADDING / 2, y + 2.5, { width, align: table.align[i] ?? 'left' });
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + tableWidth, y + height)
      .lineWidth(bold ? 0.8 : 0.3)
      .strokeColor(bold ? '#12355b' : '#bbbbbb')
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };

  const bottom = () => doc.page.height - doc.page.margins.bottom;
  // The header and first row stay together; a table that runs onto a new page repeats its header row.
  if (doc.y + rowHeight(table.header, true) + rowHeight(table.rows[0] ?? table.header, false) > bottom())
    doc.addPage();
  drawRow(table.header, true);
  for (const row of table.rows) {
    if (doc.y + rowHeight(row, false) > bottom()) {
      doc.addPage();
      drawRow(table.header, true);
    }
    drawRow(row, false);
  }
  doc.x = left;
  doc.moveDown(1);
}

function writePdf(blocks: Block[], file: string, title: string, author: string): Promise<void> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: title, Author: author, CreationDate: FIXED_DATE, ModDate: FIXED_DATE },
  });
  const out = fs.createWriteStream(file);
  doc.pipe(out);
  const width = doc.page.width - 2 * MARGIN;
  let first = true;
  for (const block of blocks) {
    switch (block.kind) {
      case 'title':
        doc.moveDown(6).font('Helvetica-Bold').fontSize(24).text(block.text, { align: 'center' });
        doc.moveDown(2);
        break;
      case 'part':
        // Every part starts on a fresh page, like the printed handbook.
        if (!first) doc.addPage();
        doc.font('Helvetica-Bold').fontSize(18).fillColor('#12355b').text(block.text);
        doc.fillColor('black').moveDown(0.8);
        break;
      case 'section':
        doc.moveDown(0.6).font('Helvetica-Bold').fontSize(13).fillColor('#12355b').text(block.text);
        doc.fillColor('black').moveDown(0.3);
        break;
      case 'caption':
        doc.moveDown(0.2).font('Helvetica-Bold').fontSize(10).fillColor('#333333').text(plain(block.text));
        doc.fillColor('black').moveDown(0.3);
        break;
      case 'paragraph':
        pdfRuns(doc, block.text, 11, { align: 'left', lineGap: 2 });
        doc.moveDown(0.6);
        break;
      case 'bullet':
        pdfRuns(doc, `\u2022  ${block.text}`, 11, { indent: 12, lineGap: 2 });
        doc.moveDown(0.3);
        break;
      case 'numbered':
        pdfRuns(doc, `${block.number}. ${block.text}`, 11, { indent: 12, lineGap: 2 });
        doc.moveDown(0.3);
        break;
      case 'qa': {
        const question = block.label === 'Q:' || block.label === 'Question:';
        doc.font('Helvetica-Bold').fontSize(11).text(`${block.label} `, { continued: true, lineGap: 2 });
        doc.font('Helvetica').text(plain(block.text), { lineGap: 2 });
        doc.moveDown(question ? 0.2 : 0.7);
        break;
      }
      case 'table':
        pdfTable(doc, block);
        break;
    }
    first = false;
  }
  // Footers with page numbers, written once every page exists.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#555555')
      .text(`${title} - page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - 48, {
        width,
        align: 'center',
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return new Promise((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------------------
// DOCX

const textRuns = (text: string) => runs(text).map((run) => new TextRun({ text: run.text, bold: run.bold }));

/** Page width inside the margins of a Letter page with 1-inch margins, in twentieths of a point. */
const DOCX_TABLE_WIDTH = 9360;

function docxTable(table: Extract<Block, { kind: 'table' }>): Table {
  // Columns as wide as their longest cell (in characters), scaled to the page width.
  const longest = table.header.map((head, column) =>
    Math.max(head.length, ...table.rows.map((row) => row[column]!.length), 4),
  );
  const total = longest.reduce((a, b) => a + b, 0);
  const columnWidths = longest.map((n) => Math.round((n / total) * DOCX_TABLE_WIDTH));
  const alignments = { left: AlignmentType.LEFT, right: AlignmentType.RIGHT, center: AlignmentType.CENTER };
  const border = { style: BorderStyle.SINGLE, size: 4, color: 'BBBBBB' };
  const row = (values: string[], header: boolean) =>
    new TableRow({
      // Only the header row carries the flag: mammoth reads an explicit tblHeader "off" as a header too.
      ...(header ? { tableHeader: true } : {}),
      cantSplit: true,
      children: values.map(
        (value, i) =>
          new TableCell({
            width: { size: columnWidths[i]!, type: WidthType.DXA },
            shading: header ? { fill: 'DCE6F1' } : undefined,
            margins: { top: 40, bottom: 40, left: 80, right: 80 },
            children: [
              new Paragraph({
                alignment: alignments[table.align[i] ?? 'left'],
                children: [new TextRun({ text: value, bold: header, size: 20 })],
              }),
            ],
          }),
      ),
    });
  return new Table({
    width: { size: DOCX_TABLE_WIDTH, type: WidthType.DXA },
    columnWidths,
    borders: {
      top: border,
      bottom: border,
      left: border,
      right: border,
      insideHorizontal: border,
      insideVertical: border,
    },
    rows: [row(table.header, true), ...table.rows.map((values) => row(values, false))],
  });
}

function docxChildren(blocks: Block[]): (Paragraph | Table)[] {
  const children: (Paragraph | Table)[] = [];
  let first = true;
  for (const block of blocks) {
    switch (block.kind) {
      case 'title':
        children.push(new Paragraph({ text: block.text, heading: HeadingLevel.TITLE }));
        break;
      case 'part':
        children.push(
          new Paragraph({
            heading: HeadingLevel.HEADING_1,
            children: [...(first ? [] : [new PageBreak()]), new TextRun(block.text)],
          }),
        );
        break;
      case 'section':
        children.push(new Paragraph({ text: block.text, heading: HeadingLevel.HEADING_2 }));
        break;
      case 'caption':
        children.push(
          new Paragraph({
            keepNext: true,
            spacing: { before: 120, after: 60 },
            children: [new TextRun({ text: plain(block.text), bold: true })],
          }),
        );
        break;
      case 'paragraph':
        children.push(new Paragraph({ children: textRuns(block.text), spacing: { after: 120 } }));
        break;
      case 'bullet':
        children.push(new Paragraph({ children: textRuns(block.text), bullet: { level: 0 } }));
        break;
      case 'numbered':
        children.push(
          new Paragraph({ children: textRuns(`${block.number}. ${block.text}`), indent: { left: 360 } }),
        );
        break;
      case 'qa': {
        const question = block.label === 'Q:' || block.label === 'Question:';
        children.push(
          new Paragraph({
            children: [new TextRun({ text: `${block.label} `, bold: true }), ...textRuns(block.text)],
            spacing: { after: question ? 40 : 160 },
          }),
        );
        break;
      }
      case 'table':
        children.push(docxTable(block));
        // A little room after the table, before the next paragraph.
        children.push(new Paragraph({ text: '', spacing: { after: 60 } }));
        break;
    }
    if (block.kind !== 'title') first = false;
  }
  return children;
}

/**
 * Runs `work` with the clock stopped at FIXED_DATE: the docx package stamps the document's created and
 * modified dates (when the Document is built) and every zip entry (when it is packed) with the current
 * time, which would make each run's file differ.
 */
async function atFixedTime<T>(work: () => Promise<T>): Promise<T> {
  const RealDate = Date;
  const fixed = FIXED_DATE.getTime();
  class FixedDate extends RealDate {
    constructor(value?: number | string | Date) {
      super(value === undefined ? fixed : value);
    }
    static override now(): number {
      return fixed;
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
  try {
    return await work();
  } finally {
    globalThis.Date = RealDate;
  }
}

async function writeDocx(blocks: Block[], file: string, title: string, author: string): Promise<void> {
  const buffer = await atFixedTime(() => {
    const doc = new Document({
      creator: author,
      title,
      styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
      sections: [{ children: docxChildren(blocks) }],
    });
    return Packer.toBuffer(doc);
  });
  fs.writeFileSync(file, buffer);
}

// ---------------------------------------------------------------------------------------------------------

for (const school of SCHOOLS) {
  const dir = path.join(here, school.id);
  const blocks = parseSchoolHandbook(fs.readFileSync(path.join(dir, 'handbook.md'), 'utf8'));
  const titleBlock = blocks.find((b) => b.kind === 'title');
  const title = titleBlock && 'text' in titleBlock ? titleBlock.text : school.author;
  wrappedCells = 0;
  await writePdf(blocks, path.join(dir, 'handbook.pdf'), title, school.author);
  await writeDocx(blocks, path.join(dir, 'handbook.docx'), title, school.author);
  const tables = blocks.filter((b) => b.kind === 'table').length;
  console.log(
    `${school.id}: handbook.pdf and handbook.docx written (${blocks.length} blocks, ${tables} tables, ` +
      `${wrappedCells} table cells wrapped in the PDF)`,
  );
}
