import { IMPORT_MAX_ROWS_PER_CALL, type ImportValidation } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { encodeBatches, mergeValidations, type ImportRow } from './import-batches';

const makeRow = (lineNumber: number, email = `parent.${lineNumber}@example.org`): ImportRow => ({
  email,
  parent_name: 'Parent',
  phone: '',
  timeline: '',
  timeline_date: '',
  biggest_concerns: '',
  children: [{ name: 'Kid', age: 7, special_needs: [], current_support: [] }],
  lineNumber,
});

const lead = (email: string) => ({
  email,
  parent_name: 'Parent',
  phone: null,
  timeline: null,
  timeline_date: null,
  biggest_concerns: null,
  children: [],
});

function validationOf(valid: [number, string][]): ImportValidation {
  return {
    validation: {
      valid: valid.map(([lineNumber, email]) => ({ lineNumber, lead: lead(email) })),
      invalid: [],
      duplicates: [],
      warnings: [],
    },
    summary: { valid: valid.length, invalid: 0, duplicates: 0, warnings: 0 },
  };
}

describe('encodeBatches', () => {
  it('sends the rows with the extra fields, in calls of at most 50,000 rows', async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS_PER_CALL + 2 }, (_, i) => makeRow(i + 2));
    const batches = encodeBatches(rows, { skipDuplicates: false });
    expect(batches.map((b) => b.rowCount)).toEqual([IMPORT_MAX_ROWS_PER_CALL, 2]);
    const last = JSON.parse(await batches[1]!.body.text());
    expect(last).toEqual({ leads: rows.slice(-2), skipDuplicates: false });
    expect(JSON.parse(await encodeBatches([makeRow(2)])[0]!.body.text())).toEqual({ leads: [makeRow(2)] });
  });

  it('sends nothing for no rows', () => {
    expect(encodeBatches([])).toEqual([]);
  });
});

describe('mergeValidations', () => {
  it('makes an email valid in an earlier call a duplicate, in the server’s words', () => {
    const merged = mergeValidations([
      validationOf([[2, 'a@example.org']]),
      validationOf([
        [50_002, 'a@example.org'],
        [50_003, 'b@example.org'],
      ]),
    ]);
    expect(merged.validation.valid.map((v) => v.lineNumber)).toEqual([2, 50_003]);
    expect(merged.validation.duplicates).toEqual([
      { email: 'a@example.org', lineNumber: 50_002, reason: 'Same email as line 2' },
    ]);
    expect(merged.summary).toEqual({ valid: 2, invalid: 0, duplicates: 1, warnings: 0 });
  });
});
