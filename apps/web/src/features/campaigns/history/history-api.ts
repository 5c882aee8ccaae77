import { campaignHistoryFilename, type CampaignHistory } from '@lantern/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadBlob } from '@/lib/download';

/** The History tab's filters as the screen holds them ('' = not set; segment 'all' = every segment). */
export type HistoryFilters = {
  search: string;
  segmentId: string;
  /** YYYY-MM-DD, the first day included. */
  startDate: string;
  /** YYYY-MM-DD, included to its last millisecond (the server applies the school's day). */
  endDate: string;
};

export const NO_HISTORY_FILTERS: HistoryFilters = {
  search: '',
  segmentId: 'all',
  startDate: '',
  endDate: '',
};

export const HISTORY_PAGE_SIZE = 25;

export const hasHistoryFilters = (f: HistoryFilters) =>
  f.search.trim() !== '' || f.segmentId !== 'all' || f.startDate !== '' || f.endDate !== '';

/** A start after the end would match nothing: the screen says so instead of asking. */
export const isRangeReversed = (f: HistoryFilters) =>
  f.startDate !== '' && f.endDate !== '' && f.startDate > f.endDate;

/**
 * The query string of GET /api/campaigns/history and its export: search, segment_id, start_date and
 * end_date as chosen (calendar dates, never converted: the end day's 23:59:59.999 is the server's).
 */
export function historyParams(filters: HistoryFilters, page?: { limit: number; offset: number }) {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('search', search);
  if (filters.segmentId && filters.segmentId !== 'all') params.set('segment_id', filters.segmentId);
  if (filters.startDate) params.set('start_date', filters.startDate);
  if (filters.endDate) params.set('end_date', filters.endDate);
  if (page) {
    params.set('limit', String(page.limit));
    params.set('offset', String(page.offset));
  }
  return params;
}

export const historyKeys = {
  all: ['campaigns', 'history-list'] as const,
  list: (filters: HistoryFilters, page: number) => ['campaigns', 'history-list', filters, page] as const,
};

const withQuery = (path: string, params: URLSearchParams) => {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};

export function getCampaignHistory(filters: HistoryFilters, page: number, signal?: AbortSignal) {
  const params = historyParams(filters, { limit: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE });
  return api.get<CampaignHistory>(withQuery('/api/campaigns/history', params), { signal });
}

/** GET /api/campaigns/history: one page of sent campaigns, newest first, with their figures. */
export function useCampaignHistory(filters: HistoryFilters, page: number) {
  return useQuery({
    queryKey: historyKeys.list(filters, page),
    queryFn: ({ signal }) => getCampaignHistory(filters, page, signal),
    enabled: !isRangeReversed(filters),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/campaigns/history/export with the list's filters, saved under the server's file name. */
export async function exportCampaignHistory(filters: HistoryFilters): Promise<string> {
  const { file, filename } = await api.getNamedFile(
    withQuery('/api/campaigns/history/export', historyParams(filters)),
  );
  const name = filename ?? campaignHistoryFilename();
  downloadBlob(name, file);
  return name;
}

export function useExportCampaignHistory() {
  return useMutation({ mutationFn: exportCampaignHistory });
}
