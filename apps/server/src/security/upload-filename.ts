import path from 'node:path';

/**
 * Characters never kept in a stored file name: C0 and C1 controls and DEL; bidi marks, embeddings,
 * overrides and isolates (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), which make
 * `report\u202Egnp.exe` read as `reportexe.png`; zero-width characters and the byte order mark
 * (U+200B-U+200D, U+2060, U+FEFF), which hide differences between names; and the double quote,
 * which ends a quoted header value.
 */
const UNSAFE_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff"]/g;

const MAX_LENGTH = 200;

/**
 * A file name as people see it: its last path part, without control, bidi or invisible
 * characters, at most 200 characters (the end kept, so the extension survives). Every uploaded
 * file name goes through this before it is stored or shown.
 */
export function cleanFilename(raw: string): string {
  const base = path.posix.basename(raw.replace(/\\/g, '/'));
  const clean = base.normalize('NFC').replace(UNSAFE_CHARACTERS, '').trim();
  return Array.from(clean).slice(-MAX_LENGTH).join('') || 'file';
}
