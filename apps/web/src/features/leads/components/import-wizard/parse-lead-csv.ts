import Papa from 'papaparse';
import {
  CSV_MESSAGES,
  isBlankRow,
  LeadCsvProblem,
  missingFields,
  readHeader,
  toImportRow,
  type CsvHeader,
  type LeadCsv,
} from './lead-csv';

const SAMPLE_BYTES = 64 * 1024;
const PROGRESS_EVERY_ROWS = 2000;

const NOT_TEXT =
  'This file is not text. Open it in your spreadsheet program and save it as CSV, then upload that file.';
const WORKBOOK =
  'This looks like an Excel workbook renamed to .csv. In Excel choose File › Save As › CSV UTF-8, then upload that file.';

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/**
 * The file's text: UTF-8 (with or without BOM), UTF-16 when it says so, else Windows-1252 (older
 * Excel). Binary files (a workbook or an image renamed .csv) are refused before any parsing.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (startsWith(bytes, 0xff, 0xfe)) return new TextDecoder('utf-16le').decode(bytes);
  if (startsWith(bytes, 0xfe, 0xff)) return new TextDecoder('utf-16be').decode(bytes);
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) throw new LeadCsvProblem(CSV_MESSAGES.parseFailed, WORKBOOK);
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  if (sample.includes(0)) throw new LeadCsvProblem(CSV_MESSAGES.parseFailed, NOT_TEXT);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  const head = text.slice(0, SAMPLE_BYTES);
  if (countControls(head) > Math.max(2, head.length / 200)) {
    throw new LeadCsvProblem(CSV_MESSAGES.parseFailed, NOT_TEXT);
  }
  return text;
}

/** Control characters other than tab and line breaks: a spreadsheet's text has none. */
function countControls(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) count++;
  }
  return count;
}

/** Counts line breaks in text[from, to): the lines a row spans, quoted line breaks included. */
function countBreaks(text: string, newline: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf(newline, from); at !== -1 && at < to; at = text.indexOf(newline, at + 1))
    count++;
  return count;
}

/**
 * Reads the lead rows of a CSV text. Each row keeps its line in the file (header line 1; blank
 * lines skipped but counted; a quoted cell over several lines counts them all).
 */
export function parseLeadCsv(file: string, onProgress?: (fraction: number) => void): LeadCsv {
  const text = file.replace(/^\uFEFF/, '');
  const csv: LeadCsv = { rows: [], dataRows: 0, leftOut: [], extraColumns: [] };
  const newline = text.includes('\n') ? '\n' : '\r';
  // Set inside Papa's callback (an object, so the compiler does not narrow them to null).
  const state: { header: CsvHeader | null; problem: LeadCsvProblem | null } = { header: null, problem: null };
  let line = 1;
  let rowStart = 0;

  Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: false,
    step: (result, parser) => {
      const rowLine = line;
      const cursor = result.meta.cursor;
      line += countBreaks(text, newline, rowStart, cursor);
      rowStart = cursor;
      if (result.errors.some((e) => e.type === 'Quotes' && e.code === 'MissingQuotes')) {
        state.problem = new LeadCsvProblem(
          CSV_MESSAGES.parseFailed,
          `A quoted value that starts on line ${rowLine} is never closed.`,
        );
        parser.abort();
        return;
      }
      const cells = result.data;
      if (isBlankRow(cells)) return;
      if (!state.header) {
        state.header = readHeader(cells);
        csv.extraColumns = state.header.extraColumns;
        return;
      }
      csv.dataRows++;
      const row = toImportRow(cells, state.header, rowLine);
      const missing = missingFields(row);
      if (missing.length) csv.leftOut.push({ lineNumber: rowLine, missing });
      else csv.rows.push(row);
      if (csv.dataRows % PROGRESS_EVERY_ROWS === 0) onProgress?.(cursor / text.length);
    },
  });

  if (state.problem) throw state.problem;
  if (state.header && !state.header.columnIndex.has('email')) {
    throw new LeadCsvProblem(
      CSV_MESSAGES.parseFailed,
      'The first row has no email column. Start from the template so the column names match.',
    );
  }
  if (csv.dataRows === 0) throw new LeadCsvProblem(CSV_MESSAGES.noDataRows);
  if (csv.rows.length === 0) {
    throw new LeadCsvProblem(
      CSV_MESSAGES.noLeads,
      'Each row needs an email, a parent name and at least one child’s name.',
    );
  }
  return csv;
}
