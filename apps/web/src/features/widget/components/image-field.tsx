import {
  WIDGET_IMAGE_ACCEPT,
  WIDGET_IMAGE_MAX_BYTES,
  WIDGET_IMAGE_MESSAGES,
  WIDGET_IMAGE_MIME_TYPES,
  WIDGET_IMAGE_TYPE_LABELS,
  WIDGET_TOASTS,
  type WidgetImageNote,
  type WidgetImageType,
  type WidgetSettings,
} from '@lantern/contracts';
import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonStyles } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/notify';
import { useDeleteWidgetImage, useUploadWidgetImage } from '../api/widget-images';

type ImageFieldProps = {
  type: WidgetImageType;
  url: string | null;
  filename: string | null;
  /** Whose initials stand in when there is no image (the chatbot's for the avatar, the school's for the logo). */
  name: string;
  description: string;
  /** The settings as the server saved them after the upload or deletion. */
  onSaved: (settings: WidgetSettings) => void;
};

/** The browser's own check before sending; the server checks the content itself. */
function problemWith(file: File): string | null {
  if (!(WIDGET_IMAGE_MIME_TYPES as readonly string[]).includes(file.type))
    return WIDGET_IMAGE_MESSAGES.invalidType;
  if (file.size > WIDGET_IMAGE_MAX_BYTES) return WIDGET_IMAGE_MESSAGES.tooLarge;
  return null;
}

const initials = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0])
    .filter((_, i, all) => i === 0 || i === all.length - 1)
    .join('')
    .toUpperCase() || '?';

/** Upload, replace or delete the avatar or the logo; the guidance under it, and notes on the upload. */
export function ImageField({ type, url, filename, name, description, onSaved }: ImageFieldProps) {
  const id = useId();
  const upload = useUploadWidgetImage();
  const remove = useDeleteWidgetImage();
  const [problem, setProblem] = useState<string | null>(null);
  const [notes, setNotes] = useState<WidgetImageNote[]>([]);
  const label = WIDGET_IMAGE_TYPE_LABELS[type];
  const isBusy = upload.isPending || remove.isPending;

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setNotes([]);
    const localProblem = problemWith(file);
    setProblem(localProblem);
    if (localProblem) return;
    upload.mutate(
      { type, file },
      {
        onSuccess: (answer) => {
          setNotes(answer.notes);
          onSaved(answer.settings);
          notify.success(WIDGET_TOASTS.uploaded(label));
        },
        onError: (error) => {
          const message = errorMessage(error, WIDGET_TOASTS.uploadFailed(type));
          setProblem(message);
          notify.error(message);
        },
      },
    );
  }

  function onDelete() {
    setProblem(null);
    setNotes([]);
    remove.mutate(type, {
      onSuccess: (answer) => {
        onSaved(answer.settings);
        notify.success(WIDGET_TOASTS.deleted(label));
      },
      onError: (error) => notify.error(errorMessage(error, WIDGET_TOASTS.deleteFailed(type))),
    });
  }

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <p className="text-sm text-slate-600">{description}</p>
      <div className="flex flex-wrap items-center gap-4">
        <div
          className={cn(
            'flex size-16 shrink-0 items-center justify-center overflow-hidden border border-slate-200 bg-slate-100 text-lg font-semibold text-slate-700',
            type === 'avatar' ? 'rounded-full' : 'rounded-lg',
          )}
        >
          {url ? (
            <img src={url} alt={`Current ${type}`} className="size-full object-cover" />
          ) : (
            <span role="img" aria-label={`No ${type}: initials shown`}>
              {initials(name)}
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label
            className={cn(
              buttonStyles('secondary', 'sm'),
              'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600',
              isBusy && 'pointer-events-none opacity-60',
            )}
          >
            <input
              type="file"
              accept={WIDGET_IMAGE_ACCEPT}
              className="sr-only"
              onChange={onFile}
              disabled={isBusy}
              aria-label={`Upload ${type}`}
              aria-describedby={`${id}-guidance`}
            />
            <ImageUp className="size-4" aria-hidden="true" />
            {upload.isPending ? 'Uploading…' : url ? `Replace ${type}` : `Upload ${type}`}
          </label>
          {url && (
            <Button variant="ghost" size="sm" onClick={onDelete} isLoading={remove.isPending}>
              {!remove.isPending && <Trash2 className="size-4" aria-hidden="true" />}
              Delete {type}
            </Button>
          )}
        </div>
      </div>
      {url && filename && <p className="text-xs text-slate-600">Current file: {filename}</p>}
      <p id={`${id}-guidance`} className="text-xs text-slate-600">
        JPEG, PNG, GIF or WebP, up to 5 MB. {WIDGET_IMAGE_MESSAGES.guidance}
      </p>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      {notes.length > 0 && (
        <Alert tone="info">
          {notes.map((note) => (
            <p key={note.code}>{note.message}</p>
          ))}
        </Alert>
      )}
    </fieldset>
  );
}
