import { z } from 'zod';

/** The CSV columns of the import template (spec: then child1..child3 _name, _age, _grade, _special_needs, _current_support). */
export const IMPORT_LEAD_COLUMNS = [
  'email',
  'parent_name',
  'phone',
  'timeline',
  'timeline_date',
  'biggest_concerns',
] as const;
export const IMPORT_CHILD_FIELDS = ['name', 'age', 'grade', 'special_needs', 'current_support'] as const;
export const IMPORT_MAX_CHILDREN = 3;
export const IMPORT_COLUMNS = [
  ...IMPORT_LEAD_COLUMNS,
  ...Array.from({ length: IMPORT_MAX_CHILDREN }, (_, i) =>
    IMPORT_CHILD_FIELDS.map((f) => `child${i + 1}_${f}`),
  ).flat(),
];
export const IMPORT_TEMPLATE_FILENAME = 'lead-import-template.csv';
/** Rows per validate or import call; larger files are sent in several calls. */
export const IMPORT_MAX_ROWS_PER_CALL = 50_000;
/** Largest request body of the import calls. */
export const IMPORT_MAX_BODY_MB = 25;

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]).optional();
const rawChild = z.looseObject({
  name: cell,
  age: cell,
  grade: cell,
  special_needs: z.union([cell, z.array(z.string())]),
  current_support: z.union([cell, z.array(z.string())]),
});

/** A row as the browser parsed it: loosely typed, validated row by row on the server. */
export const importRowSchema = z.looseObject({
  email: cell,
  parent_name: cell,
  phone: cell,
  timeline: cell,
  timeline_date: cell,
  biggest_concerns: cell,
  children: z
    .array(rawChild)
    .max(IMPORT_MAX_CHILDREN * 10)
    .optional(),
  /** The row's line in the user's file (header is line 1); defaults to its index + 2. */
  lineNumber: z.number().int().min(2).optional(),
  /** Header names of the file that are not import columns. */
  extra_columns: z.array(z.string().max(200)).max(100).optional(),
});

export const importValidateRequestSchema = z.strictObject({
  leads: z.array(importRowSchema).max(IMPORT_MAX_ROWS_PER_CALL),
});
export type ImportValidateRequest = z.input<typeof importValidateRequestSchema>;

export const importBulkRequestSchema = z.strictObject({
  leads: z.array(importRowSchema).max(IMPORT_MAX_ROWS_PER_CALL),
  skipDuplicates: z.boolean().default(true),
});

const importLeadSchema = z.object({
  email: z.string(),
  parent_name: z.string(),
  phone: z.string().nullable(),
  timeline: z.string().nullable(),
  timeline_date: z.string().nullable(),
  biggest_concerns: z.string().nullable(),
  children: z.array(
    z.object({
      name: z.string(),
      age: z.number().nullable(),
      grade: z.string().nullable(),
      special_needs: z.array(z.string()),
      current_support: z.array(z.string()),
    }),
  ),
});

export const importValidationSchema = z.object({
  validation: z.object({
    valid: z.array(z.object({ lead: importLeadSchema, lineNumber: z.number() })),
    invalid: z.array(
      z.object({ lead: importLeadSchema, lineNumber: z.number(), errors: z.array(z.string()) }),
    ),
    duplicates: z.array(z.object({ email: z.string(), lineNumber: z.number(), reason: z.string() })),
    warnings: z.array(
      z.object({ lead: importLeadSchema, lineNumber: z.number(), warnings: z.array(z.string()) }),
    ),
  }),
  summary: z.object({ valid: z.number(), invalid: z.number(), duplicates: z.number(), warnings: z.number() }),
});
export type ImportValidation = z.infer<typeof importValidationSchema>;

export const importResultSchema = z.object({
  results: z.object({
    created: z.number(),
    /** Duplicates merged into their existing lead (skipDuplicates off). */
    updated: z.number(),
    skipped: z.number(),
    errors: z.number(),
    details: z.object({
      errors: z.array(z.object({ lineNumber: z.number(), email: z.string(), error: z.string() })),
      skipped: z.array(z.object({ lineNumber: z.number(), email: z.string(), reason: z.string() })),
      created: z.array(z.object({ lineNumber: z.number(), email: z.string(), id: z.string() })),
      updated: z.array(z.object({ lineNumber: z.number(), email: z.string(), id: z.string() })),
    }),
  }),
});
export type ImportResult = z.infer<typeof importResultSchema>;
