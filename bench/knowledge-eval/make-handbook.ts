// Renders the evaluation handbook (handbook.md, written by hand) to handbook.pdf and handbook.docx:
// real text with headings, lists and a page break before every part, as a school would export it.
// Usage: npx tsx bench/knowledge-eval/make-handbook.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, HeadingLevel, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import PDFDocument from 'pdfkit';

const here = path.dirname(fileURLToPath(import.meta.url));

export type Block =
  | { kind: 'title' | 'part' | 'section' | 'paragraph' | 'bullet'; text: string }
  | { kind: 'numbered'; text: string; number: number }
  | { kind: 'qa'; label: 'Q:' | 'A:'; text: string };

/** The handbook's small Markdown dialect: #, ##, ###, "- ", "1. ", "Q:"/"A:" and paragraphs. */
export function parseHandbook(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    let m: RegExpMatchArray | null;
    if ((m = line.match(/^### (.*)$/))) blocks.push({ kind: 'section', text: m[1]! });
    else if ((m = line.match(/^## (.*)$/))) blocks.push({ kind: 'part', text: m[1]! });
    else if ((m = line.match(/^# (.*)$/))) blocks.push({ kind: 'title', text: m[1]! });
    else if ((m = line.match(/^- (.*)$/))) blocks.push({ kind: 'bullet', text: m[1]! });
    else if ((m = line.match(/^(\d+)\. (.*)$/)))
      blocks.push({ kind: 'numbered', number: Number(m[1]), text: m[2]! });
    else if ((m = line.match(/^(Q:|A:) (.*)$/)))
      blocks.push({ kind: 'qa', label: m[1] as 'Q:' | 'A:', text: m[2]! });
    else blocks.push({ kind: 'paragraph', text: line });
  }
  return blocks;
}

const FOOTER = 'Brightwater Academy Parent Handbook 2026-2027';

function writePdf(blocks: Block[], file: string): Promise<void> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 72, bottom: 72, left: 72, right: 72 },
    bufferPages: true,
    // A fixed date, so that re-running the script changes the PDF only when the text changes.
    info: { Title: FOOTER, Author: 'Brightwater Academy', CreationDate: new Date('2026-08-01T00:00:00Z') },
  });
  const out = fs.createWriteStream(file);
  doc.pipe(out);
  const width = doc.page.width - 144;
  let first = true;
  for (const block of blocks) {
    switch (block.kind) {
      case 'title':
        doc.moveDown(6).font('Helvetica-Bold').fontSize(26).text(block.text, { align: 'center' });
        doc.moveDown(2);
        break;
      case 'part':
        // Every part starts on a fresh page, like the printed handbook.
        if (!first) doc.addPage();
        doc.font('Helvetica-Bold').fontSize(20).fillColor('#12355b').text(block.text);
        doc.fillColor('black').moveDown(0.8);
        break;
      case 'section':
        doc.moveDown(0.6).font('Helvetica-Bold').fontSize(14).fillColor('#12355b').text(block.text);
        doc.fillColor('black').moveDown(0.3);
        break;
      case 'paragraph':
        doc.font('Helvetica').fontSize(11).text(block.text, { align: 'left', lineGap: 2 });
        doc.moveDown(0.6);
        break;
      case 'bullet':
        doc.font('Helvetica').fontSize(11).text(`\u2022  ${block.text}`, { indent: 12, lineGap: 2 });
        doc.moveDown(0.3);
        break;
      case 'numbered':
        doc.font('Helvetica').fontSize(11).text(`${block.number}. ${block.text}`, { indent: 12, lineGap: 2 });
        doc.moveDown(0.3);
        break;
      case 'qa':
        doc.font('Helvetica-Bold').fontSize(11).text(`${block.label} `, { continued: true, lineGap: 2 });
        doc.font('Helvetica').text(block.text, { lineGap: 2 });
        doc.moveDown(block.label === 'A:' ? 0.7 : 0.2);
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
      .text(`${FOOTER} - page ${i + 1} of ${range.count}`, 72, doc.page.height - 48, {
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

function docxParagraphs(blocks: Block[]): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  let first = true;
  for (const block of blocks) {
    switch (block.kind) {
      case 'title':
        paragraphs.push(new Paragraph({ text: block.text, heading: HeadingLevel.TITLE }));
        break;
      case 'part':
        paragraphs.push(
          new Paragraph({
            heading: HeadingLevel.HEADING_1,
            children: [...(first ? [] : [new PageBreak()]), new TextRun(block.text)],
          }),
        );
        break;
      case 'section':
        paragraphs.push(new Paragraph({ text: block.text, heading: HeadingLevel.HEADING_2 }));
        break;
      case 'paragraph':
        paragraphs.push(new Paragraph({ text: block.text, spacing: { after: 120 } }));
        break;
      case 'bullet':
        paragraphs.push(new Paragraph({ text: block.text, bullet: { level: 0 } }));
        break;
      case 'numbered':
        paragraphs.push(new Paragraph({ text: `${block.number}. ${block.text}`, indent: { left: 360 } }));
        break;
      case 'qa':
        paragraphs.push(
          new Paragraph({
            children: [new TextRun({ text: `${block.label} `, bold: true }), new TextRun(block.text)],
            spacing: { after: block.label === 'A:' ? 160 : 40 },
          }),
        );
        break;
    }
    if (block.kind !== 'title') first = false;
  }
  return paragraphs;
}

async function writeDocx(blocks: Block[], file: string): Promise<void> {
  const doc = new Document({
    creator: 'Brightwater Academy',
    title: FOOTER,
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections: [{ children: docxParagraphs(blocks) }],
  });
  fs.writeFileSync(file, await Packer.toBuffer(doc));
}

const blocks = parseHandbook(fs.readFileSync(path.join(here, 'handbook.md'), 'utf8'));
await writePdf(blocks, path.join(here, 'handbook.pdf'));
await writeDocx(blocks, path.join(here, 'handbook.docx'));
console.log(`handbook.pdf and handbook.docx written (${blocks.length} blocks)`);
