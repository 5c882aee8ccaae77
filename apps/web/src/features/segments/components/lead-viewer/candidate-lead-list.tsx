import type { Lead } from '@lantern/contracts';
import { Checkbox } from '@/components/ui/checkbox';
import { ScoreBadge } from '@/components/ui/score-badge';
import { cn } from '@/lib/cn';

type CandidateLeadListProps = {
  leads: Lead[];
  selectedIds: ReadonlySet<string>;
  onToggle: (lead: Lead, isSelected: boolean) => void;
};

/**
 * The Add Leads checklist: parent name (else email), child name and score; the whole line toggles.
 * The email is shown under a parent name too, so two families with the same name can be told apart.
 */
export function CandidateLeadList({ leads, selectedIds, onToggle }: CandidateLeadListProps) {
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Available leads">
      {leads.map((lead) => {
        const isSelected = selectedIds.has(lead.id);
        const name = lead.parent_name || lead.email;
        return (
          <li key={lead.id}>
            <label
              className={cn(
                'flex cursor-pointer items-center gap-3 px-3 py-2.5 text-sm',
                isSelected ? 'bg-indigo-50' : 'hover:bg-slate-50',
              )}
            >
              <Checkbox checked={isSelected} onChange={(event) => onToggle(lead, event.target.checked)} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-900">{name}</span>
                {lead.parent_name && (
                  <span className="block truncate text-xs text-slate-600">{lead.email}</span>
                )}
                <span className="block truncate text-xs text-slate-600">
                  {lead.child_name ? `Child: ${lead.child_name}` : 'No child listed'}
                </span>
              </span>
              <ScoreBadge score={lead.lead_score} />
            </label>
          </li>
        );
      })}
    </ul>
  );
}
