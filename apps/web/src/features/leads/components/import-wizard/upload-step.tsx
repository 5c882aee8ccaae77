import { Download, FileSpreadsheet } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';
import { useDownloadImportTemplate } from '../../api/download-import-template';
import { FileDropZone } from './file-drop-zone';
import { ProgressBar } from './progress-bar';
import type { UploadState } from './use-import-wizard';

const Code = ({ children }: { children: string }) => (
  <code className="rounded bg-white px-1 py-0.5 font-mono text-xs text-slate-800 ring-1 ring-slate-200">
    {children}
  </code>
);

function UploadProgress({ state, onCancel }: { state: UploadState; onCancel: () => void }) {
  if (state.status !== 'reading' && state.status !== 'validating') return null;
  const isReading = state.status === 'reading';
  const { done, total } = isReading ? { done: 0, total: 0 } : state.progress;
  // One call: no telling how far the server is; several: rows checked so far.
  const value = isReading ? state.fraction : total > 0 && done > 0 && done < total ? done / total : null;
  const text = isReading
    ? `Reading the file… ${Math.round(state.fraction * 100)}%`
    : `Checking ${formatCount(total)} ${total === 1 ? 'row' : 'rows'}${
        done > 0 && done < total ? ` (${formatCount(done)} done)` : ''
      }…`;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
          <FileSpreadsheet className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-slate-900">{state.fileName}</p>
          <p className="mt-0.5 text-sm text-slate-600" role="status">
            {text}
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel upload
        </Button>
      </div>
      <ProgressBar
        className="mt-4"
        value={value}
        label={isReading ? 'Reading the file' : 'Checking the rows'}
      />
    </div>
  );
}

/** Step 0: the template, and a file chosen or dropped; it is read and checked at once. */
export function UploadStep({
  state,
  onFile,
  onCancel,
}: {
  state: UploadState;
  onFile: (file: File) => void;
  onCancel: () => void;
}) {
  const template = useDownloadImportTemplate();
  const isBusy = state.status === 'reading' || state.status === 'validating';
  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-medium text-slate-900">Start from the template</p>
          <p className="mt-1 text-slate-600">
            One row per family with up to three children (columns <Code>child1_name</Code> to{' '}
            <Code>child3_current_support</Code>). Separate several special needs or supports with commas.
          </p>
        </div>
        <Button variant="secondary" onClick={() => template.mutate()} isLoading={template.isPending}>
          {!template.isPending && <Download className="size-4" aria-hidden="true" />}
          Download Template
        </Button>
      </div>
      {template.isError && <Alert tone="error">Failed to download template</Alert>}
      {isBusy ? <UploadProgress state={state} onCancel={onCancel} /> : <FileDropZone onFile={onFile} />}
      {state.status === 'failed' && (
        <Alert tone="error" title={state.message}>
          {state.detail}
        </Alert>
      )}
    </div>
  );
}
