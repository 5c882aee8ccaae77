import type { CampaignVersionContent, EditHistory } from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { campaignKeys, campaignPath } from './query-keys';

/** GET /api/campaigns/{id}/edit-history: newest first, with the final and current numbers. */
export function useEditHistory(id: string) {
  return useQuery({
    queryKey: campaignKeys.history(id),
    queryFn: ({ signal }) => api.get<EditHistory>(campaignPath(id, '/edit-history'), { signal }),
  });
}

/** GET /api/campaigns/{id}/versions/{version}: one version's content. */
export function useCampaignVersion(id: string, version: number | null) {
  return useQuery({
    queryKey: campaignKeys.version(id, version ?? 0),
    queryFn: ({ signal }) =>
      api.get<CampaignVersionContent>(campaignPath(id, `/versions/${version ?? 0}`), { signal }),
    enabled: version !== null,
  });
}

/** POST /api/campaigns/{id}/set-final-version: a version number, or null for the current content. */
export function useSetFinalVersion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionNumber: number | null) =>
      api.post<{ success: true; final_version_number: number | null }>(
        campaignPath(id, '/set-final-version'),
        {
          version_number: versionNumber,
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
