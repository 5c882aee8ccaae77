import type { TemplateCategory } from '@lantern/contracts';

/** What the list screen asks GET /api/templates for. */
export type TemplateListFilter = { search?: string; category?: TemplateCategory; is_active?: boolean };

/** Query keys of the templates feature: every change refreshes `all` (lists, categories, one template). */
export const templateKeys = {
  all: ['templates'] as const,
  list: (filter: TemplateListFilter) => ['templates', 'list', filter] as const,
  categories: ['templates', 'categories'] as const,
};
