import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * PostgreSQL's COPY text format (the default of COPY ... FROM STDIN): one line per row, fields
 * separated by tabs, NULL as \N, and backslash, newline, carriage return and tab escaped.
 * Arrays become array literals; a JSON column takes JSON.stringify's text.
 *   copyLine([id, 'Ann\tLee', null, ['ADHD'], JSON.stringify({ a: 1 })])
 *     === 'id\tAnn\\tLee\t\\N\t{"ADHD"}\t{"a":1}\n'
 */
export type CopyValue = string | number | boolean | null | undefined | readonly (string | number)[];

const SPECIAL = /[\\\n\r\t]/;
const escapeText = (text: string) =>
  !SPECIAL.test(text)
    ? text
    : text.replace(/[\\\n\r\t]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t',
      );

/** An array literal ({"a","b"}): every element quoted, quotes and backslashes escaped inside. */
const arrayLiteral = (items: readonly (string | number)[]) =>
  `{${items.map((x) => (typeof x === 'number' ? String(x) : `"${x.replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`;

export function copyField(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return escapeText(arrayLiteral(value));
  return escapeText(String(value));
}

export const copyLine = (values: CopyValue[]) => `${values.map(copyField).join('\t')}\n`;

/** Writes the lines into the table's columns with COPY FROM STDIN on this connection. */
export async function copyInto(client: pg.ClientBase, table: string, columns: string[], lines: string[]) {
  if (lines.length === 0) return;
  const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
  await pipeline(Readable.from([lines.join('')]), stream);
}
