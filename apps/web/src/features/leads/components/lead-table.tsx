import type { Lead } from '@lantern/contracts';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { LeadRow, stickyEdge, type LeadRowActions } from './lead-row';

const COLUMNS = [
  { label: 'Lead Info', className: 'min-w-60' },
  { label: 'Child Details', className: 'min-w-36' },
  { label: 'Special Needs', className: 'min-w-36' },
  { label: 'Timeline', className: '' },
  { label: 'Score', className: '' },
  { label: 'Segments', className: 'min-w-40' },
  { label: 'Email Status', className: '' },
  { label: 'Created', className: '' },
];

const headCell =
  'px-2.5 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase';

type LeadTableProps = LeadRowActions & {
  /** The page's leads, or null while the first page loads (skeleton rows). */
  leads: Lead[] | null;
  selectedIds: ReadonlySet<string>;
  onToggle: (lead: Lead, isSelected: boolean) => void;
  onTogglePage: (isSelected: boolean) => void;
  isUpdating?: boolean;
};

function SkeletonRows() {
  return Array.from({ length: 6 }, (_, i) => (
    <tr key={i} aria-hidden="true">
      <td className="py-4 pr-2 pl-4 sm:pl-6">
        <Skeleton className="size-4 rounded" />
      </td>
      <td className="px-2.5 py-4">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="mt-2 h-3.5 w-44" />
      </td>
      <td className="px-2.5 py-4">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="mt-2 h-3 w-20" />
      </td>
      <td className="px-2.5 py-4">
        <Skeleton className="h-5 w-32 rounded-md" />
      </td>
      <td className="px-2.5 py-4">
        <Skeleton className="h-5 w-24 rounded-full" />
      </td>
      <td className="px-2.5 py-4">
        <Skeleton className="h-5 w-10 rounded-full" />
      </td>
      <td className="px-2.5 py-4">
        <Skeleton className="h-5 w-28 rounded-md" />
      </td>
      <td className="px-2.5 py-4">
        <Skeleton className="h-5 w-20 rounded-full" />
      </td>
      <td className="px-2.5 py-4">
        <Skeleton className="h-4 w-20" />
      </td>
      <td className="py-4 pr-4 pl-2 sm:pr-6">
        <Skeleton className="ml-auto h-6 w-24" />
      </td>
    </tr>
  ));
}

/** The leads of one page; scrolls sideways inside its card on narrow screens, the actions staying in view. */
export function LeadTable({
  leads,
  selectedIds,
  onToggle,
  onTogglePage,
  isUpdating,
  ...actions
}: LeadTableProps) {
  const selectedOnPage = leads?.filter((lead) => selectedIds.has(lead.id)).length ?? 0;
  const isPageSelected = Boolean(leads?.length) && selectedOnPage === leads?.length;
  return (
    <div className="overflow-x-auto">
      <table
        className={cn('w-full text-sm transition-opacity', isUpdating && 'opacity-60')}
        aria-busy={leads === null || isUpdating || undefined}
      >
        <caption className="sr-only">Leads</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className="w-10 py-3 pr-2 pl-4 text-left sm:pl-6">
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
            <th
              scope="col"
              className={cn(headCell, 'sticky right-0 bg-slate-50 pr-4 text-right sm:pr-6', stickyEdge)}
            >
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {leads === null ? (
            <SkeletonRows />
          ) : (
            leads.map((lead) => (
              <LeadRow
                key={lead.id}
                lead={lead}
                isSelected={selectedIds.has(lead.id)}
                onToggle={onToggle}
                {...actions}
              />
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
