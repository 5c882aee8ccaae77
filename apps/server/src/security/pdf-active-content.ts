import zlib from 'node:zlib';

/**
 * Finds what a PDF reader would run when a PDF is opened or used: JavaScript (`/JavaScript`,
 * `/JS`), launch actions that open programs or files (`/Launch`), Flash or 3D media that run code
 * (`/RichMedia`) and XFA forms, whose scripts run inside the reader (`/XFA`).
 *
 * A small scanner, not a parser, so that a malformed file cannot lead it astray: every name in the
 * file counts wherever it stands, strings and comments included (a reader follows byte offsets,
 * and an object can hide in either), with `#xx` escapes decoded (`/J#61vaScript` is
 * `/JavaScript`). Only inside stream data (pages, images, fonts: compressed bytes that spell a
 * short name like `/JS` by chance) are the two short names not looked for; a JavaScript action
 * always carries `/S /JavaScript` too, which is looked for everywhere. Compressed object streams
 * (`/Type /ObjStm`, where PDF 1.5 and later keep objects) are inflated and read the same way, at
 * most OBJECT_STREAMS_MAX_BYTES in all; one that cannot be read (encrypted, damaged, another filter
 * or a predictor) makes the file `unreadable`, since a reader might find an action in it.
 *
 * Not refused: `/OpenAction` and `/AA` alone (they usually open a page or a link; the actions they
 * hold are judged by their type above), links (`/URI`) and attached files (`/EmbeddedFile`: a reader
 * asks before opening one, and the launch action that would open one is refused).
 */
export type PdfScan =
  { verdict: 'clean' } | { verdict: 'active'; name: string } | { verdict: 'unreadable'; reason: string };

const ACTIVE_NAMES = new Set(['JavaScript', 'JS', 'Launch', 'RichMedia', 'XFA']);
/** Names short enough to appear by chance in compressed bytes: looked for outside stream data only. */
const SHORT_NAME_LENGTH = 3;
/** All object streams of one file inflate to at most this (ordinary files hold a few MB at most). */
export const OBJECT_STREAMS_MAX_BYTES = 32 * 1024 * 1024;

/** Stream filters by their full and abbreviated names (readers accept both). */
const FILTER_NAMES = new Set([
  'FlateDecode',
  'Fl',
  'ASCIIHexDecode',
  'AHx',
  'ASCII85Decode',
  'A85',
  'LZWDecode',
  'LZW',
  'RunLengthDecode',
  'RL',
  'CCITTFaxDecode',
  'CCF',
  'JBIG2Decode',
  'DCTDecode',
  'DCT',
  'JPXDecode',
  'Crypt',
]);

/** A name: a slash and the regular characters after it (anything but whitespace and delimiters). */
const NAME = /\/([^\0\t\n\f\r ()<>[\]{}/%]*)/g;
/** The `stream` keyword and its end of line (`endstream` is told apart by the character before). */
const STREAM = /stream(?:\r\n|\n|\r)/g;
const REGULAR = /[^\0\t\n\f\r ()<>[\]{}/%]/;

type StreamRange = { dictionaryStart: number; dataStart: number; dataEnd: number };

/** A name's text with `#xx` escapes decoded (an invalid escape stays as written). */
const decodeName = (raw: string) =>
  raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * Every `stream` keyword with its data (to the first `endstream` after it) and where its dictionary
 * may begin: after the data of the streams before it. Keywords inside another stream's data count
 * too (a string can hold the word `stream` and hide the real keyword after it), so ranges overlap.
 */
function streamRanges(text: string): StreamRange[] {
  const ranges: StreamRange[] = [];
  let ended = 0; // the streams (a prefix, as their ends never decrease) whose data ends before here
  for (const match of text.matchAll(STREAM)) {
    if (match.index > 0 && REGULAR.test(text[match.index - 1]!)) continue; // endstream
    while (ended < ranges.length && ranges[ended]!.dataEnd <= match.index) ended++;
    const dictionaryStart = Math.max(ranges.at(-1)?.dataStart ?? 0, ranges[ended - 1]?.dataEnd ?? 0);
    const dataStart = match.index + match[0].length;
    const close = text.indexOf('endstream', dataStart);
    ranges.push({ dictionaryStart, dataStart, dataEnd: close === -1 ? text.length : close });
  }
  return ranges;
}

