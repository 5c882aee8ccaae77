import {
  AlignmentType,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ISectionOptions,
} from 'docx';
import PDFDocument from 'pdfkit';
import { WILLOW_CREEK, type HandbookBlock } from './willow-creek';

/**
 * The Willow Creek handbook in every format a school uploads, each as that format's own tools
 * write it: Markdown with pipe tables, plain text with aligned columns and headings in a row, a
 * Word document with real tables and lists, a PDF with tables drawn at fixed x positions (one cell
 * wrapping), a two-column page and page footers.
 */
type HandbookTable = Extract<HandbookBlock, { kind: 'table' }>;

/** Every word the handbook holds, as one text (what the chunks must hold). */
export function handbookSourceText(blocks: HandbookBlock[] = WILLOW_CREEK): string {
  return blocks
    .map((b) => {
      if (b.kind === 'list') return b.items.join('\n');
      if (b.kind === 'table')
        return [b.caption, b.header.join(' '), ...b.rows.map((r) => r.join(' '))].join('\n');
      if (b.kind === 'qa') return `${b.question}\n${b.answer}`;
      if (b.kind === 'columns') return b.paragraphs.join('\n');
      return b.text;
    })
    .join('\n');
}

export function handbookTables(blocks: HandbookBlock[] = WILLOW_CREEK): HandbookTable[] {
  return blocks.filter((b): b is HandbookTable => b.kind === 'table');
}

export function willowMarkdown(blocks: HandbookBlock[] = WILLOW_CREEK): string {
  const part = (b: HandbookBlock): string => {
    switch (b.kind) {
      case 'heading':
        return `${'#'.repeat(b.level)} ${b.text}`;
      case 'list':
        return b.items.map((item) => `- ${item}`).join('\n');
      case 'table': {
        const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
        const separator = row(b.header.map(() => '---'));
        return `${b.caption}\n\n${[row(b.header), separator, ...b.rows.map(row)].join('\n')}`;
      }
      case 'qa':
        return `Q: ${b.question}\nA: ${b.answer}`;
      case 'columns':
        return b.paragraphs.join('\n\n');
      default:
        return b.text;
    }
  };
  return `${blocks.map(part).join('\n\n')}\n`;
}

function wrap(text: string, width = 76): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}

/** Plain text as a school types it: headings on their own lines (some in a row), columns lined up with spaces. */
export function willowText(blocks: HandbookBlock[] = WILLOW_CREEK): string {
  const out: string[] = [];
  blocks.forEach((b, i) => {
    const next = blocks[i + 1];
    switch (b.kind) {
      case 'heading':
        // Headings in a row: on adjacent lines, or (the first part) parted by a blank line.
        out.push(b.level === 1 ? b.text.toUpperCase() : b.text, '\n');
        if (next?.kind !== 'heading' || b.text.startsWith('Part 1')) out.push('\n');
        break;
      case 'list':
        out.push(b.items.join('\n'), '\n\n');
        break;
      case 'table': {
        const cells = [b.header, ...b.rows];
        const widths = b.header.map((_, c) => Math.max(...cells.map((r) => r[c]!.length)) + 3);
        const lines = cells.map((r) =>
          r
            .map((cell, c) => cell.padEnd(widths[c]!))
            .join('')
            .trimEnd(),
        );
        out.push(b.caption, '\n', lines.join('\n'), '\n\n');
        break;
      }
      case 'qa':
        out.push(`Q: ${b.question}\nA: ${b.answer}`, '\n\n');
        break;
      case 'columns':
        out.push(b.paragraphs.map((p) => wrap(p)).join('\n\n'), '\n\n');
        break;
      default:
        out.push(wrap(b.text), '\n\n');
    }
  });
  return out.join('');
}

/**
 * The handbook as a Word document. hyphenated: its prose justified with automatic hyphenation on,
 * as a designed handbook often is (words broken at line ends: 'regis-' / 'tration').
 */
