// Writes test-fixtures/willow-creek-office.pdf: the Willow Creek handbook's DOCX (willowDocx) saved
// as PDF by LibreOffice Writer, as a school office makes its PDFs (typed bullets set apart by tab
// stops, cells set at the top of their row, each on pages of its own layout), so the coverage test
// reads a PDF no code of ours wrote; and willow-creek-hyphenated.pdf, the same with its prose
// justified and hyphenated (words broken at line ends).
// Run: npx tsx apps/server/src/modules/knowledge/test-fixtures/make-office-pdf.ts (needs LibreOffice
// and its English hyphenation patterns: apt-get install libreoffice-writer-nogui hyphen-en-us;
// SOFFICE_PATH, else soffice on the PATH)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixturePath } from './documents';
import { willowDocx } from './handbook-documents';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-office-'));
try {
  for (const [name, hyphenated] of [
    ['willow-creek-office.pdf', false],
    ['willow-creek-hyphenated.pdf', true],
  ] as const) {
    const docx = path.join(work, 'willow-creek.docx');
    fs.writeFileSync(docx, await willowDocx(undefined, { hyphenated }));
    execFileSync(
      process.env.SOFFICE_PATH ?? 'soffice',
      ['--headless', '--convert-to', 'pdf', '--outdir', work, docx],
      {
        stdio: 'ignore',
        env: { ...process.env, HOME: work },
      },
    );
    fs.copyFileSync(path.join(work, 'willow-creek.pdf'), fixturePath(name));
    process.stdout.write(`${fixturePath(name)}\n`);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