/** The parts of the text that are stream data, in order and not overlapping. */
function streamData(ranges: StreamRange[]): { start: number; end: number }[] {
  const merged: { start: number; end: number }[] = [];
  for (const { dataStart: start, dataEnd: end } of ranges) {
    const last = merged.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else merged.push({ start, end });
  }
  return merged;
}

/** The first active name of the text, skipping short names inside stream data. */
function findActiveName(text: string, data: { start: number; end: number }[]): string | null {
  let next = 0; // the first part of stream data that may still hold the current position
  for (const match of text.matchAll(NAME)) {
    const name = decodeName(match[1]!);
    if (!ACTIVE_NAMES.has(name)) continue;
    if (name.length > SHORT_NAME_LENGTH) return name;
    while (next < data.length && data[next]!.end <= match.index) next++;
    const part = data[next];
    if (!part || match.index < part.start) return name;
  }
  return null;
}

/** The names of a stream's dictionary, and whether its filter is named indirectly (`/Filter 9 0 R`). */
function readDictionary(text: string): { names: string[]; hasIndirectFilter: boolean } {
  const names: string[] = [];
  let hasIndirectFilter = false;
  for (const match of text.matchAll(NAME)) {
    const name = decodeName(match[1]!);
    names.push(name);
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 20);
    if (name === 'Filter' && /^\s*\d/.test(after)) hasIndirectFilter = true;
  }
  return { names, hasIndirectFilter };
}

/** The objects of an object stream, or why they cannot be read. */
function inflateObjectStream(
  { names: dictionary, hasIndirectFilter }: ReturnType<typeof readDictionary>,
  data: Buffer,
  budget: number,
): Buffer | string {
  if (hasIndirectFilter) return 'an object stream names its filter indirectly';
  const filters = dictionary.filter((name) => FILTER_NAMES.has(name));
  if (filters.length === 0) return data;
  if (filters.length > 1 || (filters[0] !== 'FlateDecode' && filters[0] !== 'Fl'))
    return `an object stream uses a filter this check does not read (${filters.join(', ')})`;
  if (dictionary.includes('DecodeParms') || dictionary.includes('DP'))
    return 'an object stream uses a predictor this check does not read';
  try {
    // Raw inflate past the 2-byte zlib header: tolerant of a missing or wrong checksum, as readers are.
    return zlib.inflateRawSync(data.subarray(2), {
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      maxOutputLength: budget + 1,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      return 'its object streams are larger than this check reads';
    return 'an object stream is encrypted or damaged';
  }
}

export function scanPdfActiveContent(content: Buffer): PdfScan {
  const text = content.toString('latin1');
  const streams = streamRanges(text);
  const active = findActiveName(text, streamData(streams));
  if (active) return { verdict: 'active', name: active };
  let budget = OBJECT_STREAMS_MAX_BYTES;
  for (const stream of streams) {
    const dictionary = readDictionary(text.slice(stream.dictionaryStart, stream.dataStart));
    if (!dictionary.names.includes('ObjStm')) continue;
    const objects = inflateObjectStream(
      dictionary,
      content.subarray(stream.dataStart, stream.dataEnd),
      budget,
    );
    if (typeof objects === 'string') return { verdict: 'unreadable', reason: objects };
    budget -= objects.length;
    if (budget < 0)
      return { verdict: 'unreadable', reason: 'its object streams are larger than this check reads' };
    // Object streams hold plain objects, never streams: every name in them counts.
    const inner = findActiveName(objects.toString('latin1'), []);
    if (inner) return { verdict: 'active', name: inner };
  }
  return { verdict: 'clean' };
}
