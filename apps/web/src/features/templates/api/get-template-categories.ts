import type { TemplateCategoryCount } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templateKeys } from './query-keys';

export async function getTemplateCategories(signal?: AbortSignal): Promise<TemplateCategoryCount[]> {
  const { categories } = await api.get<{ categories: TemplateCategoryCount[] }>('/api/templates/categories', {
    signal,
  });
  return categories;
}

/** GET /api/templates/categories: every category with its number of templates, for the filter. */
export function useTemplateCategories() {
  return useQuery({
    queryKey: templateKeys.categories,
    queryFn: ({ signal }) => getTemplateCategories(signal),
  });
}
