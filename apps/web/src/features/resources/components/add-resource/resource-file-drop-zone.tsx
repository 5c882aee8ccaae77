import { formatFileSize, RESOURCE_MAX_FILE_MB, RESOURCE_MAX_FILES } from '@lantern/contracts';
import { FileText, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { FileDropArea } from '@/components/ui/file-drop-area';
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
  const [problems, setProblems] = useState<string[]>([]);

  function choose(incoming: FileList) {
    const choice = addChosenFiles(files, Array.from(incoming));
    setProblems(fileChoiceMessages(choice));
    onChange(choice.files);
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
        <FileDropArea
          inputId={`${id}-input`}
          inputRef={inputRef}
          title="Drag and drop files here"
          hint={`${allowedTypes} · up to ${RESOURCE_MAX_FILE_MB} MB each · at most ${RESOURCE_MAX_FILES} files`}
          accept={ACCEPTED_FILE_TYPES}
          multiple
          disabled={disabled}
          onFiles={choose}
          inputLabel={{ 'aria-labelledby': `${id}-label` }}
        />
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
