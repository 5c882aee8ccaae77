import { formatFileSize, KNOWLEDGE_FILE_ACCEPT } from '@lantern/contracts';
import { FileText, FileUp, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { buttonStyles } from '@/components/ui/button';
import { cn } from '@/lib/cn';

type FileDropZoneProps = {
  file: File | null;
  disabled: boolean;
  /** Called with the chosen file (only the first of several dropped), or null when it is removed. */
  onChange: (file: File | null) => void;
};

/** Drag and drop or browse for one document; only the first dropped file is used (spec 2.1). */
export function FileDropZone({ file, disabled, onChange }: FileDropZoneProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);

  function handleDrop(event: DragEvent) {
    event.preventDefault();
    setIsOver(false);
    const first = event.dataTransfer.files[0];
    if (!disabled && first) onChange(first);
  }

  return (
    <div className="space-y-3">
      <div
        data-testid="knowledge-drop-zone"
        onDragEnter={(event) => {
          event.preventDefault();
          if (!disabled) setIsOver(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsOver(false);
        }}
        onDrop={handleDrop}
        className={cn(
          'flex flex-col items-center rounded-xl border-2 border-dashed px-6 py-7 text-center transition-colors',
          isOver ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-slate-50/60',
          disabled && 'opacity-60',
        )}
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-white text-indigo-600 shadow-sm ring-1 ring-slate-200">
          <FileUp className="size-5" aria-hidden="true" />
        </span>
        <p className="mt-3 text-sm font-medium text-slate-900">Drag and drop a document here</p>
        <p className="mt-1 mb-3 text-sm text-slate-600">or</p>
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="file"
          accept={KNOWLEDGE_FILE_ACCEPT}
          disabled={disabled}
          className="peer sr-only"
          aria-label="Document file"
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            onChange(event.target.files?.[0] ?? null);
            // Cleared, so choosing the same file again is seen as a change.
            event.target.value = '';
          }}
        />
        <label
          htmlFor={`${id}-input`}
          className={buttonStyles(
            'secondary',
            'md',
            cn(
              'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600',
              disabled ? 'cursor-not-allowed' : 'cursor-pointer',
            ),
          )}
        >
          Browse files
        </label>
        <p id={`${id}-hint`} className="mt-3 text-xs text-slate-600">
          PDF, DOCX, TXT, MD, PNG, JPG, GIF, WebP · up to 10 MB
        </p>
      </div>
      {file && (
        <div className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
          <FileText className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900" title={file.name}>
              {file.name}
            </p>
            <p className="text-xs text-slate-600">{formatFileSize(file.size)}</p>
          </div>
          <button
            type="button"
            onClick={() => {
              onChange(null);
              inputRef.current?.focus();
            }}
            disabled={disabled}
            aria-label={`Remove ${file.name}`}
            title="Remove file"
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-700 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}
