import type { SegmentLead } from '@lantern/contracts';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { EmailText } from '@/components/ui/email-text';
import { ScoreBadge } from '@/components/ui/score-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { TagList, tagStyles, tagTones } from '@/components/ui/tag-list';
import { TimelineBadge } from '@/components/ui/timeline-badge';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { formatAge } from './lead-viewer-format';

/** Spec 9: at most 2 special-needs tags, then '+N more'. */
const MAX_NEEDS_SHOWN = 2;

function AssignmentBadge({ isManual }: { isManual: boolean }) {
  return (
    <span
      className={cn(tagStyles, 'rounded-full', isManual ? tagTones.indigo : tagTones.slate)}
      title={isManual ? 'Assigned by hand' : 'Matched by the segment rules'}
    >
      {isManual ? 'Manual' : 'Auto'}
    </span>
  );
}

const columns: ColumnDef<SegmentLead>[] = [
  {
    id: 'contact',
    header: 'Contact',
    cell: ({ row: { original: lead } }) => (
      <>
        <p className="font-medium text-slate-900">{lead.parent_name || 'Unknown'}</p>
        <p className="text-slate-600 [overflow-wrap:anywhere]">
          <EmailText email={lead.email} />
        </p>
        {lead.phone && <p className="whitespace-nowrap text-slate-600 tabular-nums">{lead.phone}</p>}
      </>
    ),
    meta: {
      className: 'min-w-44',
      skeleton: (
        <>
          <Skeleton className="h-4 w-32" />
          <Skeleton className="mt-2 h-3.5 w-40" />
        </>
      ),
    },
  },
  {
    id: 'child',
    header: 'Child',
    cell: ({ row: { original: lead } }) => {
      const age = formatAge(lead.child_age);
      return (
        <>
          <p className="font-medium text-slate-900">{lead.child_name || 'Unknown'}</p>
          {age && <p className="text-xs text-slate-600">{age}</p>}
        </>
      );
    },
    meta: { className: 'min-w-28', skeleton: <Skeleton className="h-4 w-24" /> },
  },
  {
    id: 'needs',
    header: 'Special Needs',
    cell: ({ row }) => (
      <TagList
        tags={row.original.special_needs}
        max={MAX_NEEDS_SHOWN}
        tone="violet"
        emptyText="None listed"
      />
    ),
    meta: { className: 'min-w-36', skeleton: <Skeleton className="h-4 w-32" /> },
  },
  {
    id: 'score',
    header: 'Score',
    cell: ({ row }) => <ScoreBadge score={row.original.lead_score} />,
    meta: { skeleton: <Skeleton className="h-4 w-10" /> },
  },
  {
    id: 'timeline',
    header: 'Timeline',
    cell: ({ row }) => <TimelineBadge timeline={row.original.timeline} timelineDate={null} />,
    meta: { isShort: true, skeleton: <Skeleton className="h-4 w-24" /> },
  },
  {
    id: 'assignment',
    header: 'Assignment',
    cell: ({ row }) => <AssignmentBadge isManual={row.original.manually_assigned} />,
    meta: { skeleton: <Skeleton className="h-4 w-14" /> },
  },
  {
    id: 'added',
    header: 'Added',
    cell: ({ row: { original: lead } }) => (
      <time dateTime={lead.assigned_at} className="text-slate-600">
        {formatDate(lead.assigned_at)}
      </time>
    ),
    meta: { isShort: true, skeleton: <Skeleton className="h-4 w-20" /> },
  },
];

type SegmentLeadsTableProps = {
  /** The page's leads, or null while the first page loads (skeleton rows). */
  leads: SegmentLead[] | null;
  selectedIds: ReadonlySet<string>;
  onSelect: (ids: string[], isSelected: boolean) => void;
  isUpdating?: boolean;
};

/** One page of the segment's leads; on narrow screens it scrolls sideways inside the dialog. */
export function SegmentLeadsTable({ leads, selectedIds, onSelect, isUpdating }: SegmentLeadsTableProps) {
  return (
    <DataTable
      caption="Leads in this segment"
      columns={columns}
      rows={leads}
      getRowId={(lead) => lead.id}
      selection={{
        selectedIds,
        onSelect,
        rowLabel: (lead) => `Select ${lead.parent_name || lead.email}`,
        pageLabel: 'Select all leads on this page',
      }}
      isUpdating={isUpdating}
      rowTestId="segment-lead-row"
      className="rounded-lg border border-slate-200"
    />
  );
}
