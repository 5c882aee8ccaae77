import { segmentDisplayName, type Lead } from '@lantern/contracts';
import { Eye, MessageSquare, Trash2, type LucideIcon } from 'lucide-react';
import type { ColumnDef } from '@/components/ui/data-table';
import { EmailText } from '@/components/ui/email-text';
import { ScoreBadge } from '@/components/ui/score-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { TagList, tagStyles, tagTones } from '@/components/ui/tag-list';
import { TimelineBadge } from '@/components/ui/timeline-badge';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { EmailStatusBadge } from './email-status-badge';

export type LeadRowActions = {
  onView: (lead: Lead) => void;
  onChat: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
};

const MAX_NEEDS_SHOWN = 3;

/** Every special need across the lead's children, each once. */
const specialNeedsOf = (lead: Lead) => [...new Set(lead.children.flatMap((child) => child.special_needs))];

function childLine(age: number | null, grade: string | null) {
  return [age !== null ? `${age} ${age === 1 ? 'yr' : 'yrs'}` : null, grade].filter(Boolean).join(' · ');
}

const none = <span className="text-sm text-slate-500">None listed</span>;

function LeadInfo({ lead }: { lead: Lead }) {
  return (
    <>
      <p className="font-medium text-slate-900">{lead.parent_name}</p>
      <p className="text-slate-600 [overflow-wrap:anywhere]">
        <EmailText email={lead.email} />
      </p>
      {lead.phone && <p className="whitespace-nowrap text-slate-600 tabular-nums">{lead.phone}</p>}
    </>
  );
}

function ChildDetails({ lead }: { lead: Lead }) {
  if (lead.children.length === 0) return none;
  return (
    <ul className="space-y-1.5">
      {lead.children.map((child) => (
        <li key={child.id}>
          <p className="font-medium text-slate-900">{child.name || 'Unknown'}</p>
          <p className="text-xs text-slate-600">{childLine(child.age, child.grade)}</p>
        </li>
      ))}
    </ul>
  );
}

function Segments({ lead }: { lead: Lead }) {
  if (lead.segments.length === 0) return <span className="text-sm text-slate-500">None</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {lead.segments.map((segment) => (
        <li
          key={segment.id}
          className={cn(tagStyles, tagTones.indigo, 'flex-wrap gap-1')}
          title={segment.manually_assigned ? 'Assigned by hand' : 'Matched by the segment rules'}
        >
          {segmentDisplayName(segment.name)}
          {segment.manually_assigned && (
            <span className="rounded bg-white/80 px-1 text-[0.625rem] font-semibold tracking-wide text-indigo-900 uppercase">
              Manual
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function ActionButton({
  icon: Icon,
  label,
  tooltip,
  danger,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  tooltip: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={tooltip}
      className={cn(
        'inline-flex size-7 items-center justify-center rounded-lg text-slate-600 transition-colors',
        danger ? 'hover:bg-red-50 hover:text-red-700' : 'hover:bg-indigo-50 hover:text-indigo-700',
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
}

function Actions({ lead, onView, onChat, onDelete }: LeadRowActions & { lead: Lead }) {
  return (
    <div className="-my-1 flex items-center justify-end">
      <ActionButton icon={Eye} label="View lead" tooltip="View lead profile" onClick={() => onView(lead)} />
      <ActionButton
        icon={MessageSquare}
        label="Open conversation history"
        tooltip="Conversation history"
        onClick={() => onChat(lead)}
      />
      <ActionButton
        icon={Trash2}
        label="Delete lead"
        tooltip="Delete lead"
        danger
        onClick={() => onDelete(lead)}
      />
    </div>
  );
}

export const ACTIONS_COLUMN_ID = 'actions';

/** The leads list's columns (spec order); Actions last, pinned by the table. */
export function leadColumns(actions: LeadRowActions): ColumnDef<Lead>[] {
  return [
    {
      id: 'lead',
      header: 'Lead Info',
      cell: ({ row }) => <LeadInfo lead={row.original} />,
      meta: {
        className: 'min-w-32',
        skeleton: (
          <>
            <Skeleton className="h-4 w-28" />
            <Skeleton className="mt-2 h-3.5 w-32" />
          </>
        ),
      },
    },
    {
      id: 'children',
      header: 'Child Details',
      cell: ({ row }) => <ChildDetails lead={row.original} />,
      meta: {
        skeleton: (
          <>
            <Skeleton className="h-4 w-20" />
            <Skeleton className="mt-2 h-3 w-16" />
          </>
        ),
      },
    },
    {
      id: 'needs',
      header: 'Special Needs',
      cell: ({ row }) => (
        <TagList
          tags={specialNeedsOf(row.original)}
          max={MAX_NEEDS_SHOWN}
          tone="violet"
          emptyText="None listed"
        />
      ),
      meta: { skeleton: <Skeleton className="h-5 w-20 rounded-md" /> },
    },
    {
      id: 'timeline',
      header: 'Timeline',
      cell: ({ row }) => {
        const lead = row.original;
        return (
          <>
            <TimelineBadge timeline={lead.timeline} timelineDate={lead.timeline_date} showDate={false} />
            {lead.timeline_date && (
              <p className="mt-1 text-xs text-slate-600">
                <time dateTime={lead.timeline_date}>{formatDate(lead.timeline_date)}</time>
              </p>
            )}
          </>
        );
      },
      meta: { isShort: true, skeleton: <Skeleton className="h-5 w-16 rounded-full" /> },
    },
    {
      id: 'score',
      header: 'Score',
      cell: ({ row }) => <ScoreBadge score={row.original.lead_score} />,
      meta: { skeleton: <Skeleton className="h-5 w-10 rounded-full" /> },
    },
    {
      id: 'segments',
      header: 'Segments',
      cell: ({ row }) => <Segments lead={row.original} />,
      meta: { skeleton: <Skeleton className="h-5 w-16 rounded-md" /> },
    },
    {
      id: 'emailStatus',
      header: 'Email Status',
      cell: ({ row }) => <EmailStatusBadge status={row.original.email_status} />,
      meta: { skeleton: <Skeleton className="h-5 w-16 rounded-full" /> },
    },
    {
      id: 'created',
      header: 'Created',
      cell: ({ row }) => (
        <time dateTime={row.original.created_at} className="text-slate-600">
          {formatDate(row.original.created_at)}
        </time>
      ),
      meta: { isShort: true, skeleton: <Skeleton className="h-4 w-16" /> },
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: () => <span className="block text-right">Actions</span>,
      cell: ({ row }) => <Actions lead={row.original} {...actions} />,
      meta: { skeleton: <Skeleton className="ml-auto h-6 w-20" /> },
    },
  ];
}
