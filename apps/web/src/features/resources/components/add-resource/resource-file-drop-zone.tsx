import { formatFileSize, RESOURCE_MAX_FILE_MB, RESOURCE_MAX_FILES } from '@lantern/contracts';
import { FileText, FileUp, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { buttonStyles } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { fileKind } from '../format';
import { ACCEPTED_FILE_TYPES, addChosenFiles, fileChoiceMessages } from './chosen-files';

type ResourceFileDropZoneProps = {
  files: File[];
  disabled: boolean;
  onChange: (files: File[]) => void;
};

const allowedTypes = ACCEPTED_FILE_TYPES.split(',').join(', ');

/** 'Files': drop several files or browse for them; each can be removed again before the upload. */
export function ResourceFileDropZone({ files, disabled, onChange }: ResourceFileDropZoneProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  function choose(incoming: FileList | null) {
    if (!incoming || incoming.length === 0) return;
    const choice = addChosenFiles(files, Array.from(incoming));
    setProblems(fileChoiceMessages(choice));
    onChange(choice.files);
  }

  function handleDrop(event: DragEvent) {
    event.preventDefault();
    setIsOver(false);
    if (!disabled) choose(event.dataTransfer.files);
  }

  function remove(file: File) {
    onChange(files.filter((chosen) => chosen !== file));
    setProblems([]);
    // The removed file's button is gone: keep the keyboard user in the same place.
    inputRef.current?.focus();
  }

  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <label
          id={`${id}-label`}
          htmlFor={`${id}-input`}
          className="block text-sm font-medium text-slate-800"
        >
          Files
        </label>
        <div
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
            'flex flex-col items-center rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors',
            isOver ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-slate-50/60',
            disabled && 'opacity-60',
          )}
        >
          <span className="flex size-11 items-center justify-center rounded-full bg-white text-indigo-600 shadow-sm ring-1 ring-slate-200">
            <FileUp className="size-5" aria-hidden="true" />
          </span>
          <p className="mt-3 text-sm font-medium text-slate-900">Drag and drop files here</p>
          <p className="mt-1 mb-3 text-sm text-slate-500">or</p>
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="file"
            multiple
            accept={ACCEPTED_FILE_TYPES}
            disabled={disabled}
            className="peer sr-only"
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              choose(event.target.files);
              // Cleared, so choosing the same file again (after removing it) is seen as a change.
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
          <p id={`${id}-hint`} className="mt-3 text-xs text-slate-500">
            {allowedTypes} · up to {RESOURCE_MAX_FILE_MB} MB each · at most {RESOURCE_MAX_FILES} files
          </p>
        </div>
      </div>
      {problems.length > 0 && (
        <Alert tone="warning">
          <ul className="space-y-1 [overflow-wrap:anywhere]">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      )}
      <p className="sr-only" role="status">
        {files.length === 0 ? '' : `${files.length} ${files.length === 1 ? 'file' : 'files'} chosen`}
      </p>
      {files.length > 0 && (
        <ul
          aria-label="Chosen files"
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
        >
          {files.map((file) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="flex items-center gap-3 px-3 py-2"
            >
              <FileText className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900" title={file.name}>
                  {file.name}
                </p>
                <p className="text-xs text-slate-600">
                  {fileKind({ filename: file.name, file_type: file.type })} · {formatFileSize(file.size)}
                </p>
              </div>
              <button
                type="button"
                onClick={() => remove(file)}
                disabled={disabled}
                aria-label={`Remove ${file.name}`}
                title="Remove file"
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-700 disabled:cursor-not-allowed disabled:opacity-50"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
