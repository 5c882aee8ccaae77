import { TEMPLATE_PAGE_SIZE, type TemplateList } from '@lantern/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templateKeys, type TemplateListFilter } from './query-keys';

export function getTemplates(filter: TemplateListFilter, signal?: AbortSignal): Promise<TemplateList> {
  const params = new URLSearchParams({ limit: String(TEMPLATE_PAGE_SIZE), offset: '0' });
  if (filter.search) params.set('search', filter.search);
  if (filter.category) params.set('category', filter.category);
  if (filter.is_active !== undefined) params.set('is_active', String(filter.is_active));
  return api.get<TemplateList>(`/api/templates?${params.toString()}`, { signal });
}

/** GET /api/templates: the first 50 templates that match (spec 9), and how many match in all. */
export function useTemplates(filter: TemplateListFilter) {
  return useQuery({
    queryKey: templateKeys.list(filter),
    queryFn: ({ signal }) => getTemplates(filter, signal),
    // A new search keeps the cards on screen until its answer comes.
    placeholderData: keepPreviousData,
  });
}
