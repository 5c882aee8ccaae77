import zlib from 'node:zlib';
import PDFDocument from 'pdfkit';

/**
 * PDFs built by hand for the upload tests: object 1 is the catalog. With `compressed`, those
 * objects go into a FlateDecode object stream found through a cross-reference stream (PDF 1.5),
 * as Acrobat and Word write them.
 */
export function makePdf(objects: string[], options: { compressed?: number[] } = {}): Buffer {
  const compressed = new Set(options.compressed ?? []);
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets = new Map<number, number>();
  const write = (number: number, body: Buffer | string) => {
    offsets.set(number, length);
    const bytes = Buffer.concat([
      Buffer.from(`${number} 0 obj\n`),
      Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(bytes);
    length += bytes.length;
  };
  objects.forEach((body, i) => compressed.has(i + 1) || write(i + 1, body));
  if (compressed.size === 0) {
    const size = objects.length + 1;
    const rows = [...Array(objects.length).keys()].map(
      (i) => `${String(offsets.get(i + 1)).padStart(10, '0')} 00000 n \n`,
    );
    const xref = `xref\n0 ${size}\n0000000000 65535 f \n${rows.join('')}trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
    return Buffer.concat([...parts, Buffer.from(xref)]);
  }
  const streamNumber = objects.length + 1;
  const inside = [...compressed].sort((a, b) => a - b);
  let header = '';
  let body = '';
  for (const number of inside) {
    header += `${number} ${body.length} `;
    body += `${objects[number - 1]}\n`;
  }
  const data = zlib.deflateSync(Buffer.from(header + body, 'latin1'));
  write(
    streamNumber,
    Buffer.concat([
      Buffer.from(
        `<< /Type /ObjStm /N ${inside.length} /First ${header.length} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
      ),
      data,
      Buffer.from('\nendstream'),
    ]),
  );
  const xrefNumber = streamNumber + 1;
  offsets.set(xrefNumber, length);
  const size = xrefNumber + 1;
  const table = Buffer.alloc(size * 7);
  for (let n = 0; n < size; n++) {
    const row = n * 7;
    if (n === 0) table.writeUInt16BE(0xffff, row + 5);
    else if (compressed.has(n)) {
      table[row] = 2;
      table.writeUInt32BE(streamNumber, row + 1);
      table.writeUInt16BE(inside.indexOf(n), row + 5);
    } else {
      table[row] = 1;
      table.writeUInt32BE(offsets.get(n)!, row + 1);
    }
  }
  const xref = Buffer.concat([
    Buffer.from(
      `${xrefNumber} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] /Root 1 0 R /Length ${table.length} >>\nstream\n`,
    ),
    table,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${length}\n%%EOF\n`),
  ]);
  return Buffer.concat([...parts, xref]);
}

const PAGES = [
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
];

/** A one-page PDF whose catalog holds `catalogEntries` (e.g. an /OpenAction), then `more` objects from 4. */
export const pdfWithCatalog = (catalogEntries: string, more: string[] = [], compressed?: number[]) =>
  makePdf([`<< /Type /Catalog /Pages 2 0 R ${catalogEntries} >>`, ...PAGES, ...more], { compressed });

/** The classic: JavaScript that runs when the PDF is opened. */
export const pdfWithOpenActionScript = () =>
  pdfWithCatalog('/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>');

/** A plain guide, as a school's tools make one. */
export async function cleanPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ info: { Title: 'Starter guide' } });
  const parts: Buffer[] = [];
  doc.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.fontSize(18).text('Starter guide for parents');
  doc.fontSize(11).text('Visit us on a Tuesday.', { link: 'https://example.org/tours' });
  doc.end();
  await done;
  return Buffer.concat(parts);
}
