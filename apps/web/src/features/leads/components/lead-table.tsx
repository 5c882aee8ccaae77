import type { Lead } from '@lantern/contracts';
import { DataTable } from '@/components/ui/data-table';
import { ACTIONS_COLUMN_ID, leadColumns, type LeadRowActions } from './lead-columns';

type LeadTableProps = LeadRowActions & {
  /** The page's leads, or null while the first page loads (skeleton rows). */
  leads: Lead[] | null;
  selectedIds: ReadonlySet<string>;
  onSelect: (ids: string[], isSelected: boolean) => void;
  isUpdating?: boolean;
};

/** The leads of one page; below 1280 px it scrolls sideways inside its card, the actions staying in view. */
export function LeadTable({ leads, selectedIds, onSelect, isUpdating, ...actions }: LeadTableProps) {
  return (
    <DataTable
      caption="Leads"
      columns={leadColumns(actions)}
      rows={leads}
      getRowId={(lead) => lead.id}
      selection={{
        selectedIds,
        onSelect,
        rowLabel: (lead) => `Select ${lead.parent_name}`,
        pageLabel: 'Select all leads on this page',
      }}
      pinnedColumnId={ACTIONS_COLUMN_ID}
      isUpdating={isUpdating}
      rowTestId="lead-row"
    />
  );
}
