import { RESOURCE_CATEGORIES, type Resource, type ResourceCategory } from '@lantern/contracts';
// Relative, not '@/lib': format.test.ts runs under the root Vitest config, which has no '@' alias.
import { countOf } from '../../../lib/format';

const CATEGORY_LABELS: Record<ResourceCategory, string> = {
  autism: 'Autism',
  adhd: 'ADHD',
  'learning-differences': 'Learning Differences',
  'speech-language': 'Speech & Language',
  'behavioral-support': 'Behavioral Support',
  general: 'General',
};

const isKnownCategory = (category: string): category is ResourceCategory =>
  (RESOURCE_CATEGORIES as readonly string[]).includes(category);

export const categoryLabel = (category: string) =>
  isKnownCategory(category) ? CATEGORY_LABELS[category] : category;

export const CATEGORY_OPTIONS = RESOURCE_CATEGORIES.map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));

/** A file's kind as people know it: its extension (PDF, DOCX), else the type the server stored. */
export function fileKind(file: Pick<Resource['files'][number], 'filename' | 'file_type'>): string {
  const dot = file.filename.lastIndexOf('.');
  return dot > 0 ? file.filename.slice(dot + 1).toUpperCase() : file.file_type;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** How long a link stays valid, from its expiry ('7 days', '12 hours'); null if unknown or past. */
export function validityPeriod(expiresAt: string, now: number = Date.now()): string | null {
  const left = new Date(expiresAt).getTime() - now;
  if (!Number.isFinite(left) || left <= 0) return null;
  if (left >= DAY_MS) return countOf(Math.round(left / DAY_MS), 'day', 'days');
  if (left >= HOUR_MS) return countOf(Math.round(left / HOUR_MS), 'hour', 'hours');
  return countOf(Math.max(1, Math.round(left / MINUTE_MS)), 'minute', 'minutes');
}

/** The toast after a test link was copied, with its validity when the expiry is readable. */
export function testLinkCopiedMessage(expiresAt: string): string {
  const period = validityPeriod(expiresAt);
  return `Test download link copied to clipboard.${period ? ` It is valid for ${period}.` : ''}`;
}
