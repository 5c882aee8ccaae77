import type {
  ApprovalDecisionInput,
  ApprovalDecisionResult,
  ApprovalLink,
  ApprovalPreview,
  CampaignActionResult,
  CreateApprovalLink,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { campaignKeys, campaignPath } from './query-keys';

/** POST /api/campaigns/{id}/create-approval-link: the campaign becomes pending; the old link is revoked. */
export function useCreateApprovalLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body?: CreateApprovalLink }) =>
      api.post<ApprovalLink>(campaignPath(id, '/create-approval-link'), body ?? {}),
    onSuccess: (link) => {
      if (link.campaign) queryClient.setQueryData(campaignKeys.detail(link.campaign.id), link.campaign);
      return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

/** POST /api/campaigns/{id}/publish (built-in sender): approved and ready becomes published. */
export function usePublishCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<CampaignActionResult>(campaignPath(id, '/publish'), {}),
    onSuccess: (result) => {
      queryClient.setQueryData(campaignKeys.detail(result.campaign.id), result.campaign);
      return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

const previewPath = (token: string, tail = '') =>
  `/api/campaigns/preview/${encodeURIComponent(token)}${tail}`;

export const approvalKeys = {
  preview: (token: string) => ['campaign-approval', token] as const,
};

/** GET /api/campaigns/preview/{token} (public): 404 for unknown, expired or revoked links. */
export function useApprovalPreview(token: string) {
  return useQuery({
    queryKey: approvalKeys.preview(token),
    queryFn: ({ signal }) => api.get<ApprovalPreview>(previewPath(token), { signal, anonymous: true }),
    // A 404 (or a 429) will not change by asking again at once.
    retry: (count, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/campaigns/preview/{token}/approve (public): the reviewer's one decision. */
export function useApprovalDecision(token: string) {
  return useMutation({
    mutationFn: (body: ApprovalDecisionInput) =>
      api.post<ApprovalDecisionResult>(previewPath(token, '/approve'), body, { anonymous: true }),
  });
}
