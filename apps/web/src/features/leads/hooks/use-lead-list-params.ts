import {
  CONVERSION_STATUS_FILTERS,
  EMAIL_STATUSES,
  LEADS_PAGE_SIZE,
  type LeadsQuery,
} from '@lantern/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useUrlParamsUpdate } from '@/lib/use-url-params';

/** The filters of the leads list, as named in the URL and in the API's query string. */
export const LEAD_FILTER_NAMES = [
  'score',
  'timeline',
  'segment',
  'conversion_status',
  'email_status',
] as const;
export type LeadFilterName = (typeof LEAD_FILTER_NAMES)[number];
export type LeadFilters = Record<LeadFilterName, string>;

const SCORE_FILTERS = ['high', 'medium', 'low'] as const;
const ALL = 'all';

/** An option list's value, or 'all' when the URL holds something the list does not offer. */
const oneOf = (allowed: readonly string[], value: string | null) =>
  value && allowed.includes(value) ? value : ALL;

/** Sets a parameter, or removes it when empty or 'all' (defaults stay out of the URL). */
function setOrDelete(params: URLSearchParams, name: string, value: string) {
  if (value && value !== ALL) params.set(name, value);
  else params.delete(name);
}

const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * The list state (page, search, every filter) and the open lead profile live in the URL, so a list
 * is bookmarkable and survives a reload. Changing the search or a filter goes back to page 1.
 */
export function useLeadListParams() {
  const [params] = useSearchParams();
  const update = useUrlParamsUpdate();

  const page = pageOf(params.get('page'));
  const search = params.get('search')?.trim() ?? '';
  const openLeadId = params.get('lead');
  const score = oneOf(SCORE_FILTERS, params.get('score'));
  const timeline = params.get('timeline')?.trim() || ALL;
  const segment = params.get('segment')?.trim() || ALL;
  const conversionStatus = oneOf(CONVERSION_STATUS_FILTERS, params.get('conversion_status'));
  const emailStatus = oneOf(EMAIL_STATUSES, params.get('email_status'));

  const filters: LeadFilters = useMemo(
    () => ({ score, timeline, segment, conversion_status: conversionStatus, email_status: emailStatus }),
    [score, timeline, segment, conversionStatus, emailStatus],
  );

  const query: LeadsQuery = useMemo(() => {
    const sent: LeadsQuery = { page, limit: LEADS_PAGE_SIZE };
    if (search) sent.search = search;
    for (const name of LEAD_FILTER_NAMES) {
      if (filters[name] !== ALL) Object.assign(sent, { [name]: filters[name] });
    }
    return sent;
  }, [page, search, filters]);

  const hasFilters = Boolean(search) || LEAD_FILTER_NAMES.some((name) => filters[name] !== ALL);

  return {
    query,
    page,
    search,
    filters,
    hasFilters,
    openLeadId,
    setPage: useCallback(
      (to: number, replace = false) =>
        update((next) => setOrDelete(next, 'page', to > 1 ? String(to) : ''), replace),
      [update],
    ),
    setSearch: useCallback(
      (value: string) =>
        update((next) => {
          setOrDelete(next, 'search', value.trim());
          next.delete('page');
        }, true),
      [update],
    ),
    setFilter: useCallback(
      (name: LeadFilterName, value: string) =>
        update((next) => {
          setOrDelete(next, name, value);
          next.delete('page');
        }),
      [update],
    ),
    clearFilters: useCallback(
      () =>
        update((next) => {
          for (const name of [...LEAD_FILTER_NAMES, 'search', 'page']) next.delete(name);
        }),
      [update],
    ),
    setOpenLeadId: useCallback(
      (id: string | null) => update((next) => setOrDelete(next, 'lead', id ?? ''), true),
      [update],
    ),
  };
}
