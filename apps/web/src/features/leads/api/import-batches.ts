import { IMPORT_MAX_BODY_MB, IMPORT_MAX_ROWS_PER_CALL, type ImportValidation } from '@lantern/contracts';

/** One child of a CSV row, as parsed in the browser: the server validates the values. */
export type ImportRowChild = {
  name: string;
  /** A whole number, the cell's text when it is not one (the server explains), absent when blank. */
  age?: number | string;
  grade?: string;
  special_needs: string[];
  current_support: string[];
};

/** One data row of the user's CSV, as sent to the validate and bulk import calls. */
export type ImportRow = {
  email: string;
  parent_name: string;
  phone: string;
  timeline: string;
  timeline_date: string;
  biggest_concerns: string;
  children: ImportRowChild[];
  /** The row's line in the user's file (the header is line 1). */
  lineNumber: number;
  /** Header names of the file that are not import columns. */
  extra_columns?: string[];
};

/**
 * The body of one validate or import call, serialised where the rows are (the parsing worker). A
 * Blob: it reaches the page and the network without being copied on the page's thread.
 */
export type EncodedBatch = { rowCount: number; body: Blob };

/** Progress of a call made in several batches: rows sent so far and in all. */
export type BatchProgress = { done: number; total: number };

// Room under the server's body limit for rounding; the rest of a body is a few bytes.
const BATCH_BYTES = IMPORT_MAX_BODY_MB * 1024 * 1024 * 0.95;

/** UTF-8 length of a string, without encoding it. */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}

/**
 * The request bodies for `rows`: `{ leads, ...fields }`, each call at most 50,000 rows and under
 * the server's body limit, so a file of any size goes through.
 */
export function encodeBatches(rows: ImportRow[], fields: Record<string, unknown> = {}): EncodedBatch[] {
  const rest = Object.keys(fields).length ? `,${JSON.stringify(fields).slice(1)}` : '}';
  const batches: EncodedBatch[] = [];
  let batch: string[] = [];
  let batchBytes = 0;
  const flush = () => {
    const json = `{"leads":[${batch.join(',')}]${rest}`;
    batches.push({ rowCount: batch.length, body: new Blob([json], { type: 'application/json' }) });
    batch = [];
    batchBytes = 0;
  };
  for (const row of rows) {
    const json = JSON.stringify(row);
    const size = utf8Length(json) + 1;
    if (batch.length > 0 && (batch.length >= IMPORT_MAX_ROWS_PER_CALL || batchBytes + size > BATCH_BYTES)) {
      flush();
    }
    batch.push(json);
    batchBytes += size;
  }
  if (batch.length > 0) flush();
  return batches;
}

/**
 * Answers of several validate calls as one. The server finds repeated emails only within a call,
 * so an email already valid in an earlier call becomes a duplicate here, in the server's words.
 */
export function mergeValidations(parts: ImportValidation[]): ImportValidation {
  if (parts.length === 1) return parts[0]!;
  const firstLine = new Map<string, number>();
  const valid: ImportValidation['validation']['valid'] = [];
  let { invalid, duplicates, warnings }: Omit<ImportValidation['validation'], 'valid'> = {
    invalid: [],
    duplicates: [],
    warnings: [],
  };
  for (const { validation } of parts) {
    for (const entry of validation.valid) {
      const earlier = firstLine.get(entry.lead.email);
      if (earlier === undefined) {
        firstLine.set(entry.lead.email, entry.lineNumber);
        valid.push(entry);
      } else {
        const reason = `Same email as line ${earlier}`;
        duplicates.push({ email: entry.lead.email, lineNumber: entry.lineNumber, reason });
      }
    }
    // concat, not push(...list): a spread of tens of thousands of arguments can overflow the stack.
    invalid = invalid.concat(validation.invalid);
    duplicates = duplicates.concat(validation.duplicates);
    warnings = warnings.concat(validation.warnings);
  }
  duplicates.sort((a, b) => a.lineNumber - b.lineNumber);
  return {
    validation: { valid, invalid, duplicates, warnings },
    summary: {
      valid: valid.length,
      invalid: invalid.length,
      duplicates: duplicates.length,
      warnings: warnings.length,
    },
  };
}
