import { FileUp } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { buttonStyles } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** The file input ('CSV file') with a zone a file can be dropped on. */
export function FileDropZone({ onFile }: { onFile: (file: File) => void }) {
  const id = useId();
  const [isOver, setIsOver] = useState(false);

  function handleDrop(event: DragEvent) {
    event.preventDefault();
    setIsOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  }

  return (
    <div className="space-y-1.5">
      <label id={`${id}-label`} htmlFor={`${id}-input`} className="block text-sm font-medium text-slate-800">
        CSV file
      </label>
      <div
        onDragEnter={(event) => {
          event.preventDefault();
          setIsOver(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsOver(false);
        }}
        onDrop={handleDrop}
        className={cn(
          'flex flex-col items-center rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
          isOver ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-slate-50/60',
        )}
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-white text-indigo-600 shadow-sm ring-1 ring-slate-200">
          <FileUp className="size-6" aria-hidden="true" />
        </span>
        <p className="mt-4 text-sm font-medium text-slate-900">Drag and drop your CSV file here</p>
        <p className="mt-1 mb-4 text-sm text-slate-500">or</p>
        <input
          id={`${id}-input`}
          type="file"
          accept=".csv,text/csv"
          className="peer sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again (after fixing it) is seen as a change.
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
        <label
          htmlFor={`${id}-input`}
          className={buttonStyles(
            'secondary',
            'md',
            'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600',
          )}
        >
          Choose a file
        </label>
        <p id={`${id}-hint`} className="mt-4 text-xs text-slate-500">
          A .csv file with a header row · up to 3 children per row
        </p>
      </div>
    </div>
  );
}
