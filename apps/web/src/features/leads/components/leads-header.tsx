import { Download, Plus, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';

const numberFormat = new Intl.NumberFormat();

function summary(total: number | undefined, selected: number, isLoading: boolean) {
  if (total === undefined && !isLoading) return 'Manage conversations and leads';
  const leads =
    total === undefined
      ? 'Loading leads...'
      : `${numberFormat.format(total)} ${total === 1 ? 'lead' : 'leads'} in total`;
  return selected > 0 ? `${leads} · ${numberFormat.format(selected)} selected` : leads;
}

/** A button for a screen still to come: visibly there, honestly disabled, its tooltip saying why. */
function ComingSoonButton({ icon: Icon, label }: { icon: typeof Upload; label: string }) {
  return (
    // The wrapper takes the hover, as a disabled button gets no pointer events.
    <span title="Coming soon" className="inline-flex">
      <Button variant="secondary" disabled title="Coming soon">
        <Icon className="size-4" aria-hidden="true" />
        {label}
      </Button>
    </span>
  );
}

export function LeadsHeader({
  total,
  isLoading,
  selected,
  onAddLead,
}: {
  /** The number of leads matching the list; undefined until known. */
  total: number | undefined;
  isLoading: boolean;
  selected: number;
  onAddLead: () => void;
}) {
  return (
    <PageHeader
      title="Leads Management"
      description={summary(total, selected, isLoading)}
      actions={
        <div className="flex flex-wrap gap-2">
          <ComingSoonButton icon={Upload} label="Bulk Import" />
          <ComingSoonButton icon={Download} label="Export All" />
          <Button onClick={onAddLead}>
            <Plus className="size-4" aria-hidden="true" />
            Add Lead
          </Button>
        </div>
      }
    />
  );
}
