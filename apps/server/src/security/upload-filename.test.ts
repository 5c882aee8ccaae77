import { describe, expect, it } from 'vitest';
import { cleanFilename } from './upload-filename';

describe('cleanFilename', () => {
  it('removes bidi controls, so a name cannot pretend to end in another extension', () => {
    expect(cleanFilename('report\u202Egnp.exe.png')).toBe('reportgnp.exe.png');
    const bidi = ['\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E'];
    const isolates = ['\u2066', '\u2067', '\u2068', '\u2069'];
    for (const mark of [...bidi, ...isolates]) expect(cleanFilename(`a${mark}b.pdf`), mark).toBe('ab.pdf');
  });

  it('removes C0 and C1 control characters, DEL, zero-width characters and the byte order mark', () => {
    expect(cleanFilename('a\u0000b\u0007c\u001b\u007f.pdf')).toBe('abc.pdf');
    expect(cleanFilename('a\u0080b\u0085c\u009f.pdf')).toBe('abc.pdf');
    expect(cleanFilename('\uFEFFin\u200Bvis\u200Cible\u200D\u2060.txt')).toBe('invisible.txt');
    expect(cleanFilename('line\r\nbreak "quoted".txt')).toBe('linebreak quoted.txt');
  });

  it('keeps ordinary letters of every script, and the last part of a path', () => {
    expect(cleanFilename('Notes ü 日本語 😀.txt')).toBe('Notes ü 日本語 😀.txt');
    expect(cleanFilename('مرحبا.pdf')).toBe('مرحبا.pdf');
    expect(cleanFilename('..\\..\\windows\\evil.pdf')).toBe('evil.pdf');
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
  });

  it('answers "file" for a name with nothing visible, and keeps the last 200 characters', () => {
    expect(cleanFilename('\u202E\u200B ')).toBe('file');
    expect(cleanFilename('')).toBe('file');
    const long = cleanFilename(`${'😀'.repeat(300)}.pdf`);
    expect(Array.from(long)).toHaveLength(200);
    expect(long.endsWith('😀.pdf')).toBe(true);
    expect(Array.from(long).every((c) => c === '😀' || '.pdf'.includes(c))).toBe(true); // no half emoji
  });
});
