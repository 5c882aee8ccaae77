import { effectivePublishStatus, type CampaignDelivery, type CampaignSummary } from '@lantern/contracts';

/** An action a campaign's row or preview may offer: the state machine's, plus an admin's Approve. */
export type OfferedAction =
  | 'edit'
  | 'send_for_approval'
  | 'resubmit'
  | 'publish'
  | 'schedule'
  | 'send'
  | 'cancel_schedule'
  | 'pause'
  | 'resume'
  | 'approve'
  | 'delete';

/**
 * What to offer: the campaign's `actions` (the server's campaign-rules.ts), plus Approve while it is
 * pending (a signed-in admin may approve directly) and Reschedule while it is scheduled. Pause and
 * Resume follow the polled delivery, which is newer than the list between its refreshes.
 */
export function offeredActions(
  campaign: Pick<CampaignSummary, 'actions' | 'approval_status' | 'publish_status'>,
  delivery: Pick<CampaignDelivery, 'status'> | null | undefined,
): Set<OfferedAction> {
  const offered = new Set(campaign.actions as OfferedAction[]);
  if (campaign.approval_status === 'pending') offered.add('approve');
  if (effectivePublishStatus(campaign.publish_status) === 'scheduled') offered.add('schedule');
  if (delivery) {
    offered.delete('pause');
    offered.delete('resume');
    if (delivery.status === 'sending' || delivery.status === 'preparing') offered.add('pause');
    if (delivery.status === 'paused') offered.add('resume');
  }
  return offered;
}
