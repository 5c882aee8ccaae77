// Saves every evaluation handbook's DOCX as a PDF the way a school's office does, with a word
// processor (LibreOffice Writer, headless). Its PDFs differ from pdfkit's and Chromium's as
// Word's do: bullets typed as glyphs and set apart by tab stops, table cells top-aligned, and a word
// or figure too wide for a narrow column broken at its edge ('A$6,15' / '0').
// Writes handbook-office.pdf beside each handbook.docx (the evaluation's "office" format).
// Usage: npx tsx bench/knowledge-eval/office-handbooks.ts (needs LibreOffice: apt-get install
// libreoffice-writer-nogui; SOFFICE_PATH, else soffice on the PATH)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadSchools } from './harness';

const handbooks = loadSchools().flatMap((school) => (school.files.docx ? [school.files.docx] : []));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-office-'));
try {
  for (const file of handbooks) {
    execFileSync(
      process.env.SOFFICE_PATH ?? 'soffice',
      ['--headless', '--convert-to', 'pdf', '--outdir', work, file],
      {
        stdio: 'ignore',
        env: { ...process.env, HOME: work },
      },
    );
    const out = path.join(path.dirname(file), 'handbook-office.pdf');
    fs.copyFileSync(path.join(work, 'handbook.pdf'), out);
    fs.rmSync(path.join(work, 'handbook.pdf'));
    console.log(path.relative(process.cwd(), out));
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
