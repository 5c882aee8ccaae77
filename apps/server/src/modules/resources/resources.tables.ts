import {
  bigint,
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
import { segments } from '../segments/segments.tables';

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

export type ResourceRow = typeof resources.$inferSelect;
export type ResourceFileRow = typeof resourceFiles.$inferSelect;
