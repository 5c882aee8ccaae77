import { IMPORT_COLUMNS, IMPORT_MAX_CHILDREN } from '@lantern/contracts';
import type { ImportRow, ImportRowChild } from '../../api/import-batches';

/** Spec 5 (CSV upload): the wizard's own words for a file it cannot use. */
export const CSV_MESSAGES = {
  notCsv: 'Please select a CSV file',
  parseFailed: 'Failed to parse CSV file',
  noDataRows: 'CSV file must contain header row and at least one data row',
  noLeads: 'No valid leads found in the CSV file',
} as const;

/** A file the wizard cannot use: the spec's message, and what to do about it when we can tell. */
export class LeadCsvProblem extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'LeadCsvProblem';
  }
}

/** A data row dropped in the browser (no email, parent name or child name): the server never sees it. */
export type LeftOutRow = { lineNumber: number; missing: string[] };

/** A parsed file: the rows to validate, and what was read and left out on the way. */
export type LeadCsv = {
  /** The rows kept, each with its line in the file. */
  rows: ImportRow[];
  /** Non-blank data rows in the file. */
  dataRows: number;
  leftOut: LeftOutRow[];
  /** Header names that are not import columns (sent with each row; the server warns). */
  extraColumns: string[];
};

const CSV_TYPES = ['text/csv', 'application/csv', 'text/x-csv', 'text/comma-separated-values'];

/** Spec 5: the file must be of type CSV or have a .csv name. */
export const isCsvFile = (file: File) => CSV_TYPES.includes(file.type) || /\.csv$/i.test(file.name);

/** Header matching ignores case and outer spaces, and reads spaces or hyphens as underscores. */
export const normaliseHeader = (name: string) =>
  name
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

export type CsvHeader = { columnIndex: Map<string, number>; extraColumns: string[] };

const KNOWN_COLUMNS = new Set(IMPORT_COLUMNS);

export function readHeader(cells: string[]): CsvHeader {
  const columnIndex = new Map<string, number>();
  const extraColumns: string[] = [];
  cells.forEach((cell, index) => {
    const name = normaliseHeader(cell);
    if (!name) return;
    if (!KNOWN_COLUMNS.has(name)) extraColumns.push(cell.trim());
    else if (!columnIndex.has(name)) columnIndex.set(name, index);
  });
  return { columnIndex, extraColumns };
}

/** 'ADHD, Dyslexia, none' -> ['ADHD', 'Dyslexia']: the entry 'none' means no entry. */
const splitList = (cell: string) =>
  cell
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item && item.toLowerCase() !== 'none');

/** A whole number when it is one; other text goes as it is, for the server to explain. */
const parseAge = (cell: string): number | string | undefined =>
  cell === '' ? undefined : /^[+-]?\d+$/.test(cell) ? Number(cell) : cell;

export const isBlankRow = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/** One data row of the file as an import row; child columns left blank are no child. */
export function toImportRow(cells: string[], header: CsvHeader, lineNumber: number): ImportRow {
  const cell = (column: string) => {
    const index = header.columnIndex.get(column);
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const children: ImportRowChild[] = [];
  for (let n = 1; n <= IMPORT_MAX_CHILDREN; n++) {
    const field = (name: string) => cell(`child${n}_${name}`);
    const child: ImportRowChild = {
      name: field('name'),
      special_needs: splitList(field('special_needs')),
      current_support: splitList(field('current_support')),
    };
    const age = parseAge(field('age'));
    if (age !== undefined) child.age = age;
    if (field('grade')) child.grade = field('grade');
    const isEmpty =
      !child.name &&
      age === undefined &&
      !child.grade &&
      !child.special_needs.length &&
      !child.current_support.length;
    if (!isEmpty) children.push(child);
  }
  const row: ImportRow = {
    email: cell('email'),
    parent_name: cell('parent_name'),
    phone: cell('phone'),
    timeline: cell('timeline'),
    timeline_date: cell('timeline_date'),
    biggest_concerns: cell('biggest_concerns'),
    children,
    lineNumber,
  };
  if (header.extraColumns.length) row.extra_columns = header.extraColumns;
  return row;
}

/** Spec 5: a row is kept only with an email, a parent name and at least one child's name. */
export function missingFields(row: ImportRow): string[] {
  const missing: string[] = [];
  if (!row.email) missing.push('email');
  if (!row.parent_name) missing.push('parent name');
  if (!row.children.some((child) => child.name)) missing.push('child name');
  return missing;
}
