import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { leads } from '../leads/leads.tables';
import { segments } from '../segments/segments.tables';
import type { LinkIssuer } from './download-token';

export const resources = pgTable('resources', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  category: text('category').notNull().default('general'),
  priority: integer('priority').notNull().default(5),
  requireEmail: boolean('require_email').notNull().default(true),
  isActive: boolean('is_active').notNull().default(true),
  downloadCount: integer('download_count').notNull().default(0),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A resource's files; the bytes are in file storage under storage_key. */
export const resourceFiles = pgTable(
  'resource_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resourceId: uuid('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    fileType: text('file_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('resource_files_resource_idx').on(t.resourceId, t.position)],
);

/** Which segments a resource is for; one of them may be its primary segment. */
export const resourceSegments = pgTable(
  'resource_segments',
  {
    resourceId: uuid('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.resourceId, t.segmentId] }),
    index('resource_segments_segment_idx').on(t.segmentId),
  ],
);

/** One row per file download through a link: the stats window and unique downloaders. */
export const resourceDownloads = pgTable(
  'resource_downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resourceId: uuid('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id'),
    email: text('email'),
    visitorId: text('visitor_id'),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('resource_downloads_resource_idx').on(t.resourceId, t.downloadedAt)],
);

/**
 * One download link (download-token.ts): only its token's SHA-256, the resource, whom it was issued
 * to and by what. A resource's deletion keeps the row (resource_id null) so its links can say the
 * resource is gone; rows are removed some time after they expire.
 */
export const resourceDownloadLinks = pgTable(
  'resource_download_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    resourceId: uuid('resource_id').references(() => resources.id, { onDelete: 'set null' }),
    /** The lead the server issued the link to (enrolment, chat, email); null for public links. */
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    email: text('email'),
    visitorId: text('visitor_id'),
    issuedBy: text('issued_by').$type<LinkIssuer>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('resource_download_links_resource_idx').on(t.resourceId),
    index('resource_download_links_lead_idx').on(t.leadId),
    index('resource_download_links_expires_idx').on(t.expiresAt),
    check(
      'resource_download_links_issued_by_check',
      sql`${t.issuedBy} in ('enrolment', 'chat', 'email', 'public')`,
    ),
  ],
);

export type ResourceRow = typeof resources.$inferSelect;
export type ResourceFileRow = typeof resourceFiles.$inferSelect;
export type ResourceDownloadLinkRow = typeof resourceDownloadLinks.$inferSelect;
