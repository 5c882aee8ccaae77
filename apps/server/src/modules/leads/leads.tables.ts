import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ScoreFactor } from '@lantern/contracts';

/** A child as kept in its lead's row; the id stays the same while the child is edited. */
export type LeadChildRow = {
  id: string;
  name: string;
  age: number | null;
  grade: string | null;
  specialNeeds: string[];
  currentSupport: string[];
};

/** A child to store: one without an id (or with an id already used in the list) gets a new one. */
export type NewChild = Omit<LeadChildRow, 'id'> & { id?: string | null };

/**
 * A score factor as stored with the lead: its label and maximum are left out (they follow from its
 * key, see SCORE_FACTORS), which halves the JSON every lead carries. Rows written before kept
 * them; both read the same.
 */
export type StoredScoreFactor = Pick<ScoreFactor, 'key' | 'points' | 'detail'> &
  Partial<Pick<ScoreFactor, 'label' | 'max'>>;

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    parentName: text('parent_name').notNull(),
    phone: text('phone'),
    phoneConsent: boolean('phone_consent').notNull().default(false),
    timeline: text('timeline'),
    timelineDate: date('timeline_date', { mode: 'string' }),
    biggestConcerns: text('biggest_concerns'),
    leadScore: integer('lead_score').notNull().default(0),
    scoreBreakdown: jsonb('score_breakdown').$type<StoredScoreFactor[]>().notNull().default([]),
    conversionStatus: text('conversion_status').notNull().default('pending'),
    enrollmentDate: date('enrollment_date', { mode: 'string' }),
    paymentAmount: numeric('payment_amount', { precision: 12, scale: 2, mode: 'number' }),
    paymentPeriod: text('payment_period'),
    emailStatus: text('email_status').notNull().default('subscribed'),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    unsubscribeReason: text('unsubscribe_reason'),
    source: text('source').notNull().default('manual'),
    visitorId: text('visitor_id'),
    /** Engagement counters kept by the chat and resources modules through the leads service. */
    completedConversations: integer('completed_conversations').notNull().default(0),
    resourceDownloads: integer('resource_downloads').notNull().default(0),
    /**
     * The children, in order (the first is the primary child), in the lead's own row: they are
     * always read and written with their lead and never queried on their own (segment rules and
     * filters use the facts below). A bulk import writes no second table and no foreign-key
     * checks for them.
     */
    children: jsonb('children').$type<LeadChildRow[]>().notNull().default([]),
    /**
     * Facts about the children, kept with the lead (written with its children, see childFactsOf)
     * so segment rules are plain conditions on one row: the first child's fields, and every child's.
     */
    childCount: integer('child_count').notNull().default(0),
    firstChildName: text('first_child_name'),
    firstChildAge: integer('first_child_age'),
    firstChildSpecialNeeds: text('first_child_special_needs').array().notNull().default([]),
    firstChildCurrentSupport: text('first_child_current_support').array().notNull().default([]),
    allSpecialNeeds: text('all_special_needs').array().notNull().default([]),
    allAges: integer('all_ages').array().notNull().default([]),
    /** Lower-cased parent name, email, phone (and its digits) and children's names, for search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leads_email_idx').on(t.email),
    // NULLS FIRST matches ORDER BY ... DESC, so the newest-first pages read the index in order.
    index('leads_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Low scores only (0017_scale): the other bands are too large for an index to help a query.
    index('leads_low_score_idx')
      .on(t.leadScore)
      .where(sql`${t.leadScore} < 40`),
    index('leads_downloads_idx')
      .on(t.resourceDownloads)
      .where(sql`${t.resourceDownloads} > 0`),
    // A search with the list's equality filters (0017_scale, btree_gin for the plain columns): the
    // index narrows a term's matches by them before any row is read.
    index('leads_search_filters_idx').using(
      'gin',
      t.searchText.op('gin_trgm_ops'),
      t.emailStatus,
      t.conversionStatus,
      sql`lower(${t.timeline})`,
    ),
    // Also in 0017_scale, which Drizzle cannot declare: search_text's statistics target (400) and
    // the extended statistics leads_list_filters_stats on the list's correlated filters.
  ],
);

export type LeadRow = typeof leads.$inferSelect;
