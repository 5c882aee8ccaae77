import zlib from 'node:zlib';

/**
 * How far a zip archive (DOCX and every other Office file is one) expands when it is opened, so a
 * "zip bomb" (a small upload that inflates to gigabytes in the reader's memory) is refused before
 * it is stored. Reads the central directory (what Word, mammoth and JSZip read) for the entry
 * count and the declared sizes, then inflates every entry, counting what really comes out and
 * keeping none of it, since declared sizes can lie. Entries of entries (a zip inside the zip) are
 * not opened: no reader of ours opens them either.
 */

const MB = 1024 * 1024;
/** However small the upload, it may expand to 10 MB; however large, to 100 MB at most. */
export const ZIP_EXPANSION_FLOOR_BYTES = 10 * MB;
export const ZIP_EXPANSION_MAX_BYTES = 100 * MB;
/** Between the two, an upload may expand 100 times: text compresses about 10 times, images not at all. */
export const ZIP_EXPANSION_MAX_RATIO = 100;
/** Word documents hold tens of entries, a few hundred with many images. */
export const ZIP_MAX_ENTRIES = 10_000;

export type ZipLimits = { maxExpandedBytes: number; maxEntries: number };

/** The limits for an upload of this many bytes. */
export const zipLimitsFor = (uploadBytes: number): ZipLimits => ({
  maxExpandedBytes: Math.min(
    ZIP_EXPANSION_MAX_BYTES,
    Math.max(ZIP_EXPANSION_FLOOR_BYTES, uploadBytes * ZIP_EXPANSION_MAX_RATIO),
  ),
  maxEntries: ZIP_MAX_ENTRIES,
});

export type ZipExpansion =
  | { verdict: 'ok'; entries: number; expandedBytes: number }
  | { verdict: 'too-large' | 'too-many-entries' | 'unreadable'; detail: string };

type Entry = {
  name: string;
  method: number;
  flags: number;
  compressed: number;
  declared: number;
  offset: number;
};

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const MAX_U16 = 0xffff;
const MAX_U32 = 0xffffffff;

class Unreadable extends Error {}

const u64 = (data: Buffer, at: number) => Number(data.readBigUInt64LE(at));

function need(data: Buffer, at: number, length: number) {
  if (at < 0 || at + length > data.length) throw new Unreadable('it is cut short');
}

/** Where the central directory lies, from the end-of-directory record (zip64 when it says so). */
function findDirectory(data: Buffer): { offset: number; size: number } {
  const earliest = Math.max(0, data.length - 22 - MAX_U16);
  let end = -1;
  for (let at = data.length - 22; at >= earliest; at--) {
    if (data.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end === -1) throw new Unreadable('it has no central directory');
  const count = data.readUInt16LE(end + 10);
  const size = data.readUInt32LE(end + 12);
  const offset = data.readUInt32LE(end + 16);
  if (count !== MAX_U16 && size !== MAX_U32 && offset !== MAX_U32) return { offset, size };
  const locator = end - 20;
  need(data, locator, 20);
  if (data.readUInt32LE(locator) !== ZIP64_LOCATOR) throw new Unreadable('its zip64 record is missing');
  const record = u64(data, locator + 8);
  need(data, record, 56);
  if (data.readUInt32LE(record) !== ZIP64_END_OF_DIRECTORY)
    throw new Unreadable('its zip64 record is damaged');
  return { offset: u64(data, record + 48), size: u64(data, record + 40) };
}

/** The 64-bit sizes and offset of a zip64 extra field, for the 32-bit fields that say 0xFFFFFFFF. */
function applyZip64(extra: Buffer, entry: Entry) {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        need(extra, field, 8);
        const value = u64(extra, field);
        field += 8;
        return value;
      };
      if (entry.declared === MAX_U32) entry.declared = next();
      if (entry.compressed === MAX_U32) entry.compressed = next();
      if (entry.offset === MAX_U32) entry.offset = next();
      return;
    }
    at += 4 + length;
  }
}

function readEntries(data: Buffer, maxEntries: number): Entry[] | 'too-many' {
  const { offset, size } = findDirectory(data);
  need(data, offset, size);
  const entries: Entry[] = [];
  for (let at = offset; at < offset + size;) {
    need(data, at, 46);
    if (data.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Unreadable('its central directory is damaged');
    if (entries.length === maxEntries) return 'too-many';
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    need(data, at + 46, nameLength + extraLength);
    const entry: Entry = {
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
      flags: data.readUInt16LE(at + 8),
      method: data.readUInt16LE(at + 10),
      compressed: data.readUInt32LE(at + 20),
      declared: data.readUInt32LE(at + 24),
      offset: data.readUInt32LE(at + 42),
    };
    applyZip64(data.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), entry);
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entry's stored bytes, after its local header. */
function entryData(data: Buffer, entry: Entry): Buffer {
  need(data, entry.offset, 30);
  if (data.readUInt32LE(entry.offset) !== LOCAL_HEADER) throw new Unreadable(`${entry.name} is damaged`);
  const start =
    entry.offset + 30 + data.readUInt16LE(entry.offset + 26) + data.readUInt16LE(entry.offset + 28);
  need(data, start, entry.compressed);
  return data.subarray(start, start + entry.compressed);
}

/** How many bytes the deflated data inflates to, stopping as soon as it passes `limit`. */
async function inflatedSize(compressed: Buffer, limit: number): Promise<number> {
  const inflate = zlib.createInflateRaw();
  inflate.end(compressed);
  let size = 0;
  try {
    for await (const chunk of inflate) {
      size += (chunk as Buffer).length;
      if (size > limit) break; // leaving the loop destroys the stream
    }
  } catch {
    throw new Unreadable('an entry is damaged');
  }
  return size;
}

export async function checkZipExpansion(data: Buffer, limits: ZipLimits): Promise<ZipExpansion> {
  try {
    const entries = readEntries(data, limits.maxEntries);
    if (entries === 'too-many')
      return { verdict: 'too-many-entries', detail: `more than ${limits.maxEntries} entries` };
    const tooLarge = { verdict: 'too-large', detail: `more than ${limits.maxExpandedBytes} bytes` } as const;
    if (entries.reduce((sum, e) => sum + e.declared, 0) > limits.maxExpandedBytes) return tooLarge;
    // Entries that share their bytes inflate the same data again and again; no real archive has them.
    if (entries.reduce((sum, e) => sum + e.compressed, 0) > data.length)
      throw new Unreadable('its entries overlap');
    let expanded = 0;
    for (const entry of entries) {
      if (entry.flags & 0x1) throw new Unreadable(`${entry.name} is encrypted`);
      const stored = entryData(data, entry);
      if (entry.method === 0) expanded += stored.length;
      else if (entry.method === 8) expanded += await inflatedSize(stored, limits.maxExpandedBytes - expanded);
      else throw new Unreadable(`${entry.name} uses compression method ${entry.method}`);
      if (expanded > limits.maxExpandedBytes) return tooLarge;
    }
    return { verdict: 'ok', entries: entries.length, expandedBytes: expanded };
  } catch (error) {
    if (error instanceof Unreadable) return { verdict: 'unreadable', detail: error.message };
    throw error;
  }
}
