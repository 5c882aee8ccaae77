import type { Lead } from '@lantern/contracts';
import { Pencil, RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useLead } from '../../api/get-lead';
import { useUpdateLead } from '../../api/update-lead';
import { toUpdateInput, type LeadDraft } from './lead-draft';
import { LeadEditForm } from './lead-edit-form';
import { LeadProfileView } from './lead-profile-view';

type LeadProfileDialogProps = {
  leadId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (lead: Lead) => void;
};

/** 'Lead Profile' (view) and 'Edit Lead' (edit) for one lead. Closing it or Cancel drops unsaved edits. */
export function LeadProfileDialog({ leadId, open, onOpenChange, onSaved }: LeadProfileDialogProps) {
  if (!open || leadId === null) return null;
  // Keyed by lead, so opening another lead (or reopening) always starts in view mode with no edits.
  return <ProfileDialog key={leadId} leadId={leadId} onOpenChange={onOpenChange} onSaved={onSaved} />;
}

type ProfileDialogProps = Omit<LeadProfileDialogProps, 'open' | 'leadId'> & { leadId: string };

function ProfileDialog({ leadId, onOpenChange, onSaved }: ProfileDialogProps) {
  const formId = useId();
  const query = useLead(leadId);
  const update = useUpdateLead();
  const [isEditing, setIsEditing] = useState(false);
  // After leaving edit mode, focus lands back on Edit rather than on the dialog itself.
  const [hasLeftEditing, setHasLeftEditing] = useState(false);
  const lead = query.data?.lead;

  function startEditing() {
    update.reset();
    setIsEditing(true);
  }

  function stopEditing() {
    setIsEditing(false);
    setHasLeftEditing(true);
  }

  function cancelEditing() {
    update.reset();
    stopEditing();
  }

  function save(draft: LeadDraft) {
    update.mutate(
      { id: leadId, body: toUpdateInput(draft) },
      {
        onSuccess: (result) => {
          stopEditing();
          onSaved?.(result.lead);
        },
      },
    );
  }

  // Distinct keys: reusing the Edit button's element as the submit button would let the same click save.
  const footer = !lead ? undefined : isEditing ? (
    <>
      <Button key="cancel" variant="secondary" onClick={cancelEditing} disabled={update.isPending}>
        Cancel
      </Button>
      <Button key="save" type="submit" form={formId} isLoading={update.isPending}>
        Save Changes
      </Button>
    </>
  ) : (
    <>
      <Button key="close" variant="secondary" onClick={() => onOpenChange(false)}>
        Close
      </Button>
      <Button key="edit" autoFocus={hasLeftEditing} onClick={startEditing}>
        <Pencil className="size-4" aria-hidden="true" />
        Edit
      </Button>
    </>
  );

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      size="lg"
      title={isEditing ? 'Edit Lead' : 'Lead Profile'}
      footer={footer}
    >
      {lead ? (
        isEditing ? (
          <LeadEditForm
            id={formId}
            lead={lead}
            onSubmit={save}
            isSaving={update.isPending}
            error={update.isError ? errorMessage(update.error, 'Failed to update lead') : null}
            errorKey={update.submittedAt}
          />
        ) : (
          <LeadProfileView lead={lead} />
        )
      ) : query.isError ? (
        <LoadFailure error={query.error} isRetrying={query.isFetching} onRetry={() => void query.refetch()} />
      ) : (
        <div className="flex min-h-64 items-center justify-center text-indigo-600">
          <Spinner size="lg" label="Loading lead..." />
        </div>
      )}
    </Dialog>
  );
}

type LoadFailureProps = { error: unknown; isRetrying: boolean; onRetry: () => void };

function LoadFailure({ error, isRetrying, onRetry }: LoadFailureProps) {
  const isMissing = error instanceof ApiError && error.status === 404;
  return (
    <div className="space-y-4">
      <Alert tone="error" title="Failed to load lead">
        {isMissing ? 'This lead no longer exists. It may have been deleted.' : errorMessage(error, '')}
      </Alert>
      {isMissing ? null : (
        <Button variant="secondary" onClick={onRetry} isLoading={isRetrying}>
          {isRetrying ? null : <RotateCw className="size-4" aria-hidden="true" />}
          Retry
        </Button>
      )}
    </div>
  );
}
