import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { docxBomb, makeDocx, makeZip } from './test-fixtures/zip-files';
import { checkZipExpansion, zipLimitsFor, ZIP_MAX_ENTRIES } from './zip-expansion';

const MB = 1024 * 1024;
const limits = { maxExpandedBytes: 10 * MB, maxEntries: 100 };

describe('checkZipExpansion', () => {
  it('accepts an ordinary DOCX, counting what its entries really expand to', async () => {
    const docx = makeDocx([
      { name: 'word/media/image1.png', content: Buffer.alloc(5000, 7), method: 'store' },
    ]);
    const result = await checkZipExpansion(docx, limits);
    expect(result).toMatchObject({ verdict: 'ok', entries: 4 });
    expect(result.verdict === 'ok' && result.expandedBytes).toBeGreaterThan(5000);
  });

  it('refuses a DOCX that says it expands beyond the limit, before inflating anything', async () => {
    const bomb = docxBomb(40 * MB);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await checkZipExpansion(bomb, limits)).toMatchObject({ verdict: 'too-large' });
  });

  it('refuses a DOCX whose entries understate their size, by counting while inflating', async () => {
    const liar = docxBomb(40 * MB, 1000);
    expect(await checkZipExpansion(liar, limits)).toMatchObject({ verdict: 'too-large' });
    const measured = await checkZipExpansion(liar, { ...limits, maxExpandedBytes: 50 * MB });
    expect(measured.verdict === 'ok' && measured.expandedBytes).toBeGreaterThan(40 * MB);
  });

  it('refuses an archive of absurdly many entries', async () => {
    const many = makeZip(Array.from({ length: 101 }, (_, i) => ({ name: `part${i}.xml`, content: '<a/>' })));
    expect(await checkZipExpansion(many, limits)).toMatchObject({ verdict: 'too-many-entries' });
    expect(await checkZipExpansion(many, { ...limits, maxEntries: 101 })).toMatchObject({ verdict: 'ok' });
  });

  it('calls a cut-off, overlapping, encrypted or unknown-method archive unreadable', async () => {
    const docx = makeDocx();
    expect(await checkZipExpansion(docx.subarray(0, docx.length - 30), limits)).toMatchObject({
      verdict: 'unreadable',
    });
    expect(await checkZipExpansion(Buffer.from('not a zip at all'), limits)).toMatchObject({
      verdict: 'unreadable',
    });
    const damaged = Buffer.from(docx);
    damaged.fill(0xff, 40, 120); // inside the first entry's deflated bytes
    expect(await checkZipExpansion(damaged, limits)).toMatchObject({ verdict: 'unreadable' });

    const flagged = (offsetInEntry: number, value: number) => {
      const copy = Buffer.from(docx);
      const directory = copy.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      copy.writeUInt16LE(value, directory + offsetInEntry);
      return copy;
    };
    expect(await checkZipExpansion(flagged(8, 1), limits)).toMatchObject({
      verdict: 'unreadable',
      detail: '[Content_Types].xml is encrypted',
    });
    expect(await checkZipExpansion(flagged(10, 14), limits)).toMatchObject({
      verdict: 'unreadable',
      detail: '[Content_Types].xml uses compression method 14',
    });
  });

  it('refuses entries that share their bytes (each would inflate the same data again)', async () => {
    const one = makeZip([{ name: 'a.bin', content: crypto.randomBytes(20_000) }]);
    const directory = one.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const entry = one.subarray(directory, one.length - 22);
    const copies = 200;
    const end = Buffer.from(one.subarray(one.length - 22));
    end.writeUInt16LE(copies, 8);
    end.writeUInt16LE(copies, 10);
    end.writeUInt32LE(entry.length * copies, 12);
    const overlapping = Buffer.concat([one.subarray(0, directory), ...Array(copies).fill(entry), end]);
    expect(await checkZipExpansion(overlapping, { ...limits, maxEntries: 1000 })).toMatchObject({
      verdict: 'unreadable',
      detail: 'its entries overlap',
    });
  });
});

describe('zipLimitsFor', () => {
  it('allows 100 times the upload, at least 10 MB and at most 100 MB', () => {
    expect(zipLimitsFor(40_000).maxExpandedBytes).toBe(10 * MB);
    expect(zipLimitsFor(400_000).maxExpandedBytes).toBe(40_000_000);
    expect(zipLimitsFor(50 * MB).maxExpandedBytes).toBe(100 * MB);
    expect(zipLimitsFor(1).maxEntries).toBe(ZIP_MAX_ENTRIES);
  });
});
