import type { Child } from '@lantern/contracts';
import { Baby } from 'lucide-react';
import { ageLabel } from './format';
import { Pill, ProfileSection } from './profile-section';

export function ChildrenInformation({ items }: { items: Child[] }) {
  return (
    <ProfileSection title="Children Information" icon={<Baby aria-hidden="true" />}>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">No children recorded.</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {items.map((child) => (
            <li key={child.id} className="rounded-lg border border-slate-200 bg-slate-50/60 p-3">
              <ChildSummary child={child} />
            </li>
          ))}
        </ul>
      )}
    </ProfileSection>
  );
}

function ChildSummary({ child }: { child: Child }) {
  const facts = [ageLabel(child.age), child.grade].filter(Boolean).join(' · ');
  return (
    <>
      <p className="font-semibold text-slate-900">{child.name || 'Unnamed child'}</p>
      <p className="text-sm text-slate-600">{facts || 'Age and grade not given'}</p>
      <div className="mt-3 space-y-2">
        <TagLine label="Special needs" values={child.special_needs} tone="indigo" />
        <TagLine label="Current support" values={child.current_support} tone="slate" />
      </div>
    </>
  );
}

function TagLine({ label, values, tone }: { label: string; values: string[]; tone: 'indigo' | 'slate' }) {
  return (
    <div>
      <p className="text-xs font-medium text-slate-500">{label}</p>
      {values.length === 0 ? (
        <p className="text-sm text-slate-600">None listed</p>
      ) : (
        <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={label}>
          {values.map((value) => (
            <li key={value}>
              <Pill tone={tone}>{value}</Pill>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
