import { TEMPLATE_CATEGORY_LABELS, TEMPLATE_MESSAGES, type TemplateCategory } from '@lantern/contracts';
import { formatDate } from '@/lib/format';

/** 'newsletter' → 'Newsletter' (an unknown value is shown as it came). */
export const categoryLabel = (category: string) =>
  TEMPLATE_CATEGORY_LABELS[category as TemplateCategory] ?? category;

/** Spec 2.9: the last-used date, or 'Never'. */
export const lastUsedText = (lastUsedAt: string | null) =>
  lastUsedAt ? formatDate(lastUsedAt) : TEMPLATE_MESSAGES.never;
