import { formatFileSize, KNOWLEDGE_FILE_ACCEPT } from '@lantern/contracts';
import { FileText, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { FileDropArea } from '@/components/ui/file-drop-area';

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

  return (
    <div className="space-y-3">
      <FileDropArea
        testId="knowledge-drop-zone"
        inputId={`${id}-input`}
        inputRef={inputRef}
        title="Drag and drop a document here"
        hint="PDF, DOCX, TXT, MD, PNG, JPG, GIF, WebP · up to 10 MB"
        accept={KNOWLEDGE_FILE_ACCEPT}
        disabled={disabled}
        // Only the first of several dropped files is used (spec 2.1).
        onFiles={(files) => onChange(files[0]!)}
        inputLabel={{ 'aria-label': 'Document file' }}
      />
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
