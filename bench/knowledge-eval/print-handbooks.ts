// Prints every evaluation handbook as a school would publish a web page as a PDF: the Markdown
// rendered to HTML the way CommonMark renders it (lines of one paragraph joined, so a "Q:" line and
// its "A:" line become one paragraph), then printed by Chromium. Its PDFs differ from the
// pdfkit ones of make-schools.ts the way real ones do: list bullets drawn rather than typed, table
// cells that wrap, the other cells of their row centred on them.
// Writes handbook-printed.pdf beside each handbook.md (the evaluation's "printed" format).
// Usage: npx tsx bench/knowledge-eval/print-handbooks.ts (Chromium: CHROMIUM_PATH, else /usr/bin/chromium)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const inline = (text: string) => escape(text).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');

const TABLE_LINE = /^\s*\|/;
const SEPARATOR = /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/;
const LIST_ITEM = /^\s*(?:([-*])|(\d+)\.)\s+(.*)$/;
const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());

/** The handbooks' Markdown (headings, paragraphs, lists, pipe tables, bold) as HTML. */
function markdownToHtml(markdown: string): string {
  const lines = markdown.split(/\r?\n/);
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
  };
  for (let i = 0; i < lines.length;) {
    const line = lines[i]!;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      out.push(`<h${heading[1]!.length}>${inline(heading[2]!)}</h${heading[1]!.length}>`);
      i++;
    } else if (TABLE_LINE.test(line)) {
      flush();
      const rows: string[][] = [];
      for (; i < lines.length && TABLE_LINE.test(lines[i]!); i++)
        if (!SEPARATOR.test(lines[i]!.trim())) rows.push(cellsOf(lines[i]!));
      const [head, ...body] = rows;
      out.push(
        `<table><thead><tr>${head!.map((c) => `<th>${inline(c)}</th>`).join('')}</tr></thead><tbody>${body
          .map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`)
          .join('')}</tbody></table>`,
      );
    } else if (LIST_ITEM.test(line)) {
      flush();
      const ordered = !!LIST_ITEM.exec(line)![2];
      const items: string[] = [];
      for (; i < lines.length && LIST_ITEM.test(lines[i]!); i++) items.push(LIST_ITEM.exec(lines[i]!)![3]!);
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${items.map((item) => `<li>${inline(item)}</li>`).join('')}</${tag}>`);
    } else if (!line.trim()) {
      flush();
      i++;
    } else {
      paragraph.push(line.trim());
      i++;
    }
  }
  flush();
  return out.join('\n');
}

const STYLE = `
  body { font-family: 'DejaVu Serif', serif; font-size: 11pt; line-height: 1.45; margin: 0; }
  h1 { font-size: 22pt; } h2 { font-size: 16pt; } h3 { font-size: 13pt; }
  table { border-collapse: collapse; margin: 8pt 0; font-size: 10pt; }
  th, td { border: 1px solid #888; padding: 3pt 6pt; }
`;

const handbooks = [
  path.join(here, 'handbook.md'),
  ...fs
    .readdirSync(path.join(here, 'schools'))
    .map((name) => path.join(here, 'schools', name, 'handbook.md'))
    .filter((file) => fs.existsSync(file)),
];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  for (const file of handbooks) {
    const body = markdownToHtml(fs.readFileSync(file, 'utf8'));
    await page.setContent(
      `<!DOCTYPE html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body>${body}</body></html>`,
    );
    const out = path.join(path.dirname(file), 'handbook-printed.pdf');
    await page.pdf({
      path: out,
      format: 'A4',
      margin: { top: '2cm', bottom: '2cm', left: '2.2cm', right: '2.2cm' },
    });
    console.log(path.relative(process.cwd(), out));
  }
} finally {
  await browser.close();
}
