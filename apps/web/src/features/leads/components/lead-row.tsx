import { segmentDisplayName, type Lead } from '@lantern/contracts';
import { Eye, MessageSquare, Trash2, type LucideIcon } from 'lucide-react';
import { Checkbox } from '@/components/ui/checkbox';
import { ScoreBadge } from '@/components/ui/score-badge';
import { TimelineBadge } from '@/components/ui/timeline-badge';
import { cn } from '@/lib/cn';
import { EmailStatusBadge } from './email-status-badge';
import { formatDate, formatDay } from './lead-labels';

export type LeadRowActions = {
  onView: (lead: Lead) => void;
  onChat: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
};

type LeadRowProps = LeadRowActions & {
  lead: Lead;
  isSelected: boolean;
  onToggle: (lead: Lead, isSelected: boolean) => void;
};

const MAX_NEEDS_SHOWN = 3;
const tagStyles = 'inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

/** Every special need across the lead's children, each once. */
const specialNeedsOf = (lead: Lead) => [...new Set(lead.children.flatMap((child) => child.special_needs))];

function childLine(age: number | null, grade: string | null) {
  return [age !== null ? `${age} ${age === 1 ? 'yr' : 'yrs'}` : null, grade].filter(Boolean).join(' · ');
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
        'inline-flex size-8 items-center justify-center rounded-lg text-slate-600 transition-colors',
        danger ? 'hover:bg-red-50 hover:text-red-700' : 'hover:bg-indigo-50 hover:text-indigo-700',
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
}

/** A soft shadow on the sticky actions column, so rows scrolled beneath it read as continuing. */
export const stickyEdge = 'shadow-[-10px_0_10px_-10px_rgb(15_23_42/0.25)]';

/** An email that, when too long for its column, breaks after the @ rather than mid-word. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

const none = <span className="text-sm text-slate-500">None listed</span>;

export function LeadRow({ lead, isSelected, onToggle, onView, onChat, onDelete }: LeadRowProps) {
  const needs = specialNeedsOf(lead);
  const hiddenNeeds = needs.slice(MAX_NEEDS_SHOWN);
  // Rows and the sticky actions cell share one opaque background, so scrolled cells do not show through.
  const rowBackground = isSelected ? 'bg-indigo-50' : 'bg-white group-hover:bg-slate-50';
  return (
    <tr data-testid="lead-row" className="group align-top" aria-selected={isSelected}>
      <td className={cn('py-3.5 pr-2 pl-4 sm:pl-6', rowBackground)}>
        <Checkbox
          checked={isSelected}
          onChange={(event) => onToggle(lead, event.target.checked)}
          aria-label={`Select ${lead.parent_name}`}
          className="mt-0.5"
        />
      </td>
      <td className={cn('px-2.5 py-3.5', rowBackground)}>
        <p className="font-medium text-slate-900">{lead.parent_name}</p>
        <p className="max-w-56 text-slate-600 [overflow-wrap:anywhere]">
          <EmailText email={lead.email} />
        </p>
        {lead.phone && <p className="text-slate-600 tabular-nums">{lead.phone}</p>}
      </td>
      <td className={cn('px-2.5 py-3.5', rowBackground)}>
        {lead.children.length === 0 ? (
          none
        ) : (
          <ul className="space-y-1.5">
            {lead.children.map((child) => (
              <li key={child.id}>
                <p className="font-medium text-slate-900">{child.name || 'Unknown'}</p>
                <p className="text-xs text-slate-600">{childLine(child.age, child.grade)}</p>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className={cn('px-2.5 py-3.5', rowBackground)}>
        {needs.length === 0 ? (
          none
        ) : (
          <ul className="flex flex-wrap gap-1">
            {needs.slice(0, MAX_NEEDS_SHOWN).map((need) => (
              <li key={need} className={cn(tagStyles, 'bg-violet-50 text-violet-800 ring-violet-600/20')}>
                {need}
              </li>
            ))}
            {hiddenNeeds.length > 0 && (
              <li
                className={cn(tagStyles, 'bg-slate-100 text-slate-700 ring-slate-500/20')}
                title={hiddenNeeds.join(', ')}
              >
                +{hiddenNeeds.length} more
              </li>
            )}
          </ul>
        )}
      </td>
      <td className={cn('px-2.5 py-3.5', rowBackground)}>
        <TimelineBadge timeline={lead.timeline} timelineDate={lead.timeline_date} showDate={false} />
        {lead.timeline_date && (
          <p className="mt-1 text-xs whitespace-nowrap text-slate-600">
            <time dateTime={lead.timeline_date}>{formatDay(lead.timeline_date)}</time>
          </p>
        )}
      </td>
      <td className={cn('px-2.5 py-3.5', rowBackground)}>
        <ScoreBadge score={lead.lead_score} />
      </td>
      <td className={cn('px-2.5 py-3.5', rowBackground)}>
        {lead.segments.length === 0 ? (
          <span className="text-sm text-slate-500">None</span>
        ) : (
          <ul className="flex flex-wrap gap-1">
            {lead.segments.map((segment) => (
              <li
                key={segment.id}
                className={cn(
                  tagStyles,
                  'gap-1 whitespace-nowrap bg-indigo-50 text-indigo-800 ring-indigo-600/20',
                )}
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
        )}
      </td>
      <td className={cn('px-2.5 py-3.5', rowBackground)}>
        <EmailStatusBadge status={lead.email_status} />
      </td>
      <td className={cn('px-2.5 py-3.5 whitespace-nowrap text-slate-600', rowBackground)}>
        <time dateTime={lead.created_at}>{formatDate(lead.created_at)}</time>
      </td>
      <td className={cn('sticky right-0 py-2.5 pr-4 pl-2 sm:pr-6', stickyEdge, rowBackground)}>
        <div className="flex items-center justify-end gap-0.5">
          <ActionButton
            icon={Eye}
            label="View lead"
            tooltip="View lead profile"
            onClick={() => onView(lead)}
          />
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
      </td>
    </tr>
  );
}
