import { FileUp } from 'lucide-react';
import { useState, type ReactNode, type Ref } from 'react';
import { buttonStyles } from '@/components/ui/button';
import { cn } from '@/lib/cn';

type FileDropAreaProps = {
  /** The input's id; `${inputId}-hint` names the hint, which describes the input. */
  inputId: string;
  inputRef: Ref<HTMLInputElement>;
  title: string;
  hint: ReactNode;
  accept: string;
  multiple?: boolean;
  disabled: boolean;
  /** Files dropped or browsed for (never called while disabled or with none). */
  onFiles: (files: FileList) => void;
  /** The input's accessible name: its own label, or the id of a visible label. */
  inputLabel: { 'aria-label': string } | { 'aria-labelledby': string };
  testId?: string;
};

/** A dashed area to drop files on, with a 'Browse files' button for the keyboard and the rest. */
export function FileDropArea({
  inputId,
  inputRef,
  title,
  hint,
  accept,
  multiple,
  disabled,
  onFiles,
  inputLabel,
  testId,
}: FileDropAreaProps) {
  const [isOver, setIsOver] = useState(false);
  return (
    <div
      data-testid={testId}
      onDragEnter={(event) => {
        event.preventDefault();
        if (!disabled) setIsOver(true);
      }}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setIsOver(false);
        if (!disabled && event.dataTransfer.files.length > 0) onFiles(event.dataTransfer.files);
      }}
      className={cn(
        'flex flex-col items-center rounded-xl border-2 border-dashed px-6 py-7 text-center transition-colors',
        isOver ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-slate-50/60',
        disabled && 'opacity-60',
      )}
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-white text-indigo-600 shadow-sm ring-1 ring-slate-200">
        <FileUp className="size-5" aria-hidden="true" />
      </span>
      <p className="mt-3 text-sm font-medium text-slate-900">{title}</p>
      <p className="mt-1 mb-3 text-sm text-slate-600">or</p>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        multiple={multiple}
        accept={accept}
        disabled={disabled}
        className="peer sr-only"
        {...inputLabel}
        aria-describedby={`${inputId}-hint`}
        onChange={(event) => {
          if (event.target.files && event.target.files.length > 0) onFiles(event.target.files);
          // Cleared, so choosing the same file again (after removing it) is seen as a change.
          event.target.value = '';
        }}
      />
      <label
        htmlFor={inputId}
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
      <p id={`${inputId}-hint`} className="mt-3 text-xs text-slate-600">
        {hint}
      </p>
    </div>
  );
}
