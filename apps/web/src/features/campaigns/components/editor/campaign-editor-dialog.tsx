import { zodResolver } from '@hookform/resolvers/zod';
import {
  campaignFooterText,
  campaignSubmitLabel,
  canEdit,
  CAMPAIGN_MESSAGES,
  type Campaign,
} from '@lantern/contracts';
import { useId, useMemo } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { errorAt } from '@/lib/form';
import { useCompatibility, useSegmentOptions } from '../../api/audiences';
import { useCampaign } from '../../api/get-campaigns';
import { useCreateCampaigns, useUpdateCampaign } from '../../api/save-campaign';
import { CampaignLivePreview } from './campaign-live-preview';
import {
  campaignDraftSchema,
  emptyCampaignDraft,
  toCampaignDraft,
  toCreateBodies,
  toUpdateBody,
  type CampaignDraft,
  type CampaignSeed,
} from './campaign-draft';
import { CampaignFormFields } from './campaign-form-fields';
import { CannotEditNotice } from './cannot-edit-notice';
import { RecipientsBanner, SegmentPicker } from './segment-picker';

export type CampaignEditorTarget =
  { kind: 'create'; seed?: CampaignSeed } | { kind: 'edit'; campaignId: string };

type CampaignEditorDialogProps = {
  target: CampaignEditorTarget;
  onClose: () => void;
  /** After a save: the toast's words. */
  onSaved: (message: string) => void;
};

/** The Create/Edit Campaign dialog (2.7); editing loads the campaign and refuses what 4.5 refuses. */
export function CampaignEditorDialog({ target, onClose, onSaved }: CampaignEditorDialogProps) {
  const campaign = useCampaign(target.kind === 'edit' ? target.campaignId : null);
  if (target.kind === 'create')
    return <CampaignForm seed={target.seed} onClose={onClose} onSaved={onSaved} />;
  if (campaign.data) {
    if (!canEdit(campaign.data)) return <CannotEditNotice campaign={campaign.data} onClose={onClose} />;
    return <CampaignForm campaign={campaign.data} onClose={onClose} onSaved={onSaved} />;
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Edit Campaign" size="sm">
      {campaign.isError ? (
        <Alert tone="error">{errorMessage(campaign.error, CAMPAIGN_MESSAGES.loadFailed)}</Alert>
      ) : (
        <div className="flex items-center gap-2 text-sm text-slate-700" role="status">
          <Spinner size="sm" /> Loading the campaign…
        </div>
      )}
    </Dialog>
  );
}

type CampaignFormProps = {
  campaign?: Campaign;
  seed?: CampaignSeed;
  onClose: () => void;
  onSaved: (message: string) => void;
};

function CampaignForm({ campaign, seed, onClose, onSaved }: CampaignFormProps) {
  const isEditing = !!campaign;
  const formId = useId();
  const segmentsErrorId = useId();
  const segments = useSegmentOptions();
  const create = useCreateCampaigns();
  const update = useUpdateCampaign();
  const mutation = isEditing ? update : create;
  const form = useForm<CampaignDraft>({
    resolver: zodResolver(campaignDraftSchema(isEditing)),
    defaultValues: campaign ? toCampaignDraft(campaign) : (seed?.draft ?? emptyCampaignDraft()),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [segmentIds, subject, html] = useWatch({
    control: form.control,
    name: ['segment_ids', 'subject', 'content_html'],
  });
  const compatibility = useCompatibility(segmentIds);
  const counted = compatibility.data?.total_recipients ?? (isEditing ? campaign.estimated_recipients : 0);
  const recipients = segmentIds.length === 0 ? 0 : counted;
  const footer = campaignFooterText({ editing: isEditing, campaigns: segmentIds.length, recipients });
  const isSaving = mutation.isPending;
  const hasNoSegments = !!segments.data && segments.data.length === 0;
  const options = useMemo(() => segments.data ?? [], [segments.data]);

  async function submit(draft: CampaignDraft) {
    if (campaign) {
      const saved = await update.mutateAsync({ id: campaign.id, body: toUpdateBody(draft, campaign) });
      onSaved(`Campaign "${saved.name}" updated`);
      return;
    }
    const created = await create.mutateAsync(toCreateBodies(draft, options, seed));
    const [first] = created;
    onSaved(
      created.length === 1 && first
        ? `Campaign "${first.name}" created`
        : `${created.length} campaigns created`,
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !isSaving && onClose()}
      title={isEditing ? 'Edit Campaign' : 'Create Campaign'}
      description={
        isEditing ? campaign.name : 'Choose segments, write the email and check it in the live preview.'
      }
      size="xl"
      footer={
        <>
          <p className="mr-auto self-center text-sm text-slate-700" data-testid="editor-footer">
            {footer}
          </p>
          <Button variant="secondary" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            isLoading={isSaving}
            disabled={isSaving || hasNoSegments || segmentIds.length === 0}
          >
            {campaignSubmitLabel({ editing: isEditing, campaigns: segmentIds.length, saving: isSaving })}
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <form
          id={formId}
          noValidate
          onSubmit={(event) =>
            void form
              .handleSubmit(submit)(event)
              .catch(() => undefined)
          }
          className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
        >
          <div className="min-w-0 space-y-5">
            {mutation.isError && (
              <Alert tone="error">{errorMessage(mutation.error, CAMPAIGN_MESSAGES.saveFailed)}</Alert>
            )}
            {campaign?.approval_status === 'rejected' && (
              <Alert tone="warning">
                This campaign was rejected
                {campaign.approval_feedback ? `: "${campaign.approval_feedback}"` : ''}. Saving your changes
                returns it to draft so it can be resubmitted.
              </Alert>
            )}
            {seed?.generation_metadata?.generated_by === 'offline' && (
              <Alert tone="info">{CAMPAIGN_MESSAGES.offlineDraftNote}</Alert>
            )}
            <section aria-labelledby={`${formId}-segments`}>
              <h3 id={`${formId}-segments`} className="mb-2 text-sm font-medium text-slate-800">
                {isEditing ? 'Segment *' : 'Segments *'}
              </h3>
              {segments.isError && <Alert tone="error">{CAMPAIGN_MESSAGES.segmentsLoadFailed}</Alert>}
              <Controller
                control={form.control}
                name="segment_ids"
                render={({ field }) => (
                  <SegmentPicker
                    segments={segments.data}
                    isLoading={segments.isPending}
                    selected={field.value}
                    onChange={field.onChange}
                    isSingle={isEditing}
                    error={errorAt(form.formState.errors, 'segment_ids')}
                    errorId={segmentsErrorId}
                    isDisabled={isSaving}
                  />
                )}
              />
              <RecipientsBanner
                selectedCount={segmentIds.length}
                compatibility={compatibility.data}
                isChecking={compatibility.isFetching}
                hasFailed={compatibility.isError}
                isCreating={!isEditing}
              />
            </section>
            <CampaignFormFields isDisabled={isSaving} />
          </div>
          <div className="min-w-0 lg:sticky lg:top-0 lg:self-start">
            <CampaignLivePreview subject={subject} html={html} />
          </div>
        </form>
      </FormProvider>
    </Dialog>
  );
}
