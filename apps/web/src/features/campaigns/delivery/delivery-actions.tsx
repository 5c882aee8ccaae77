import { APPROVAL_MESSAGES, DELIVERY_MESSAGES, type CampaignSummary } from '@lantern/contracts';
import { CircleCheck, Send } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { notify } from '@/lib/notify';
import {
  useAdminApprove,
  useCancelSchedule,
  usePauseCampaign,
  useResumeCampaign,
  useSendCampaign,
} from '../api/delivery';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { ScheduleDialog, withReason, type ScheduleTarget } from './schedule-dialog';

export type DeliveryTarget = ScheduleTarget & Pick<CampaignSummary, 'estimated_recipients' | 'segment_name'>;

type Confirming = { kind: 'send' | 'approve'; campaign: DeliveryTarget };

export type DeliveryActions = {
  /** Opens Schedule Campaign (Reschedule when scheduled). */
  schedule: (campaign: DeliveryTarget) => void;
  cancelSchedule: (campaign: DeliveryTarget) => void;
  /** Opens the Send Now confirmation (it cannot be undone). */
  send: (campaign: DeliveryTarget) => void;
  pause: (campaign: DeliveryTarget) => void;
  resume: (campaign: DeliveryTarget) => void;
  /** Opens the confirmation of an admin's direct approval. */
  approve: (campaign: DeliveryTarget) => void;
  /** The campaign whose cancel, pause or resume call is under way. */
  busyId: string | null;
  /** Render once. */
  dialogs: ReactNode;
};

/**
 * Schedule, Cancel Schedule, Send Now, Pause, Resume and an admin's Approve, shared by the
 * campaigns table and the preview modal: the calls, their toasts and their dialogs.
 */
export function useDeliveryActions(): DeliveryActions {
  const [scheduling, setScheduling] = useState<DeliveryTarget | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const sendCall = useSendCampaign();
  const approveCall = useAdminApprove();
  const cancelCall = useCancelSchedule();
  const pauseCall = usePauseCampaign();
  const resumeCall = useResumeCampaign();
  const { mutate: cancelMutate } = cancelCall;
  const { mutate: pauseMutate } = pauseCall;
  const { mutate: resumeMutate } = resumeCall;
  const { reset: resetSend } = sendCall;
  const { reset: resetApprove } = approveCall;

  const cancelSchedule = useCallback(
    (campaign: DeliveryTarget) =>
      cancelMutate(campaign.id, {
        onSuccess: (result) => notify.success(result.message || DELIVERY_MESSAGES.scheduleCancelled),
        onError: (error) => notify.error(withReason(DELIVERY_MESSAGES.cancelFailed, error)),
      }),
    [cancelMutate],
  );
  const pause = useCallback(
    (campaign: DeliveryTarget) =>
      pauseMutate(campaign.id, {
        onSuccess: (result) => notify.success(result.message || DELIVERY_MESSAGES.paused),
        onError: (error) => notify.error(withReason(DELIVERY_MESSAGES.pauseFailed, error)),
      }),
    [pauseMutate],
  );
  const resume = useCallback(
    (campaign: DeliveryTarget) =>
      resumeMutate(campaign.id, {
        onSuccess: (result) => notify.success(result.message || DELIVERY_MESSAGES.resumed),
        onError: (error) => notify.error(withReason(DELIVERY_MESSAGES.resumeFailed, error)),
      }),
    [resumeMutate],
  );
  const send = useCallback(
    (campaign: DeliveryTarget) => {
      resetSend();
      setConfirming({ kind: 'send', campaign });
    },
    [resetSend],
  );
  const approve = useCallback(
    (campaign: DeliveryTarget) => {
      resetApprove();
      setConfirming({ kind: 'approve', campaign });
    },
    [resetApprove],
  );
  const schedule = useCallback((campaign: DeliveryTarget) => setScheduling(campaign), []);

  const busyId = cancelCall.isPending
    ? cancelCall.variables
    : pauseCall.isPending
      ? pauseCall.variables
      : resumeCall.isPending
        ? resumeCall.variables
        : null;

  const close = () => setConfirming(null);
  let confirmDialog: ReactNode = null;
  if (confirming?.kind === 'send') {
    const c = confirming.campaign;
    confirmDialog = (
      <ConfirmActionDialog
        title={DELIVERY_MESSAGES.sendConfirmTitle}
        question={DELIVERY_MESSAGES.sendConfirm(c.estimated_recipients)}
        subject={{ name: c.name, detail: c.segment_name ?? 'No segment' }}
        confirmLabel={DELIVERY_MESSAGES.sendConfirmYes}
        pendingLabel="Sending..."
        icon={<Send className="size-4" aria-hidden="true" />}
        isPending={sendCall.isPending}
        error={sendCall.isError ? withReason(DELIVERY_MESSAGES.sendFailed, sendCall.error) : null}
        onConfirm={() =>
          sendCall.mutate(c.id, {
            onSuccess: (result) => {
              notify.success(result.message || DELIVERY_MESSAGES.sendStarted);
              close();
            },
          })
        }
        onCancel={close}
      />
    );
  } else if (confirming?.kind === 'approve') {
    const c = confirming.campaign;
    confirmDialog = (
      <ConfirmActionDialog
        title="Approve campaign"
        question="Approve this campaign yourself, without an outside review? Your approval is recorded in the audit log."
        subject={{ name: c.name, detail: c.segment_name ?? 'No segment' }}
        confirmLabel={APPROVAL_MESSAGES.approve}
        pendingLabel="Approving..."
        icon={<CircleCheck className="size-4" aria-hidden="true" />}
        isPending={approveCall.isPending}
        error={approveCall.isError ? withReason('Failed to approve campaign', approveCall.error) : null}
        onConfirm={() =>
          approveCall.mutate(c.id, {
            onSuccess: (result) => {
              notify.success(result.message || APPROVAL_MESSAGES.approvedDirectly);
              close();
            },
          })
        }
        onCancel={close}
      />
    );
  }

  const dialogs = (
    <>
      {scheduling && (
        <ScheduleDialog key={scheduling.id} campaign={scheduling} onClose={() => setScheduling(null)} />
      )}
      {confirmDialog}
    </>
  );
  return { schedule, cancelSchedule, send, pause, resume, approve, busyId, dialogs };
}
