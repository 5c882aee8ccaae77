import type { CampaignSegmentOption, Compatibility } from '@lantern/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { campaignKeys } from './query-keys';

/** GET /api/campaigns/segment-options: the editor's segment cards with their sendable lead counts. */
export async function getSegmentOptions(signal?: AbortSignal): Promise<CampaignSegmentOption[]> {
  const { segments } = await api.get<{ segments: CampaignSegmentOption[] }>(
    '/api/campaigns/segment-options',
    {
      signal,
    },
  );
  return segments;
}

export function useSegmentOptions() {
  return useQuery({
    queryKey: campaignKeys.segmentOptions,
    queryFn: ({ signal }) => getSegmentOptions(signal),
  });
}

export function checkCompatibility(segmentIds: string[]): Promise<Compatibility> {
  return api.post<Compatibility>('/api/campaigns/check-segment-compatibility', { segment_ids: segmentIds });
}

/** The chosen segments' deduplicated recipients and conflicts (the editor's banner). */
export function useCompatibility(segmentIds: string[]) {
  return useQuery({
    queryKey: campaignKeys.compatibility(segmentIds),
    queryFn: () => checkCompatibility(segmentIds),
    enabled: segmentIds.length > 0,
    placeholderData: keepPreviousData,
  });
}
