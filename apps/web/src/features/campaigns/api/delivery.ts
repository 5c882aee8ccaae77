import {
  DELIVERY_POLL_MS,
  type CampaignActionResult,
  type CampaignDelivery,
  type CampaignDeliveryResponse,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '@/lib/api-client';
import { campaignKeys, campaignPath } from './query-keys';

export const deliveryKeys = {
  delivery: (id: string) => ['campaigns', 'delivery', id] as const,
};

/** A delivery still under way: the screen polls it. */
export const isDeliveryActive = (d: Pick<CampaignDelivery, 'status'> | null | undefined) =>
  d?.status === 'preparing' || d?.status === 'sending';

/** Every campaign call answers { message, campaign }: keep the campaign, refresh the lists. */
function useCampaignAction<TVariables>(request: (variables: TVariables) => Promise<CampaignActionResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (result) => {
      queryClient.setQueryData(campaignKeys.detail(result.campaign.id), result.campaign);
      if (result.campaign.delivery !== undefined)
        queryClient.setQueryData<CampaignDeliveryResponse>(deliveryKeys.delivery(result.campaign.id), {
          delivery: result.campaign.delivery,
        });
      return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

/** POST /api/campaigns/{id}/send: published campaigns only; cannot be undone (202). */
export const useSendCampaign = () =>
  useCampaignAction((id: string) => api.post<CampaignActionResult>(campaignPath(id, '/send'), {}));

/** POST /api/campaigns/{id}/schedule { scheduled_for, time_zone }: published or scheduled (reschedule). */
export const useScheduleCampaign = () =>
  useCampaignAction(
    ({ id, scheduledFor, timeZone }: { id: string; scheduledFor: string; timeZone: string }) =>
      api.post<CampaignActionResult>(campaignPath(id, '/schedule'), {
        scheduled_for: scheduledFor,
        time_zone: timeZone,
      }),
  );

/** DELETE /api/campaigns/{id}/schedule: back to published. */
export const useCancelSchedule = () =>
  useCampaignAction((id: string) => api.delete<CampaignActionResult>(campaignPath(id, '/schedule')));

/** POST /api/campaigns/{id}/pause and /resume. */
export const usePauseCampaign = () =>
  useCampaignAction((id: string) => api.post<CampaignActionResult>(campaignPath(id, '/pause'), {}));
export const useResumeCampaign = () =>
  useCampaignAction((id: string) => api.post<CampaignActionResult>(campaignPath(id, '/resume'), {}));

/** POST /api/campaigns/{id}/approve: a signed-in admin approves directly (audited by the server). */
export const useAdminApprove = () =>
  useCampaignAction((id: string) => api.post<CampaignActionResult>(campaignPath(id, '/approve'), {}));

/**
 * GET /api/campaigns/{id}/delivery, polled every 2 s while the send is preparing or sending, from
 * the delivery the campaign came with. When it stops (completed or paused) the lists are refreshed
 * so the badge, the sent date and the actions follow.
 */
export function useCampaignDelivery(
  id: string,
  initial: CampaignDelivery | null | undefined,
  /** False for a second reader of the same campaign's delivery (one refresh is enough). */
  refreshOnFinish = true,
) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: deliveryKeys.delivery(id),
    queryFn: ({ signal }) => api.get<CampaignDeliveryResponse>(campaignPath(id, '/delivery'), { signal }),
    enabled: isDeliveryActive(initial),
    initialData: initial === undefined ? undefined : { delivery: initial },
    refetchInterval: (q) => (isDeliveryActive(q.state.data?.delivery) ? DELIVERY_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
  // While the campaign says it is sending, the poll is newer; otherwise the campaign is.
  const delivery = isDeliveryActive(initial)
    ? (query.data?.delivery ?? initial ?? null)
    : (initial ?? query.data?.delivery ?? null);
  const wasActive = useRef(isDeliveryActive(delivery));
  const active = isDeliveryActive(delivery);
  useEffect(() => {
    if (refreshOnFinish && wasActive.current && !active)
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    wasActive.current = active;
  }, [active, queryClient, refreshOnFinish]);
  return { delivery, isError: query.isError };
}
