import {
  errorSchema,
  EXPORT_COLUMN_GROUPS,
  exportColumnsResponseSchema,
  exportQuerySchema,
  IMPORT_COLUMNS,
  IMPORT_MAX_BODY_MB,
  IMPORT_TEMPLATE_FILENAME,
  importBulkRequestSchema,
  importResultSchema,
  importValidateRequestSchema,
  importValidationSchema,
} from '@lantern/contracts';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/authenticate';
import type { ImportsService } from './imports.service';
import type { LeadExportService } from './lead-export.service';

const errors = { 400: errorSchema, 401: errorSchema, 413: errorSchema };
const tags = ['imports'];
const bodyLimit = IMPORT_MAX_BODY_MB * 1024 * 1024;
const actorOf = (request: FastifyRequest) => ({ userId: sessionOf(request).user.id, ip: request.ip });

// Spec: sample data uses age 8 and timeline 'Next semester'.
const SAMPLE_ROW: Record<string, string> = {
  email: 'jane.doe@example.com',
  parent_name: 'Jane Doe',
  phone: '(555) 123-4567',
  timeline: 'Next semester',
  timeline_date: '',
  biggest_concerns: 'Transitions between classes',
  child1_name: 'Sam Doe',
  child1_age: '8',
  child1_grade: '3rd Grade',
  child1_special_needs: 'ADHD, Dyslexia',
  child1_current_support: 'IEP',
};

const attachment = (filename: string) => `attachment; filename="${filename}"`;

export async function importsRoutes(
  app: FastifyInstance,
  opts: { imports: ImportsService; exporter: LeadExportService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { imports, exporter } = opts;

  r.get(
    '/api/leads/import/template',
    { schema: { tags, summary: 'The import CSV template' } },
    (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(IMPORT_TEMPLATE_FILENAME))
        .send(stringify([IMPORT_COLUMNS, IMPORT_COLUMNS.map((c) => SAMPLE_ROW[c] ?? '')])),
  );

  r.post(
    '/api/leads/import/validate',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Validate parsed CSV rows: valid, invalid, duplicates and warnings, with file line numbers',
        body: importValidateRequestSchema,
        response: { 200: importValidationSchema, ...errors },
      },
    },
    (request) => imports.validate(request.body.leads),
  );

  r.post(
    '/api/leads/import/bulk',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Import rows in batches; duplicates skipped (or merged with skipDuplicates false)',
        body: importBulkRequestSchema,
        response: { 200: importResultSchema, ...errors },
      },
    },
    (request) => imports.importRows(request.body.leads, request.body.skipDuplicates, actorOf(request)),
  );

  r.get(
    '/api/leads/export/columns',
    { schema: { tags, response: { 200: exportColumnsResponseSchema, 401: errorSchema } } },
    () => ({ columns: EXPORT_COLUMN_GROUPS.map((g) => ({ group: g.group, columns: [...g.columns] })) }),
  );

  r.get(
    '/api/leads/export/comprehensive',
    {
      schema: {
        tags,
        summary: 'Every lead as a CSV (chosen columns) or JSON file, streamed',
        querystring: exportQuerySchema,
      },
    },
    (request, reply) => {
      const { format, columns } = request.query;
      const file = exporter.exportLeads(format, format === 'csv' ? columns : undefined, actorOf(request));
      return reply
        .type(file.contentType)
        .header('content-disposition', attachment(file.filename))
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
}
