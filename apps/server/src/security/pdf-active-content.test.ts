import zlib from 'node:zlib';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { OBJECT_STREAMS_MAX_BYTES, scanPdfActiveContent } from './pdf-active-content';
import { cleanPdf, makePdf, pdfWithCatalog, pdfWithOpenActionScript } from './test-fixtures/pdf-files';

const SCRIPT = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';

/** What pdf.js (the reader in every Firefox) would run when the document opens. */
async function scriptsOnOpen(pdf: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  try {
    return await document.getJSActions();
  } finally {
    await document.destroy();
  }
}

describe('scanPdfActiveContent', () => {
  it('finds JavaScript that runs when the PDF is opened', async () => {
    const pdf = pdfWithOpenActionScript();
    expect(await scriptsOnOpen(pdf)).toEqual({ OpenAction: ['app.alert(1)'] });
    expect(scanPdfActiveContent(pdf)).toEqual({ verdict: 'active', name: 'JavaScript' });
  });

  it('finds names written with #xx escapes', async () => {
    const pdf = pdfWithCatalog('/OpenAction << /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>');
    expect(await scriptsOnOpen(pdf)).toEqual({ OpenAction: ['app.alert(1)'] });
    expect(scanPdfActiveContent(pdf)).toEqual({ verdict: 'active', name: 'JavaScript' });
  });

  it('finds an action kept in a compressed object stream', async () => {
    const pdf = pdfWithCatalog('/OpenAction 4 0 R', [SCRIPT], [1, 4]);
    expect(pdf.includes('JavaScript')).toBe(false);
    expect(await scriptsOnOpen(pdf)).toEqual({ OpenAction: ['app.alert(1)'] });
    expect(scanPdfActiveContent(pdf)).toEqual({ verdict: 'active', name: 'JavaScript' });
  });

  it('finds launch actions, page and field actions, document scripts, Flash and XFA', () => {
    const cases: [string, string[], string][] = [
      ['/OpenAction << /S /Launch /F (cmd.exe) >>', [], 'Launch'],
      ['/Names << /JavaScript 4 0 R >>', ['<< /Names [(init) 5 0 R] >>', SCRIPT], 'JavaScript'],
      ['/AA << /WC 4 0 R >>', [SCRIPT], 'JavaScript'],
      ['/AcroForm << /Fields [] /XFA 4 0 R >>', ['<< >>'], 'XFA'],
      ['', ['<< /Type /Annot /Subtype /RichMedia >>'], 'RichMedia'],
      ['/OpenAction << /JS (app.alert\\(1\\)) >>', [], 'JS'],
    ];
    for (const [catalog, more, name] of cases)
      expect(scanPdfActiveContent(pdfWithCatalog(catalog, more)), name).toEqual({ verdict: 'active', name });
  });

  it('finds an object hidden where a reader can still be sent to it: a string, a comment, a fake stream', () => {
    const inString = pdfWithCatalog('/Title (4 0 obj << /S /JavaScript >> endobj)');
    expect(scanPdfActiveContent(inString)).toMatchObject({ verdict: 'active' });
    const inComment = Buffer.concat([pdfWithOpenActionScript().subarray(0, 15), Buffer.from('% /Launch\n')]);
    expect(scanPdfActiveContent(inComment)).toMatchObject({ verdict: 'active', name: 'Launch' });
    // The word `stream` in a string must not hide the real object stream after it.
    const real = pdfWithCatalog('/OpenAction 4 0 R', [SCRIPT], [4]);
    const decoy = Buffer.concat([
      Buffer.from('%PDF-1.7\n9 0 obj\n(a stream\n)\nendobj\n'),
      real.subarray(real.indexOf('\n') + 1),
    ]);
    expect(scanPdfActiveContent(decoy)).toEqual({ verdict: 'active', name: 'JavaScript' });
  });

  it('accepts ordinary PDFs: made by pdfkit, opening at a page, with links and object streams', async () => {
    expect(scanPdfActiveContent(await cleanPdf())).toEqual({ verdict: 'clean' });
    const atPage = pdfWithCatalog('/OpenAction [3 0 R /Fit] /PageMode /UseOutlines', [
      '<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://example.org/) >> >>',
    ]);
    expect(scanPdfActiveContent(atPage)).toEqual({ verdict: 'clean' });
    expect(scanPdfActiveContent(pdfWithCatalog('', ['<< /Title (Guide) >>'], [1, 2, 3, 4]))).toEqual({
      verdict: 'clean',
    });
  });

  it('does not take compressed page bytes that spell /JS by chance for a script', () => {
    const bytes = Buffer.concat([zlib.deflateSync('BT (Hello) Tj ET'), Buffer.from('/JS (x) /XFA ')]);
    const page = `<< /Length ${bytes.length} /Filter /FlateDecode >>\nstream\n${bytes.toString('latin1')}\nendstream`;
    expect(scanPdfActiveContent(pdfWithCatalog('', [page]))).toEqual({ verdict: 'clean' });
  });

  it('calls an object stream it cannot read unreadable: damaged, another filter, a predictor, too large', () => {
    const real = pdfWithCatalog('/OpenAction 4 0 R', [SCRIPT], [4]);
    const damaged = Buffer.from(real);
    const data = damaged.indexOf('stream\n') + 'stream\n'.length;
    damaged.fill(0xff, data + 2, data + 12);
    expect(scanPdfActiveContent(damaged)).toMatchObject({ verdict: 'unreadable' });
    const lzw = Buffer.from(real.toString('latin1').replace('/FlateDecode', '/LZWDecode  '), 'latin1');
    expect(scanPdfActiveContent(lzw)).toMatchObject({ verdict: 'unreadable' });
    const predicted = Buffer.from(
      real.toString('latin1').replace('/ObjStm', '/ObjStm /DecodeParms << /Predictor 12 >>'),
      'latin1',
    );
    expect(scanPdfActiveContent(predicted)).toMatchObject({ verdict: 'unreadable' });
    const huge = makePdf(['<< /Type /Catalog >>', `<< /Title (${' '.repeat(OBJECT_STREAMS_MAX_BYTES)}) >>`], {
      compressed: [2],
    });
    expect(scanPdfActiveContent(huge)).toEqual({
      verdict: 'unreadable',
      reason: 'its object streams are larger than this check reads',
    });
  });
});
