import { IMPORT_COLUMNS } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { CSV_MESSAGES, isCsvFile, LeadCsvProblem } from './lead-csv';
import { decodeCsv, parseLeadCsv } from './parse-lead-csv';

const HEADER = IMPORT_COLUMNS.join(',');
const row = (cells: Record<string, string>) => IMPORT_COLUMNS.map((c) => cells[c] ?? '').join(',');
const bytes = (text: string) => new TextEncoder().encode(text);

function problemOf(run: () => unknown): LeadCsvProblem {
  try {
    run();
  } catch (error) {
    if (error instanceof LeadCsvProblem) return error;
    throw error;
  }
  throw new Error('expected a LeadCsvProblem');
}

describe('parseLeadCsv', () => {
  it('reads a row with quoted commas, lists without "none", and whole-number ages', () => {
    const csv = parseLeadCsv(
      [
        'EMAIL, Parent Name ,phone,child1_name,child1_age,child1_special_needs,child1_current_support,Child2_Name,child2_age',
        'ann@example.org,"Doe, Ann",555,Sam,8,"ADHD, Dyslexia",none,Kim,eight',
      ].join('\n'),
    );
    expect(csv.rows).toEqual([
      {
        email: 'ann@example.org',
        parent_name: 'Doe, Ann',
        phone: '555',
        timeline: '',
        timeline_date: '',
        biggest_concerns: '',
        children: [
          { name: 'Sam', age: 8, special_needs: ['ADHD', 'Dyslexia'], current_support: [] },
          { name: 'Kim', age: 'eight', special_needs: [], current_support: [] },
        ],
        lineNumber: 2,
      },
    ]);
  });

  it('numbers rows by their line in the file, across blank lines and quoted line breaks', () => {
    const text = [
      HEADER,
      row({ email: 'a@example.org', parent_name: 'A', child1_name: 'Kid' }),
      '',
      row({ email: 'b@example.org', parent_name: 'B', child1_name: 'Kid', biggest_concerns: '"two\nlines"' }),
      row({ email: 'c@example.org', parent_name: 'C', child1_name: 'Kid' }),
      '',
    ].join('\r\n');
    expect(parseLeadCsv(text).rows.map((r) => r.lineNumber)).toEqual([2, 4, 6]);
  });

  it('leaves out rows without an email, a parent name or a child name, and says which', () => {
    const text = [
      HEADER,
      row({ email: 'a@example.org', parent_name: 'A', child1_name: 'Kid' }),
      row({ email: 'b@example.org', child1_age: '5' }),
    ].join('\n');
    const csv = parseLeadCsv(text);
    expect(csv.dataRows).toBe(2);
    expect(csv.leftOut).toEqual([{ lineNumber: 3, missing: ['parent name', 'child name'] }]);
  });

  it('sends header names that are not import columns with every row', () => {
    const csv = parseLeadCsv('email,parent_name,child1_name,Favourite Colour\na@example.org,A,Kid,blue');
    expect(csv.extraColumns).toEqual(['Favourite Colour']);
    expect(csv.rows[0]?.extra_columns).toEqual(['Favourite Colour']);
  });

  it('refuses a file with no data row, no usable row, or no email column', () => {
    expect(problemOf(() => parseLeadCsv(`${HEADER}\n\n`)).message).toBe(CSV_MESSAGES.noDataRows);
    expect(problemOf(() => parseLeadCsv('')).message).toBe(CSV_MESSAGES.noDataRows);
    expect(problemOf(() => parseLeadCsv(`${HEADER}\n${row({ email: 'x@y.z' })}`)).message).toBe(
      CSV_MESSAGES.noLeads,
    );
    expect(problemOf(() => parseLeadCsv('name,age\nSam,8')).message).toBe(CSV_MESSAGES.parseFailed);
  });

  it('refuses a quoted value that is never closed', () => {
    const problem = problemOf(() => parseLeadCsv(`${HEADER}\n"a@example.org,A,,,,,Kid`));
    expect(problem.message).toBe(CSV_MESSAGES.parseFailed);
    expect(problem.detail).toMatch(/line 2/);
  });
});

describe('decodeCsv', () => {
  it('refuses binary files and workbooks renamed .csv', () => {
    expect(problemOf(() => decodeCsv(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]))).message).toBe(
      CSV_MESSAGES.parseFailed,
    );
    expect(problemOf(() => decodeCsv(new Uint8Array([0x50, 0x4b, 3, 4, 20, 0]))).detail).toMatch(/Excel/);
  });

  it('reads UTF-8 with a BOM, and older Windows-1252 files', () => {
    expect(decodeCsv(bytes('\uFEFFemail\nzoë@example.org'))).toBe('email\nzoë@example.org');
    expect(decodeCsv(new Uint8Array([0x5a, 0x6f, 0xeb]))).toBe('Zoë');
  });
});

describe('isCsvFile', () => {
  it('takes a CSV type or a .csv name', () => {
    expect(isCsvFile(new File([''], 'leads.CSV', { type: '' }))).toBe(true);
    expect(isCsvFile(new File([''], 'export', { type: 'text/csv' }))).toBe(true);
    expect(isCsvFile(new File([''], 'leads.xlsx', { type: 'application/vnd.ms-excel' }))).toBe(false);
  });
});
