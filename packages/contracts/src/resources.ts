import { z } from 'zod';

/** Resources: lead magnets parents download (spec document 2: Resource, Download token, 5, 7, 9). */

export const RESOURCE_CATEGORIES = [
  'autism',
  'adhd',
  'learning-differences',
  'speech-language',
  'behavioral-support',
  'general',
] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

export const RESOURCE_FILE_EXTENSIONS = [
  '.pdf',
  '.docx',
  '.doc',
  '.txt',
  '.mp4',
  '.webm',
  '.jpg',
  '.jpeg',
  '.png',
] as const;
export const RESOURCE_MAX_FILE_MB = 50;
export const RESOURCE_MAX_FILES = 10;
export const RESOURCE_PRIORITY_MIN = 1;
export const RESOURCE_PRIORITY_MAX = 10;
export const RESOURCE_DEFAULT_PRIORITY = 5;
export const RESOURCE_STATS_DEFAULT_DAYS = 30;
export const RESOURCES_BY_SEGMENT_DEFAULT_LIMIT = 3;
export const TOP_RESOURCES = 3;

export const RESOURCE_MESSAGES = {
  title: 'Title is required',
  description: 'Description is required',
  files: 'At least one file is required',
  segments: 'Please select at least one segment',
  skipped: 'Some files were skipped. Only these types are allowed: ',
} as const;

export const hasAllowedResourceExtension = (filename: string) =>
  RESOURCE_FILE_EXTENSIONS.some((ext) => filename.toLowerCase().endsWith(ext));

/** The creation form's first problem, in the spec's order (document 2, 5). */
export function resourceFormError(form: {
  title: string;
  description: string;
  fileCount: number;
  segmentIds: string[];
}): string | null {
  if (!form.title.trim()) return RESOURCE_MESSAGES.title;
  if (!form.description.trim()) return RESOURCE_MESSAGES.description;
  if (form.fileCount === 0) return RESOURCE_MESSAGES.files;
  if (form.segmentIds.length === 0) return RESOURCE_MESSAGES.segments;
  return null;
}

export const resourceFileSchema = z.object({
  id: z.string(),
  filename: z.string(),
  file_type: z.string(),
  size: z.number(),
});

export const resourceSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  priority: z.number(),
  require_email: z.boolean(),
  is_active: z.boolean(),
  file_count: z.number(),
  download_count: z.number(),
  assigned_segments: z.array(z.object({ id: z.string(), name: z.string(), is_primary: z.boolean() })),
  files: z.array(resourceFileSchema),
  created_at: z.string(),
  updated_at: z.string(),
  metadata: z.record(z.string(), z.unknown()),
});
export type Resource = z.infer<typeof resourceSchema>;

export const resourceListSchema = z.object({ resources: z.array(resourceSchema) });
export const resourceResponseSchema = z.object({ resource: resourceSchema });

export const resourceListQuerySchema = z.strictObject({
  category: z.string().trim().max(40).optional(),
  /** A segment name (as the spec's filter sends it) or id; 'all' is ignored. */
  segment: z.string().trim().max(120).optional(),
});

const priority = z.coerce
  .number()
  .int('Priority must be a whole number from 1 to 10')
  .min(RESOURCE_PRIORITY_MIN, 'Priority must be from 1 to 10')
  .max(RESOURCE_PRIORITY_MAX, 'Priority must be from 1 to 10');

/** The text fields of POST /api/resources (multipart); files and segment_ids come as repeated parts. */
export const resourceCreateFieldsSchema = z.object({
  title: z.string().trim().min(1, RESOURCE_MESSAGES.title).max(200),
  description: z.string().trim().min(1, RESOURCE_MESSAGES.description).max(2000),
  category: z.enum(RESOURCE_CATEGORIES).default('general'),
  priority: priority.default(RESOURCE_DEFAULT_PRIORITY),
  require_email: z.boolean().default(true),
  metadata: z.record(z.string(), z.unknown()).default({}),
});

export const resourceUpdateSchema = z.strictObject({
  title: z.string().trim().min(1, RESOURCE_MESSAGES.title).max(200).optional(),
  description: z.string().trim().min(1, RESOURCE_MESSAGES.description).max(2000).optional(),
  category: z.enum(RESOURCE_CATEGORIES).optional(),
  priority: priority.optional(),
  is_active: z.boolean().optional(),
  require_email: z.boolean().optional(),
});
export type ResourceUpdateInput = z.input<typeof resourceUpdateSchema>;

export const assignResourceSegmentsSchema = z.strictObject({
  segment_ids: z.array(z.string().uuid('segment_ids: must be segment ids')).max(100),
  clear_existing: z.boolean().default(false),
  /** The segment the resource is primarily for; default the first of segment_ids. */
  primary_segment_id: z.string().uuid().nullish(),
});

export const resourceStatsQuerySchema = z.strictObject({
  days: z.coerce.number().int().min(1).max(3650).default(RESOURCE_STATS_DEFAULT_DAYS),
});
export const resourceStatsSchema = z.object({
  resource_id: z.string(),
  days: z.number(),
  downloads: z.number(),
  unique_downloaders: z.number(),
  all_time_downloads: z.number(),
  by_day: z.array(z.object({ date: z.string(), downloads: z.number() })),
});
export type ResourceStats = z.infer<typeof resourceStatsSchema>;

export const resourceFilesResponseSchema = z.object({ files: z.array(resourceFileSchema) });

/** POST /api/resources/generate-token (no auth). */
export const generateTokenSchema = z.strictObject({
  resource_id: z.string().uuid('resource_id: must be a resource id'),
  email: z.string().trim().max(254).nullish(),
  visitor_uuid: z.string().trim().max(100).nullish(),
});
export const downloadTokenSchema = z.object({ download_url: z.string(), expires_at: z.string() });
export type DownloadToken = z.infer<typeof downloadTokenSchema>;

export const resourcesBySegmentQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(20).default(RESOURCES_BY_SEGMENT_DEFAULT_LIMIT),
});
export const publicResourceSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  priority: z.number(),
  file_count: z.number(),
});
export const resourcesBySegmentSchema = z.object({ resources: z.array(publicResourceSchema) });

/** Human file sizes with the spec's units (Bytes, KB, MB, GB). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Math.round(value * 100) / 100} ${units[unit]}`;
}
