import { formatConversationDuration, type ConversationSummary } from '@lantern/contracts';
import { Check, Minus } from 'lucide-react';
import { Link } from 'react-router';
import type { ColumnDef } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { StatusBadge } from '../tone';

export const conversationPath = (id: string) => `/analytics/conversation/${encodeURIComponent(id)}`;

/** Who the conversation was with: the lead's email, else the visitor's, else the visitor's short id. */
export function conversationIdentity(
  row: Pick<ConversationSummary, 'lead_email' | 'visitor_email' | 'visitor_uuid'>,
) {
  return row.lead_email ?? row.visitor_email ?? `Visitor ${row.visitor_uuid.slice(0, 8)}`;
}

const FLAGS = [
  ['has_name', 'Name'],
  ['has_email', 'Email'],
  ['has_child_info', 'Child info'],
] as const;

function Flags({ row }: { row: ConversationSummary }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {FLAGS.map(([field, label]) => {
        const isGiven = row[field];
        const Icon = isGiven ? Check : Minus;
        return (
          <li
            key={field}
            className={cn(
              'inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs',
              isGiven ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-500 line-through',
            )}
          >
            <Icon className="size-3" aria-hidden="true" />
            {label}
            <span className="sr-only">{isGiven ? ' given' : ' not given'}</span>
          </li>
        );
      })}
    </ul>
  );
}

export const conversationColumns: ColumnDef<ConversationSummary>[] = [
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
    meta: { isShort: true, skeleton: <Skeleton className="h-5 w-20 rounded-full" /> },
  },
  {
    id: 'identity',
    header: 'Visitor / lead',
    cell: ({ row }) => (
      <Link
        to={conversationPath(row.original.id)}
        className="font-medium text-indigo-700 [overflow-wrap:anywhere] hover:underline"
        aria-label={`Open conversation with ${conversationIdentity(row.original)}`}
      >
        {conversationIdentity(row.original)}
      </Link>
    ),
    meta: { className: 'min-w-48' },
  },
  {
    id: 'parent',
    header: 'Parent',
    cell: ({ row }) => row.original.parent_name ?? <span className="text-slate-500">Unknown</span>,
  },
  {
    id: 'started',
    header: 'Started',
    cell: ({ row }) => formatDateTime(row.original.started_at),
    meta: { isShort: true },
  },
  {
    id: 'duration',
    header: 'Duration',
    cell: ({ row }) => formatConversationDuration(row.original.duration),
    meta: { isShort: true },
  },
  {
    id: 'messages',
    header: 'Messages',
    cell: ({ row }) => (
      <div className="tabular-nums">
        <span className="font-medium text-slate-900">{row.original.message_count}</span>
        <span className="block text-xs whitespace-nowrap text-slate-600">
          {row.original.user_message_count} parent · {row.original.bot_message_count} bot
        </span>
      </div>
    ),
    meta: { isShort: true },
  },
  {
    id: 'gathered',
    header: 'Gathered',
    cell: ({ row }) => <Flags row={row.original} />,
    meta: { className: 'min-w-40' },
  },
];
