import { Download } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { useExportColumns } from '../../api/get-export-columns';
import { useExportLeads, type ExportFormat } from '../../api/export-leads';
import { ColumnPicker } from './column-picker';
import { FormatChoice } from './format-choice';

type ExportLeadsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onExported: (format: ExportFormat) => void;
};

/** Spec 8: 'Failed to export leads: ...', the reason when there is one worth showing. */
function exportFailure(error: unknown): string {
  const reason =
    error instanceof ApiError ? (error.serverMessage ?? (error.status === 0 ? error.message : null)) : null;
  return reason ? `Failed to export leads: ${reason}` : 'Failed to export leads';
}

/** 'Export All Leads': mounted only while open, so every opening starts with all columns. */
export function ExportLeadsDialog({ open, onOpenChange, onExported }: ExportLeadsDialogProps) {
  return open ? <ExportLeadsForm onClose={() => onOpenChange(false)} onExported={onExported} /> : null;
}

function ExportLeadsForm({
  onClose,
  onExported,
}: {
  onClose: () => void;
  onExported: (format: ExportFormat) => void;
}) {
  const hintId = useId();
  const { data: groups } = useExportColumns();
  const exporter = useExportLeads();
  const [format, setFormat] = useState<ExportFormat>('csv');
  // The columns left out, so the default (every column) holds whatever the server's list is.
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const allColumns = useMemo(() => (groups ?? []).flatMap((g) => g.columns), [groups]);
  const selected = useMemo(() => new Set(allColumns.filter((c) => !excluded.has(c))), [allColumns, excluded]);
  const hasNoColumns = format === 'csv' && selected.size === 0;

  function toggle(columns: string[], isSelected: boolean) {
    setExcluded((prev) => {
      const next = new Set(prev);
      for (const column of columns) {
        if (isSelected) next.delete(column);
        else next.add(column);
      }
      return next;
    });
  }

  function handleExport() {
    // Every column is the server's default: the list is sent only for a narrower choice.
    const columns = format === 'csv' && excluded.size > 0 ? [...selected] : undefined;
    exporter.mutate({ format, columns }, { onSuccess: () => onExported(format) });
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !exporter.isPending) onClose();
      }}
      title="Export All Leads"
      description="Every lead, whatever the list’s filters, in one file named with today’s date."
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={exporter.isPending}>
            Cancel
          </Button>
          <Button
            onClick={handleExport}
            isLoading={exporter.isPending}
            disabled={hasNoColumns}
            aria-describedby={hasNoColumns ? hintId : undefined}
          >
            {!exporter.isPending && <Download className="size-4" aria-hidden="true" />}
            {exporter.isPending ? 'Exporting...' : `Export ${format.toUpperCase()}`}
          </Button>
        </>
      }
    >
      <div className="space-y-6">
        <FormatChoice value={format} onChange={setFormat} disabled={exporter.isPending} />
        {format === 'csv' && (
          <section aria-labelledby={`${hintId}-columns`} className="space-y-3">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h3 id={`${hintId}-columns`} className="text-sm font-semibold text-slate-900">
                Columns
              </h3>
              {hasNoColumns ? (
                <p id={hintId} className="text-sm font-medium text-amber-800">
                  Select at least one column to export
                </p>
              ) : (
                <p className="text-sm text-slate-600 tabular-nums">
                  {selected.size} of {allColumns.length} selected
                </p>
              )}
              <div className="ml-auto flex gap-1">
                <Button variant="ghost" size="sm" onClick={() => setExcluded(new Set())}>
                  Select all
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setExcluded(new Set(allColumns))}>
                  Clear
                </Button>
              </div>
            </div>
            <ColumnPicker groups={groups ?? []} selected={selected} onChange={toggle} />
          </section>
        )}
        {exporter.isError && <Alert tone="error">{exportFailure(exporter.error)}</Alert>}
      </div>
    </Dialog>
  );
}
