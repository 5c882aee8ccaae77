import { zodResolver } from '@hookform/resolvers/zod';
import {
  KNOWLEDGE_MESSAGES,
  KNOWLEDGE_PRIORITY_MAX,
  KNOWLEDGE_PRIORITY_MIN,
  type KnowledgeUploadResponse,
} from '@lantern/contracts';
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { UploadProgress } from '@/components/ui/upload-progress';
import { errorMessage } from '@/lib/api-client';
import { useUploadDocument } from '../../api/upload-document';
import { CATEGORY_OPTIONS } from '../format';
import { FileDropZone } from './file-drop-zone';
import { emptyUpload, uploadDraftSchema, type UploadDraft, type UploadFields } from './upload-draft';

type UploadPanelProps = {
  onUploaded: (answer: KnowledgeUploadResponse) => void;
  onFailed: (message: string) => void;
};

/** 'Upload Document': one file, its category (default general) and priority (0 to 10, default 0). */
export function UploadPanel({ onUploaded, onFailed }: UploadPanelProps) {
  const id = useId();
  const upload = useUploadDocument();
  // One problem shows under the fields (the file's first), until the next file or the next Upload.
  const { control, register, handleSubmit, formState, setValue, clearErrors, trigger } = useForm<
    UploadDraft,
    unknown,
    UploadFields
  >({
    resolver: zodResolver(uploadDraftSchema),
    defaultValues: emptyUpload(),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const problem = errors.file?.message ?? errors.priority?.message ?? errors.category?.message;
  const [progress, setProgress] = useState(0);

  function choose(next: File | null) {
    setValue('file', next);
    clearErrors();
    // The type and size are checked as soon as a file is chosen, not only on Upload.
    if (next) void trigger('file');
  }

  function submit({ file, category, priority }: UploadFields) {
    setProgress(0);
    upload.mutate(
      { file, category, priority, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          setValue('file', null);
          onUploaded(answer);
        },
        onError: (error) => onFailed(errorMessage(error, KNOWLEDGE_MESSAGES.uploadFailed)),
      },
    );
  }

  return (
    <Card>
      <CardHeader
        title="Upload Document"
        description="Add a document the chatbot can answer from"
        icon={<Upload className="size-5" aria-hidden="true" />}
      />
      <CardContent>
        <form onSubmit={handleSubmit(submit)} noValidate className="space-y-4" aria-label="Upload Document">
          <Controller
            control={control}
            name="file"
            render={({ field }) => (
              <FileDropZone file={field.value ?? null} disabled={upload.isPending} onChange={choose} />
            )}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-category`}>Category</Label>
              <Select id={`${id}-category`} disabled={upload.isPending} {...register('category')}>
                {CATEGORY_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-priority`}>Priority (0-10)</Label>
              <Input
                id={`${id}-priority`}
                type="number"
                inputMode="numeric"
                min={KNOWLEDGE_PRIORITY_MIN}
                max={KNOWLEDGE_PRIORITY_MAX}
                step={1}
                disabled={upload.isPending}
                {...register('priority')}
                aria-describedby={`${id}-priority-hint`}
              />
              <p id={`${id}-priority-hint`} className="text-xs text-slate-600">
                Higher priority documents are preferred when answers tie.
              </p>
            </div>
          </div>
          {problem && <Alert tone="error">{problem}</Alert>}
          {upload.isPending && (
            <UploadProgress
              fraction={progress}
              sendingLabel="Uploading document..."
              sentLabel="Uploaded, reading and chunking the document..."
            />
          )}
          <Button type="submit" className="w-full" isLoading={upload.isPending}>
            {!upload.isPending && <Upload className="size-4" aria-hidden="true" />}
            {upload.isPending ? 'Uploading...' : 'Upload Document'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
