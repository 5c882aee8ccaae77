import { CAMPAIGN_MESSAGES, CAMPAIGN_SUBJECT_MAX, type Campaign } from '@lantern/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useUpdateCampaign } from '../../api/save-campaign';

/** 5.5: the subject edited on its own: not empty, 200 at most. */
export function subjectError(subject: string): string | null {
  if (!subject.trim()) return CAMPAIGN_MESSAGES.subjectEmpty;
  if (subject.trim().length > CAMPAIGN_SUBJECT_MAX) return CAMPAIGN_MESSAGES.subjectTooLong;
  return null;
}

/** The Campaign Preview's subject edit (only where the campaign may be edited). */
export function SubjectEditor({ campaign, isEditable }: { campaign: Campaign; isEditable: boolean }) {
  const [subject, setSubject] = useState(campaign.subject);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateCampaign();
  const isChanged = subject.trim() !== campaign.subject;

  function save() {
    const error = subjectError(subject);
    setProblem(error);
    if (error) return;
    update.mutate(
      { id: campaign.id, body: { subject: subject.trim() } },
      { onSuccess: () => notify.success('Subject line updated') },
    );
  }

  return (
    <form
      className="flex flex-wrap items-start gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <TextField
        label="Subject line"
        className="min-w-0 flex-1"
        value={subject}
        maxLength={CAMPAIGN_SUBJECT_MAX + 50}
        onChange={(event) => {
          setSubject(event.target.value);
          if (problem) setProblem(null);
        }}
        readOnly={!isEditable}
        error={
          problem ??
          (update.isError ? errorMessage(update.error, CAMPAIGN_MESSAGES.subjectUpdateFailed) : null)
        }
        hint={`${subject.length}/${CAMPAIGN_SUBJECT_MAX} characters`}
      />
      {isEditable && (
        <Button
          type="submit"
          variant="secondary"
          className="mt-6"
          disabled={!isChanged}
          isLoading={update.isPending}
        >
          Save subject
        </Button>
      )}
    </form>
  );
}
