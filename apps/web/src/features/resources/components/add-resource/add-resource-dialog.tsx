import { zodResolver } from '@hookform/resolvers/zod';
import { RESOURCE_PRIORITY_MAX, RESOURCE_PRIORITY_MIN, type Resource } from '@lantern/contracts';
import { Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox';
import { Label, TextField } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { Dialog } from '@/components/ui/dialog';
import { UploadProgress } from '@/components/ui/upload-progress';
import { errorMessage } from '@/lib/api-client';
import { useCreateResource } from '../../api/create-resource';
import { useOfferedSegments } from '../../api/get-segments';
import { CATEGORY_OPTIONS } from '../format';
import {
  draftPriority,
  emptyNewResource,
  newResourceDraftSchema,
  type NewResourceDraft,
} from './new-resource-draft';
import { ResourceFileDropZone } from './resource-file-drop-zone';
import { SegmentPicker } from './segment-picker';

/** Messages sit at the top of a long, scrolled form: bring each into view as it appears. */
const scrollIntoView = (element: HTMLElement | null) => element?.scrollIntoView({ block: 'nearest' });

const isCancelled = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

type AddResourceDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (resource: Resource) => void;
};

/** 'Add New Resource': mounted only while open, so every opening starts from an empty form. */
export function AddResourceDialog({ open, onOpenChange, onCreated }: AddResourceDialogProps) {
  return open ? <AddResourceForm onClose={() => onOpenChange(false)} onCreated={onCreated} /> : null;
}

function AddResourceForm({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (resource: Resource) => void;
}) {
  const id = useId();
  // The spec's one message shows at the top until the next attempt.
  const { control, register, handleSubmit, formState, setValue } = useForm<NewResourceDraft>({
    resolver: zodResolver(newResourceDraftSchema),
    defaultValues: emptyNewResource(),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [files, segmentIds, primarySegmentId] = useWatch({
    control,
    name: ['files', 'segmentIds', 'primarySegmentId'],
  });
  const [progress, setProgress] = useState(0);
  const upload = useRef<AbortController | null>(null);
  const segments = useOfferedSegments();
  const create = useCreateResource();
  const isUploading = create.isPending;

  // Leaving the page mid-upload stops the upload rather than finishing it unseen.
  useEffect(() => () => upload.current?.abort(), []);

  function submit(draft: NewResourceDraft) {
    if (isUploading) return;
    upload.current = new AbortController();
    setProgress(0);
    create.mutate(
      {
        title: draft.title,
        description: draft.description,
        category: draft.category,
        priority: draftPriority(draft.priority) ?? 0,
        requireEmail: draft.requireEmail,
        segmentIds: draft.segmentIds,
        primarySegmentId: draft.primarySegmentId,
        files: draft.files,
        signal: upload.current.signal,
        onProgress: setProgress,
      },
      { onSuccess: onCreated },
    );
  }

  function handleOpenChange(open: boolean) {
    // Closing with Escape or X waits for the upload; Cancel upload stops it first.
    if (!open && !isUploading) onClose();
  }

  const serverError =
    create.isError && !isCancelled(create.error)
      ? errorMessage(create.error, 'Failed to create resource')
      : null;
  const shownError = formState.errors.root?.message ?? serverError;
  const field = (name: string) => `${id}-${name}`;

  return (
    <Dialog
      open
      onOpenChange={handleOpenChange}
      title="Add New Resource"
      description="Upload files for parents to download and choose the segments they are for"
      size="md"
      footer={
        <>
          {isUploading ? (
            <Button variant="secondary" onClick={() => upload.current?.abort()}>
              Cancel upload
            </Button>
          ) : (
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          )}
          <Button
            type="submit"
            form={field('form')}
            isLoading={isUploading}
            disabled={files.length === 0}
            title={files.length === 0 ? 'Add at least one file first' : undefined}
          >
            {!isUploading && <Upload className="size-4" aria-hidden="true" />}
            {isUploading ? 'Uploading...' : 'Create Resource'}
          </Button>
        </>
      }
    >
      <form
        id={field('form')}
        // Wrapped: submit starts the upload's AbortController (a ref), so it is bound at submit time.
        onSubmit={(event) => void handleSubmit(submit)(event)}
        noValidate
        className="space-y-5"
      >
        {shownError && (
          <div key={shownError} ref={scrollIntoView} className="scroll-mt-5">
            <Alert tone="error">{shownError}</Alert>
          </div>
        )}
        {isUploading && (
          <div ref={scrollIntoView} className="scroll-mt-5">
            <UploadProgress
              fraction={progress}
              sendingLabel="Uploading files..."
              sentLabel="Upload complete, saving the resource..."
            />
          </div>
        )}
        <fieldset disabled={isUploading} className="min-w-0 space-y-5">
          <TextField
            label="Title"
            {...register('title')}
            maxLength={200}
            placeholder="e.g. Supporting your autistic child at school"
            autoComplete="off"
          />
          <div className="space-y-1.5">
            <Label htmlFor={field('description')}>Description</Label>
            <Textarea
              id={field('description')}
              rows={3}
              {...register('description')}
              maxLength={2000}
              placeholder="What parents will find in it"
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
            <div className="space-y-1.5">
              <Label htmlFor={field('category')}>Category</Label>
              <Select id={field('category')} {...register('category')}>
                {CATEGORY_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            </div>
            <TextField
              label="Priority"
              type="number"
              inputMode="numeric"
              min={RESOURCE_PRIORITY_MIN}
              max={RESOURCE_PRIORITY_MAX}
              step={1}
              {...register('priority')}
              hint="1-10; higher first"
            />
          </div>
          <div>
            <CheckboxField
              label="Require email before download"
              {...register('requireEmail')}
              aria-describedby={field('require-email-hint')}
            />
            <p id={field('require-email-hint')} className="pl-7 text-xs text-slate-600">
              Parents give their email address to get the download link.
            </p>
          </div>
        </fieldset>
        <Controller
          control={control}
          name="files"
          render={({ field }) => (
            <ResourceFileDropZone files={field.value} disabled={isUploading} onChange={field.onChange} />
          )}
        />
        <SegmentPicker
          segments={segments.data}
          isError={segments.isError}
          isRetrying={segments.isFetching}
          onRetry={() => void segments.refetch()}
          chosenIds={segmentIds}
          primaryId={primarySegmentId}
          disabled={isUploading}
          onChange={(chosenIds, primaryId) => {
            setValue('segmentIds', chosenIds);
            setValue('primarySegmentId', primaryId);
          }}
        />
      </form>
    </Dialog>
  );
}
