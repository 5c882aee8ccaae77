import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns.tables';

// Campaign results (issue 24); migration 0020_campaign_tracking.sql. lead_id has no foreign key:
// a deleted lead's clicks still count for the campaign they clicked in.

/** The links of a sent campaign's HTML, in order: the only places a click link can lead to. */
export const campaignLinks = pgTable(
  'campaign_links',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    url: text('url').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.idx] }),
    check('campaign_links_idx_check', sql`${t.idx} >= 0`),
  ],
);

/** A recipient's first click of one link (later clicks of it are not recorded). */
export const campaignClicks = pgTable(
  'campaign_clicks',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').notNull(),
    linkIdx: integer('link_idx').notNull(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.leadId, t.linkIdx] })],
);

/** A recipient's first click of any link of the campaign (the click rate's numerator). */
export const campaignClickers = pgTable(
  'campaign_clickers',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').notNull(),
    firstClickedAt: timestamp('first_clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.leadId] })],
);

/** A recipient's first open (the pixel loaded). */
export const campaignOpens = pgTable(
  'campaign_opens',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.leadId] })],
);

/** A hard bounce of a campaign's message, or an unsubscribe through its link: once per recipient. */
export const campaignOutcomes = pgTable(
  'campaign_outcomes',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').notNull(),
    kind: text('kind').$type<'bounce' | 'unsubscribe'>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.leadId, t.kind] }),
    check('campaign_outcomes_kind_check', sql`${t.kind} in ('bounce', 'unsubscribe')`),
  ],
);

/** One row of counters per campaign, changed in the same statement as the row it counts. */
export const campaignStats = pgTable('campaign_stats', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  opens: integer('opens').notNull().default(0),
  clicks: integer('clicks').notNull().default(0),
  clickers: integer('clickers').notNull().default(0),
  bounced: integer('bounced').notNull().default(0),
  unsubscribed: integer('unsubscribed').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The school's tracking choices: one row (id 1); absent means the defaults (open tracking on). */
export const campaignTrackingSettings = pgTable(
  'campaign_tracking_settings',
  {
    id: integer('id').primaryKey().default(1),
    openTrackingEnabled: boolean('open_tracking_enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('campaign_tracking_settings_single_row', sql`${t.id} = 1`)],
);
