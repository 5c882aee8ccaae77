import { APPROVAL_MESSAGES, CAMPAIGN_MESSAGES, type CampaignSummary } from '@lantern/contracts';
import { useCallback, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useCreateApprovalLink, usePublishCampaign } from '../../api/approval';

type CampaignRef = Pick<CampaignSummary, 'id' | 'name'>;

/** Copies text; false when the browser refuses (no permission, not a secure context, no API). */
async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The approval link, to copy by hand when the clipboard was refused (8.6). */
export function CopyLinkDialog({ url, onClose }: { url: string; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Approval link"
      description="The campaign is now pending approval. Send this link to the reviewer."
      size="sm"
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <TextField
        label={APPROVAL_MESSAGES.copyByHand}
        value={url}
        readOnly
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        data-testid="approval-link"
      />
    </Dialog>
  );
}

/**
 * Send for Approval / Resubmit and Publish, shared by the campaigns table and the preview modal:
 * the calls, their toasts, and the copy-by-hand dialog. Render `dialogs` once.
 */
export function useApprovalActions(): {
  sendForApproval: (campaign: CampaignRef) => void;
  publish: (campaign: CampaignRef) => void;
  /** The campaign whose call is under way, to show its button busy. */
  busyId: string | null;
  dialogs: ReactNode;
} {
  const createLink = useCreateApprovalLink();
  const publishCall = usePublishCampaign();
  const [manualUrl, setManualUrl] = useState<string | null>(null);
  const { mutate: createLinkMutate } = createLink;
  const { mutate: publishMutate } = publishCall;

  const sendForApproval = useCallback(
    (campaign: CampaignRef) =>
      createLinkMutate(
        { id: campaign.id },
        {
          onSuccess: async (link) => {
            if (!link.preview_url) {
              notify.error(CAMPAIGN_MESSAGES.noPreviewUrl);
              return;
            }
            if (await copyToClipboard(link.preview_url)) notify.success(APPROVAL_MESSAGES.linkCopied);
            else setManualUrl(link.preview_url);
          },
          onError: (error) => {
            const reason = errorMessage(error, '');
            notify.error(
              reason
                ? `${CAMPAIGN_MESSAGES.approvalLinkFailed}: ${reason}`
                : CAMPAIGN_MESSAGES.approvalLinkFailed,
            );
          },
        },
      ),
    [createLinkMutate],
  );

  const publish = useCallback(
    (campaign: CampaignRef) =>
      publishMutate(campaign.id, {
        onSuccess: (result) => notify.success(result.message || APPROVAL_MESSAGES.published),
        onError: (error) => {
          const reason = errorMessage(error, '');
          notify.error(
            reason ? `${CAMPAIGN_MESSAGES.publishFailed}: ${reason}` : CAMPAIGN_MESSAGES.publishFailed,
          );
        },
      }),
    [publishMutate],
  );

  const busyId = createLink.isPending
    ? createLink.variables.id
    : publishCall.isPending
      ? publishCall.variables
      : null;
  const dialogs = manualUrl ? <CopyLinkDialog url={manualUrl} onClose={() => setManualUrl(null)} /> : null;
  return { sendForApproval, publish, busyId, dialogs };
}
