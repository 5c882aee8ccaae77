import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RuleGroup } from '@lantern/contracts';
import { leads } from '../leads/leads.tables';

export const segments = pgTable('segments', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  neverContact: boolean('never_contact').notNull().default(false),
  emailListReady: boolean('email_list_ready').notNull().default(true),
  autoTag: boolean('auto_tag').notNull().default(true),
  priority: integer('priority').notNull().default(5),
  inclusionRules: jsonb('inclusion_rules').$type<RuleGroup>(),
  exclusionRules: jsonb('exclusion_rules').$type<RuleGroup>(),
  lastEvaluated: timestamp('last_evaluated', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which leads are in which segment, and whether staff put them there or the rules did. */
export const leadSegments = pgTable(
  'lead_segments',
  {
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    assignment: text('assignment').$type<'manual' | 'auto'>().notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.leadId, t.segmentId] }),
    index('lead_segments_segment_idx').on(t.segmentId, t.leadId),
  ],
);

export type SegmentRow = typeof segments.$inferSelect;

/**
 * Leads staff took out of a segment by hand: the segment's rules do not put them back. Assigning
 * the lead by hand again lifts it.
 */
export const leadSegmentExclusions = pgTable(
  'lead_segment_exclusions',
  {
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    excludedAt: timestamp('excluded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.segmentId] })],
);

/**
 * What a segment rule can test of each lead, narrow and ready for the rules' comparisons (migration
 * 0021_rule_scan): the rule test and the re-evaluation of every segment scan this, not the wide
 * leads table. Written only by PostgreSQL's triggers on leads, in the statement that changes a
 * lead; never by the application. `*_lc` are the fields lowered (text: lower(coalesce(x, ''));
 * arrays: each item lowered).
 */
export const leadRuleFacts = pgTable('lead_rule_facts', {
  leadId: uuid('lead_id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  leadScore: integer('lead_score').notNull(),
  childCount: integer('child_count').notNull(),
  childAge: integer('child_age'),
  email: text('email').notNull(),
  parentName: text('parent_name').notNull(),
  childName: text('child_name'),
  phone: text('phone'),
  timeline: text('timeline'),
  biggestConcerns: text('biggest_concerns'),
  emailLc: text('email_lc').notNull(),
  parentNameLc: text('parent_name_lc').notNull(),
  childNameLc: text('child_name_lc').notNull(),
  phoneLc: text('phone_lc').notNull(),
  timelineLc: text('timeline_lc').notNull(),
  biggestConcernsLc: text('biggest_concerns_lc').notNull(),
  specialNeedsLc: text('special_needs_lc').array().notNull(),
  currentSupportLc: text('current_support_lc').array().notNull(),
  allSpecialNeedsLc: text('all_special_needs_lc').array().notNull(),
  allAges: integer('all_ages').array().notNull(),
});
