import type { TemplateVariable } from '@lantern/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { adminUsers } from '../auth/auth.tables';

/** Email templates (spec document 3, 3.10); migration 0015_email_templates.sql. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    category: text('category').notNull().default('newsletter'),
    subjectTemplate: text('subject_template').notNull(),
    contentHtmlTemplate: text('content_html_template').notNull(),
    contentTextTemplate: text('content_text_template'),
    variablesSchema: jsonb('variables_schema').$type<TemplateVariable[]>().notNull().default([]),
    segmentTags: jsonb('segment_tags').$type<string[]>().notNull().default([]),
    personalizationLevel: text('personalization_level').notNull().default('medium'),
    isActive: boolean('is_active').notNull().default(true),
    /** Kept by the campaigns module through recordTemplateUse. */
    usageCount: integer('usage_count').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The starter template this row came from (create-defaults), so it is added once. */
    defaultKey: text('default_key').unique(),
    createdBy: uuid('created_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_templates_category_idx').on(t.category),
    index('email_templates_created_idx').on(t.createdAt, t.id),
    check(
      'email_templates_category_check',
      sql`${t.category} in ('newsletter', 'welcome', 'resources', 'events', 'general')`,
    ),
    check(
      'email_templates_personalization_level_check',
      sql`${t.personalizationLevel} in ('light', 'medium', 'heavy')`,
    ),
    check('email_templates_usage_count_check', sql`${t.usageCount} >= 0`),
  ],
);

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;
export type EmailTemplateInsert = typeof emailTemplates.$inferInsert;
