import type { Lead } from '@lantern/contracts';
import { NotebookPen } from 'lucide-react';
import { ChildrenInformation } from './children-information';
import { ConversionTracking } from './conversion-tracking';
import { EmailStatusSection } from './email-status-section';
import { LeadAnalytics } from './lead-analytics';
import { LeadSegments } from './lead-segments';
import { ParentInformation } from './parent-information';
import { ProfileSection } from './profile-section';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase());
  return (letters.length > 1 ? letters[0]! + letters[letters.length - 1]! : (letters[0] ?? '?')).slice(0, 2);
}

/** The read-only profile: every section of the spec, in its order. */
export function LeadProfileView({ lead }: { lead: Lead }) {
  const childCount = lead.children.length;
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-4 rounded-xl bg-gradient-to-r from-indigo-50 to-white p-4 ring-1 ring-indigo-100">
        <span
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-base font-semibold text-white"
          aria-hidden="true"
        >
          {initials(lead.parent_name)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-base font-semibold text-slate-900">{lead.parent_name || 'Unknown'}</p>
          <p className="truncate text-sm text-slate-600">
            {lead.email}
            {childCount > 0 ? ` · ${childCount} ${childCount === 1 ? 'child' : 'children'}` : ''}
          </p>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <ParentInformation lead={lead} />
        <LeadAnalytics lead={lead} />
      </div>
      <ChildrenInformation items={lead.children} />
      <div className="grid gap-4 lg:grid-cols-2">
        <ConversionTracking lead={lead} />
        <ProfileSection title="Notes" icon={<NotebookPen aria-hidden="true" />}>
          {lead.biggest_concerns ? (
            <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800">
              {lead.biggest_concerns}
            </p>
          ) : (
            <p className="text-sm text-slate-600">No concerns noted.</p>
          )}
        </ProfileSection>
      </div>
      <EmailStatusSection lead={lead} />
      <LeadSegments lead={lead} />
    </div>
  );
}
