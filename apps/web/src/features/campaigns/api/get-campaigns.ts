import type { Campaign, CampaignList, CampaignListQuery } from '@lantern/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nextSchedulePoll } from '../delivery/schedule-time';
import { campaignKeys, campaignPath } from './query-keys';

export function getCampaigns(filter: CampaignListQuery, signal?: AbortSignal): Promise<CampaignList> {
  const params = new URLSearchParams();
  if (filter.status && filter.status !== 'all') params.set('status', filter.status);
  if (filter.approval_status && filter.approval_status !== 'all')
    params.set('approval_status', filter.approval_status);
  const query = params.toString();
  return api.get<CampaignList>(`/api/campaigns${query ? `?${query}` : ''}`, { signal });
}

/**
 * GET /api/campaigns?status&approval_status: the table's rows (no content). Asked again every few
 * seconds once a scheduled campaign is due, so the row turns to Sent and its progress by itself.
 */
export function useCampaigns(filter: CampaignListQuery) {
  return useQuery({
    queryKey: campaignKeys.list(filter),
    queryFn: ({ signal }) => getCampaigns(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => nextSchedulePoll(query.state.data),
  });
}

export async function getCampaign(id: string, signal?: AbortSignal): Promise<Campaign> {
  const { campaign } = await api.get<{ campaign: Campaign }>(campaignPath(id), { signal });
  return campaign;
}

/** GET /api/campaigns/{id}: the whole campaign, content included. */
export function useCampaign(id: string | null) {
  return useQuery({
    queryKey: campaignKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getCampaign(id ?? '', signal),
    enabled: !!id,
  });
}
