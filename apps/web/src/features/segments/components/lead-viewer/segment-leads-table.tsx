import type { SegmentLead } from '@lantern/contracts';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { cellStyles, SegmentLeadRow } from './segment-lead-row';

const COLUMNS = [
  { label: 'Contact', className: 'min-w-64' },
  { label: 'Child', className: 'min-w-36' },
  { label: 'Special Needs', className: 'min-w-52' },
  { label: 'Score', className: '' },
  { label: 'Timeline', className: '' },
  { label: 'Assignment', className: '' },
  { label: 'Added', className: '' },
];

const headCell =
  'px-3 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase';

// Widths of each column's placeholder, in the columns' order.
const SKELETON_WIDTHS = ['w-40', 'w-24', 'w-32', 'w-10', 'w-24', 'w-14', 'w-20'];

function SkeletonRows() {
  return Array.from({ length: 6 }, (_, row) => (
    <tr key={row} aria-hidden="true">
      <td className="py-3.5 pr-1 pl-3">
        <Skeleton className="size-4 rounded" />
      </td>
      {SKELETON_WIDTHS.map((width, column) => (
        <td key={column} className={cellStyles}>
          <Skeleton className={cn('h-4', width)} />
          {column === 0 && <Skeleton className="mt-2 h-3.5 w-48" />}
        </td>
      ))}
    </tr>
  ));
}

type SegmentLeadsTableProps = {
  /** The page's leads, or null while the first page loads (skeleton rows). */
  leads: SegmentLead[] | null;
  selectedIds: ReadonlySet<string>;
  onToggle: (lead: SegmentLead, isSelected: boolean) => void;
  onTogglePage: (isSelected: boolean) => void;
  isUpdating?: boolean;
};

/** One page of the segment's leads; on narrow screens it scrolls sideways inside the dialog. */
export function SegmentLeadsTable({
  leads,
  selectedIds,
  onToggle,
  onTogglePage,
  isUpdating,
}: SegmentLeadsTableProps) {
  const selectedOnPage = leads?.filter((lead) => selectedIds.has(lead.id)).length ?? 0;
  const isPageSelected = Boolean(leads?.length) && selectedOnPage === leads?.length;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table
        className={cn('w-full text-sm transition-opacity', isUpdating && 'opacity-60')}
        aria-busy={leads === null || isUpdating || undefined}
      >
        <caption className="sr-only">Leads in this segment</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className="w-9 py-2.5 pr-1 pl-3 text-left">
              <Checkbox
                aria-label="Select all leads on this page"
                checked={isPageSelected}
                ref={(box) => {
                  if (box) box.indeterminate = selectedOnPage > 0 && !isPageSelected;
                }}
                disabled={!leads?.length}
                onChange={(event) => onTogglePage(event.target.checked)}
              />
            </th>
            {COLUMNS.map((column) => (
              <th key={column.label} scope="col" className={cn(headCell, column.className)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {leads === null ? (
            <SkeletonRows />
          ) : (
            leads.map((lead) => (
              <SegmentLeadRow
                key={lead.id}
                lead={lead}
                isSelected={selectedIds.has(lead.id)}
                onToggle={onToggle}
              />
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
