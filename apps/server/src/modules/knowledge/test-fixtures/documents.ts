import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import PDFDocument from 'pdfkit';

/** Small real documents for the knowledge tests, made with the same libraries a school's tools use. */

const here = path.dirname(fileURLToPath(import.meta.url));
export const fixturePath = (name: string) => path.join(here, name);
export const readFixture = (name: string) => fs.readFileSync(fixturePath(name));

export type Section = { heading: string; paragraphs: string[] };

/** A short parent handbook: sections a parent would ask about, with an FAQ at the end. */
export const HANDBOOK: Section[] = [
  {
    heading: 'Admissions',
    paragraphs: [
      'Families apply online through the admissions portal. The application fee is $75 and is waived for siblings of current students.',
      'Every applicant is invited to a campus visit and a short classroom observation before a place is offered.',
    ],
  },
  {
    heading: 'Tuition and Fees',
    paragraphs: [
      'Annual tuition for the 2026 school year is $24,500 for grades 1 to 8. A deposit of $1,000 secures a place.',
      'Families may pay in full, in two instalments, or in ten monthly payments. A sibling discount of 10% applies to the second child.',
    ],
  },
  {
    heading: 'Speech and Language Therapy',
    paragraphs: [
      'Students with a speech therapy plan receive two speech therapy sessions per week, each thirty minutes long, with a licensed speech-language pathologist.',
      'Therapists meet parents every term to review progress and set new goals.',
    ],
  },
  {
    heading: 'Occupational Therapy',
    paragraphs: [
      'Occupational therapy supports handwriting, fine motor skills and sensory regulation. Sessions happen in the sensory room on the ground floor.',
    ],
  },
  {
    heading: 'School Day and Transport',
    paragraphs: [
      'The school day runs from 8:30 am to 3:15 pm. Before-care opens at 7:30 am and after-care closes at 6 pm.',
      'Bus transport is available on four routes across the city for an extra fee.',
    ],
  },
];

export const HANDBOOK_FAQ = [
  { q: 'Do you offer lunch?', a: 'Yes. A hot lunch is served daily and dietary needs are accommodated.' },
  { q: 'Is there a uniform?', a: 'Students wear the school polo shirt with navy trousers or skirts.' },
];

export function handbookMarkdown(): string {
  const body = HANDBOOK.map((s) => `## ${s.heading}\n\n${s.paragraphs.join('\n\n')}`).join('\n\n');
  const faq = HANDBOOK_FAQ.map((f) => `Q: ${f.q}\nA: ${f.a}`).join('\n\n');
  return `# Parent Handbook\n\n${body}\n\n## Frequently Asked Questions\n\n${faq}\n`;
}

export function handbookText(): string {
  const body = HANDBOOK.map((s) => `${s.heading}\n\n${s.paragraphs.join('\n\n')}`).join('\n\n');
  const faq = HANDBOOK_FAQ.map((f) => `${f.q}\n${f.a}`).join('\n\n');
  return `PARENT HANDBOOK\n\n${body}\n\nFrequently Asked Questions\n\n${faq}\n`;
}

async function pdfBuffer(
  options: ConstructorParameters<typeof PDFDocument>[0],
  draw: (doc: PDFKit.PDFDocument) => void,
) {
  const doc = new PDFDocument(options);
  const parts: Buffer[] = [];
  doc.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  draw(doc);
  doc.end();
  await done;
  return Buffer.concat(parts);
}

const drawHandbook = (doc: PDFKit.PDFDocument) => {
  doc.fontSize(20).text('Parent Handbook');
  for (const section of HANDBOOK) {
    doc.moveDown().fontSize(15).text(section.heading).fontSize(11);
    for (const p of section.paragraphs) doc.moveDown(0.5).text(p);
  }
  doc.moveDown().fontSize(15).text('Frequently Asked Questions').fontSize(11);
  for (const f of HANDBOOK_FAQ) doc.moveDown(0.5).text(`Q: ${f.q}`).text(`A: ${f.a}`);
};

export const handbookPdf = () => pdfBuffer({}, drawHandbook);
export const passwordPdf = () => pdfBuffer({ userPassword: 'secret', ownerPassword: 'owner' }, drawHandbook);

export async function handbookDocx(): Promise<Buffer> {
  const children = [new Paragraph({ text: 'Parent Handbook', heading: HeadingLevel.HEADING_1 })];
  for (const section of HANDBOOK) {
    children.push(new Paragraph({ text: section.heading, heading: HeadingLevel.HEADING_2 }));
    for (const p of section.paragraphs) children.push(new Paragraph({ text: p }));
  }
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

/** Looks like a PDF for the first bytes, then garbage: a damaged download. */
export const corruptPdf = () =>
  Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), Buffer.alloc(3000, 0x41)]);
