import { CAMPAIGN_MESSAGES, type CampaignSummary } from '@lantern/contracts';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { errorMessage } from '@/lib/api-client';
import { countOf } from '@/lib/format';
import { useDeleteCampaign } from '../../api/save-campaign';

/** Delete needs confirmation (9); the row offers it only where 4.5 allows. */
export function DeleteCampaignDialog({
  campaign,
  onClose,
  onDeleted,
}: {
  campaign: CampaignSummary;
  onClose: () => void;
  onDeleted: (campaign: CampaignSummary) => void;
}) {
  const remove = useDeleteCampaign();
  return (
    <ConfirmDeleteDialog
      title="Delete campaign"
      question={CAMPAIGN_MESSAGES.deleteConfirm}
      subject={{
        name: campaign.name,
        detail: `${campaign.segment_name ?? 'No segment'} · ${countOf(campaign.estimated_recipients, 'recipient', 'recipients')}`,
      }}
      confirmLabel="Delete Campaign"
      pendingLabel="Deleting..."
      isPending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, CAMPAIGN_MESSAGES.deleteFailed) : null}
      onConfirm={() => remove.mutate(campaign.id, { onSuccess: () => onDeleted(campaign) })}
      onCancel={onClose}
    />
  );
}
