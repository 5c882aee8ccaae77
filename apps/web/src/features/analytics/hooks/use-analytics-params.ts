import {
  ANALYTICS_DEFAULT_PERIOD,
  ANALYTICS_STATUSES,
  CONVERSATION_PAGE_SIZE,
  CONVERSATION_PAGE_SIZES,
  type AnalyticsPeriod,
  type AnalyticsRangeQuery,
  type ConversationSearchQuery,
} from '@lantern/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useUrlParamsUpdate } from '@/lib/use-url-params';
import { isAnalyticsPeriod, periodFirstDay } from '../period-range';

export const ANALYTICS_TABS = ['overview', 'conversations', 'funnel', 'drop-off', 'unanswered'] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

export type ConversationFilters = {
  status: string;
  search: string;
  messageSearch: string;
  from: string;
  to: string;
};
export type ConversationFilterName = keyof ConversationFilters;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/** Sets a parameter, or removes it when it is the default (defaults stay out of the URL). */
function setOrDelete(params: URLSearchParams, name: string, value: string, fallback = '') {
  if (value && value !== fallback) params.set(name, value);
  else params.delete(name);
}

/**
 * The analytics screen's state lives in the URL (?tab=funnel&period=7d&status=converted&page=2),
 * so every view is linkable and survives a reload. A change to any filter returns to page 1.
 */
export function useAnalyticsParams() {
  const [params] = useSearchParams();
  const update = useUrlParamsUpdate();

  const tab = oneOf(ANALYTICS_TABS, params.get('tab'), 'overview');
  const periodParam = params.get('period');
  const period: AnalyticsPeriod = isAnalyticsPeriod(periodParam) ? periodParam : ANALYTICS_DEFAULT_PERIOD;
  const page = positive(params.get('page'), 1);
  const limitParam = positive(params.get('limit'), CONVERSATION_PAGE_SIZE);
  const limit = (CONVERSATION_PAGE_SIZES as readonly number[]).includes(limitParam)
    ? limitParam
    : CONVERSATION_PAGE_SIZE;
  const status = oneOf(['all', ...ANALYTICS_STATUSES], params.get('status'), 'all');
  const search = params.get('search')?.trim() ?? '';
  const messageSearch = params.get('messageSearch')?.trim() ?? '';
  const from = DATE.test(params.get('from') ?? '') ? (params.get('from') as string) : '';
  const to = DATE.test(params.get('to') ?? '') ? (params.get('to') as string) : '';

  // Figures are asked for by period: the server counts its days in the school's time zone.
  const range: AnalyticsRangeQuery = useMemo(() => ({ period }), [period]);
  // Only bounds the list's date pickers; the server keeps the list's dates inside the period.
  const firstDay = useMemo(() => periodFirstDay(period), [period]);
  const filters: ConversationFilters = useMemo(
    () => ({ status, search, messageSearch, from, to }),
    [status, search, messageSearch, from, to],
  );
  const conversationQuery: ConversationSearchQuery = useMemo(() => {
    const query: ConversationSearchQuery = { page, limit, period };
    if (from) query.dateFrom = from;
    if (to && (!from || to >= from)) query.dateTo = to;
    if (status !== 'all') query.status = status;
    if (search) query.search = search;
    if (messageSearch) query.messageSearch = messageSearch;
    return query;
  }, [page, limit, period, from, to, status, search, messageSearch]);

  return {
    tab,
    period,
    range,
    firstDay,
    page,
    limit,
    filters,
    conversationQuery,
    setTab: useCallback(
      (value: string) => update((next) => setOrDelete(next, 'tab', value, 'overview')),
      [update],
    ),
    setPeriod: useCallback(
      (value: string) =>
        update((next) => {
          setOrDelete(next, 'period', value, ANALYTICS_DEFAULT_PERIOD);
          next.delete('page');
        }),
      [update],
    ),
    setPage: useCallback(
      (to: number) => update((next) => setOrDelete(next, 'page', to > 1 ? String(to) : '')),
      [update],
    ),
    setLimit: useCallback(
      (value: number) =>
        update((next) => {
          setOrDelete(next, 'limit', String(value), String(CONVERSATION_PAGE_SIZE));
          next.delete('page');
        }),
      [update],
    ),
    setFilter: useCallback(
      (name: ConversationFilterName, value: string) =>
        update(
          (next) => {
            setOrDelete(next, name, value.trim(), name === 'status' ? 'all' : '');
            next.delete('page');
          },
          name === 'search' || name === 'messageSearch',
        ),
      [update],
    ),
  };
}
