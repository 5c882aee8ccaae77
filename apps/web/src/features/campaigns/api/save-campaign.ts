import type { Campaign, CampaignCreateInput, CampaignUpdateInput } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { campaignKeys, campaignPath } from './query-keys';

/** POST /api/campaigns: one call per chosen segment (the editor names each). */
export async function createCampaign(body: CampaignCreateInput): Promise<Campaign> {
  const { campaign } = await api.post<{ id: string; campaign: Campaign }>('/api/campaigns', body);
  return campaign;
}

/** PUT /api/campaigns/{id}: the subject alone, the content alone, or the whole form. */
export async function updateCampaign(id: string, body: CampaignUpdateInput): Promise<Campaign> {
  const { campaign } = await api.put<{ campaign: Campaign }>(campaignPath(id), body);
  return campaign;
}

export function deleteCampaign(id: string): Promise<{ success: true }> {
  return api.delete<{ success: true }>(campaignPath(id));
}

/** Creates one campaign per body, in order; stops at the first failure (those made stay made). */
export function useCreateCampaigns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bodies: CampaignCreateInput[]) => {
      const created: Campaign[] = [];
      try {
        for (const body of bodies) created.push(await createCampaign(body));
      } finally {
        if (created.length > 0) void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      }
      return created;
    },
  });
}

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CampaignUpdateInput }) => updateCampaign(id, body),
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
      return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
