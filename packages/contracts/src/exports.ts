import { z } from 'zod';

/** The export column groups (spec: "Export column groups"), in file order. */
export const EXPORT_COLUMN_GROUPS = [
  { group: 'Contact', columns: ['id', 'email', 'parent_name', 'phone', 'phone_consent'] },
  {
    group: 'Children',
    columns: [
      'children_count',
      'children_names',
      'children_ages',
      'children_grades',
      'special_needs',
      'current_support',
    ],
  },
  { group: 'Timeline', columns: ['timeline', 'timeline_date'] },
  { group: 'Scoring', columns: ['lead_score'] },
  {
    group: 'Conversion',
    columns: ['conversion_status', 'enrollment_date', 'payment_amount', 'payment_period'],
  },
  { group: 'Email', columns: ['email_status', 'unsubscribed_at', 'unsubscribe_reason'] },
  { group: 'Segments', columns: ['segment_tags'] },
  { group: 'Notes', columns: ['biggest_concerns'] },
  { group: 'Record', columns: ['source', 'created_at', 'updated_at'] },
] as const;

export const EXPORT_COLUMNS: readonly string[] = EXPORT_COLUMN_GROUPS.flatMap((g) => g.columns);

export const exportColumnsResponseSchema = z.object({
  columns: z.array(z.object({ group: z.string(), columns: z.array(z.string()) })),
});

export const exportQuerySchema = z.strictObject({
  format: z.enum(['csv', 'json']).default('csv'),
  /** Comma-separated column names (csv only); all columns when absent. */
  columns: z
    .string()
    .max(2000)
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((c) => c.trim())
            .filter(Boolean)
        : undefined,
    )
    .refine((cols) => !cols || cols.every((c) => EXPORT_COLUMNS.includes(c)), 'unknown column'),
});

/** A file name with today's date, e.g. leads-export-2026-11-21.csv. */
export const exportFilename = (format: 'csv' | 'json', today: Date = new Date()) =>
  `leads-export-${today.toISOString().slice(0, 10)}.${format}`;

/**
 * A CSV cell a spreadsheet could run as a formula (=, +, -, @, tab, carriage return) gets a
 * leading apostrophe, so it is shown as text (OWASP "CSV injection").
 */
export function neutraliseCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
