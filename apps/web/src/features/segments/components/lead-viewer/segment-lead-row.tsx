import type { SegmentLead } from '@lantern/contracts';
import { Checkbox } from '@/components/ui/checkbox';
import { ScoreBadge } from '@/components/ui/score-badge';
import { TimelineBadge } from '@/components/ui/timeline-badge';
import { cn } from '@/lib/cn';
import { formatAge, formatDate } from './lead-viewer-format';

/** Spec 9: at most 2 special-needs tags, then '+N more'. */
const MAX_NEEDS_SHOWN = 2;
const tagStyles =
  'inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';
export const cellStyles = 'px-3 py-3';

type SegmentLeadRowProps = {
  lead: SegmentLead;
  isSelected: boolean;
  onToggle: (lead: SegmentLead, isSelected: boolean) => void;
};

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

function SpecialNeeds({ needs }: { needs: string[] }) {
  if (needs.length === 0) return <span className="text-slate-500">None listed</span>;
  const hidden = needs.slice(MAX_NEEDS_SHOWN);
  return (
    <ul className="flex flex-wrap gap-1">
      {needs.slice(0, MAX_NEEDS_SHOWN).map((need) => (
        <li key={need} className={cn(tagStyles, 'bg-violet-50 text-violet-800 ring-violet-600/20')}>
          {need}
        </li>
      ))}
      {hidden.length > 0 && (
        <li
          className={cn(tagStyles, 'bg-slate-100 text-slate-700 ring-slate-500/20')}
          title={hidden.join(', ')}
        >
          +{hidden.length} more
          <span className="sr-only">: {hidden.join(', ')}</span>
        </li>
      )}
    </ul>
  );
}

function AssignmentBadge({ isManual }: { isManual: boolean }) {
  return (
    <span
      className={cn(
        tagStyles,
        'rounded-full',
        isManual
          ? 'bg-indigo-50 text-indigo-800 ring-indigo-600/20'
          : 'bg-slate-100 text-slate-700 ring-slate-500/20',
      )}
      title={isManual ? 'Assigned by hand' : 'Matched by the segment rules'}
    >
      {isManual ? 'Manual' : 'Auto'}
    </span>
  );
}

export function SegmentLeadRow({ lead, isSelected, onToggle }: SegmentLeadRowProps) {
  const age = formatAge(lead.child_age);
  return (
    <tr
      data-testid="segment-lead-row"
      className={cn('align-top', isSelected ? 'bg-indigo-50' : 'hover:bg-slate-50')}
      aria-selected={isSelected}
    >
      <td className="py-3 pr-1 pl-3">
        <Checkbox
          checked={isSelected}
          onChange={(event) => onToggle(lead, event.target.checked)}
          aria-label={`Select ${lead.parent_name || lead.email}`}
          className="mt-0.5"
        />
      </td>
      <td className={cellStyles}>
        <p className="font-medium text-slate-900">{lead.parent_name || 'Unknown'}</p>
        <p className="text-slate-600 [overflow-wrap:anywhere]">
          <EmailText email={lead.email} />
        </p>
        {lead.phone && <p className="text-slate-600 tabular-nums">{lead.phone}</p>}
      </td>
      <td className={cellStyles}>
        <p className="font-medium text-slate-900">{lead.child_name || 'Unknown'}</p>
        {age && <p className="text-xs text-slate-600">{age}</p>}
      </td>
      <td className={cellStyles}>
        <SpecialNeeds needs={lead.special_needs} />
      </td>
      <td className={cellStyles}>
        <ScoreBadge score={lead.lead_score} />
      </td>
      <td className={cellStyles}>
        <TimelineBadge timeline={lead.timeline} timelineDate={null} />
      </td>
      <td className={cellStyles}>
        <AssignmentBadge isManual={lead.manually_assigned} />
      </td>
      <td className={cn(cellStyles, 'whitespace-nowrap text-slate-600')}>
        <time dateTime={lead.assigned_at}>{formatDate(lead.assigned_at)}</time>
      </td>
    </tr>
  );
}
