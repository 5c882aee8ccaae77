import { Download, Plus, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { formatCount } from '@/lib/format';

function summary(total: number | undefined, selected: number, isLoading: boolean) {
  if (total === undefined && !isLoading) return 'Manage conversations and leads';
  const leads =
    total === undefined
      ? 'Loading leads...'
      : `${formatCount(total)} ${total === 1 ? 'lead' : 'leads'} in total`;
  return selected > 0 ? `${leads} · ${formatCount(selected)} selected` : leads;
}

export function LeadsHeader({
  total,
  isLoading,
  selected,
  onAddLead,
  onBulkImport,
  onExportAll,
}: {
  /** The number of leads matching the list; undefined until known. */
  total: number | undefined;
  isLoading: boolean;
  selected: number;
  onAddLead: () => void;
  onBulkImport: () => void;
  onExportAll: () => void;
}) {
  return (
    <PageHeader
      title="Leads Management"
      description={summary(total, selected, isLoading)}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onBulkImport}>
            <Upload className="size-4" aria-hidden="true" />
            Bulk Import
          </Button>
          <Button variant="secondary" onClick={onExportAll}>
            <Download className="size-4" aria-hidden="true" />
            Export All
          </Button>
          <Button onClick={onAddLead}>
            <Plus className="size-4" aria-hidden="true" />
            Add Lead
          </Button>
        </div>
      }
    />
  );
}