export async function willowDocx(
  blocks: HandbookBlock[] = WILLOW_CREEK,
  { hyphenated = false }: { hyphenated?: boolean } = {},
): Promise<Buffer> {
  const prose = (text: string) =>
    new Paragraph({ text, ...(hyphenated ? { alignment: AlignmentType.JUSTIFIED } : {}) });
  const levels = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 };
  const cell = (text: string, bold = false) =>
    new TableCell({
      width: { size: 1800, type: WidthType.DXA },
      children: [new Paragraph({ children: [new TextRun({ text, bold })] })],
    });
  const children: ISectionOptions['children'][number][] = [];
  for (const b of blocks) {
    if (b.kind === 'heading') children.push(new Paragraph({ text: b.text, heading: levels[b.level] }));
    else if (b.kind === 'list')
      children.push(...b.items.map((text) => new Paragraph({ text, bullet: { level: 0 } })));
    else if (b.kind === 'table') {
      children.push(new Paragraph({ children: [new TextRun({ text: b.caption, bold: true })] }));
      const header = new TableRow({ tableHeader: true, children: b.header.map((h) => cell(h, true)) });
      const rows = b.rows.map((r) => new TableRow({ children: r.map((text) => cell(text)) }));
      children.push(new Table({ rows: [header, ...rows] }));
    } else if (b.kind === 'qa')
      children.push(new Paragraph({ text: `Q: ${b.question}` }), new Paragraph({ text: `A: ${b.answer}` }));
    else if (b.kind === 'columns') children.push(...b.paragraphs.map(prose));
    else children.push(prose(b.text));
  }
  return Packer.toBuffer(
    new Document({
      ...(hyphenated ? { hyphenation: { autoHyphenation: true } } : {}),
      sections: [{ children }],
    }),
  );
}

const MARGIN = 72;

function pdfTable(doc: PDFKit.PDFDocument, table: HandbookTable) {
  const width = doc.page.width - 2 * MARGIN;
  // Columns as wide as their longest cell, the last one capped so that a long value wraps.
  doc.font('Helvetica').fontSize(9);
  const natural = table.header.map((h, c) =>
    Math.max(doc.widthOfString(h), ...table.rows.map((r) => doc.widthOfString(r[c]!))),
  );
  const widths = natural.map((w) => Math.min(w + 14, 150));
  const scale = Math.min(1, width / widths.reduce((a, b) => a + b, 0));
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0) * scale);
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: widths[i]! * scale - 10 }));
    if (doc.y + Math.max(...heights) > doc.page.height - MARGIN) doc.addPage();
    const y = doc.y;
    cells.forEach((c, i) => doc.text(c, xs[i]!, y, { width: widths[i]! * scale - 10 }));
    doc.x = MARGIN;
    doc.y = y + Math.max(...heights) + 6;
  };
  doc.moveDown(0.3).font('Helvetica-Bold').fontSize(10).text(table.caption, MARGIN).moveDown(0.3);
  drawRow(table.header, true);
  for (const row of table.rows) drawRow(row, false);
  doc.font('Helvetica').fontSize(11).moveDown(0.8);
}

/** The handbook as a PDF: tables at fixed x positions, the therapies part in two columns, footers. */
export async function willowPdf(blocks: HandbookBlock[] = WILLOW_CREEK): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, bufferPages: true });
  const parts: Buffer[] = [];
  doc.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const sizes = { 1: 22, 2: 16, 3: 13 };
  const body = (text: string) => doc.font('Helvetica').fontSize(11).text(text, MARGIN).moveDown(0.6);
  for (const b of blocks) {
    if (b.kind === 'heading') {
      doc.moveDown(0.4).font('Helvetica-Bold').fontSize(sizes[b.level]).text(b.text, MARGIN).moveDown(0.3);
    } else if (b.kind === 'list') {
      for (const item of b.items)
        doc
          .font('Helvetica')
          .fontSize(11)
          .text(`\u2022  ${item}`, MARGIN + 12);
      doc.moveDown(0.6);
    } else if (b.kind === 'table') pdfTable(doc, b);
    else if (b.kind === 'qa') {
      doc
        .font('Helvetica')
        .fontSize(11)
        .text(`Q: ${b.question}`, MARGIN)
        .text(`A: ${b.answer}`)
        .moveDown(0.6);
    } else if (b.kind === 'columns') {
      // pdfkit clips text beyond `height`: room for half the text in each column, and then some.
      const text = b.paragraphs.join('\n\n');
      const columnWidth = (doc.page.width - 2 * MARGIN - 24) / 2;
      const height = doc.font('Helvetica').fontSize(11).heightOfString(text, { width: columnWidth }) / 2 + 60;
      if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
      const top = doc.y;
      const width = doc.page.width - 2 * MARGIN;
      doc.text(text, MARGIN, top, { columns: 2, columnGap: 24, height, width });
      doc.x = MARGIN;
      doc.y = top + height; // below the longer column (pdfkit leaves y at the end of the last one)
    } else body(b.text);
  }
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(
        `Willow Creek School - Parent Handbook - page ${i + 1} of ${range.count}`,
        MARGIN,
        doc.page.height - 40,
      );
  }
  doc.end();
  await done;
  return Buffer.concat(parts);
}
