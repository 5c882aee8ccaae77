import { ADMIN_TIMELINES } from '@lantern/contracts';
import { useId, type ReactNode } from 'react';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { NewLeadDraft } from './new-lead-draft';

type ParentDraft = Omit<NewLeadDraft, 'children'>;

/** A field whose label is exactly the spec's word; 'Optional' sits beside it, not inside it. */
function Field({
  label,
  htmlFor,
  isOptional,
  children,
}: {
  label: string;
  htmlFor: string;
  isOptional?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={htmlFor}>{label}</Label>
        {isOptional && <span className="text-xs text-slate-500">Optional</span>}
      </div>
      {children}
    </div>
  );
}

/** The parent's contact details, the timeline and the family's concerns. */
export function ParentFields({
  draft,
  onChange,
}: {
  draft: ParentDraft;
  onChange: <K extends keyof ParentDraft>(name: K, value: ParentDraft[K]) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Email" htmlFor={`${id}-email`}>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={draft.email}
            onChange={(e) => onChange('email', e.target.value)}
          />
        </Field>
        <Field label="Parent Name" htmlFor={`${id}-parent-name`}>
          <Input
            id={`${id}-parent-name`}
            autoComplete="off"
            value={draft.parent_name}
            onChange={(e) => onChange('parent_name', e.target.value)}
          />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Phone" htmlFor={`${id}-phone`} isOptional>
          <Input
            id={`${id}-phone`}
            type="tel"
            autoComplete="off"
            value={draft.phone}
            onChange={(e) => onChange('phone', e.target.value)}
          />
        </Field>
        <Field label="Timeline" htmlFor={`${id}-timeline`}>
          <Select
            id={`${id}-timeline`}
            value={draft.timeline}
            onChange={(e) => onChange('timeline', e.target.value)}
          >
            {ADMIN_TIMELINES.map((timeline) => (
              <option key={timeline} value={timeline}>
                {timeline}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Timeline Date" htmlFor={`${id}-timeline-date`} isOptional>
          <Input
            id={`${id}-timeline-date`}
            type="date"
            value={draft.timeline_date}
            onChange={(e) => onChange('timeline_date', e.target.value)}
          />
        </Field>
      </div>
      <Field label="Biggest Concerns" htmlFor={`${id}-concerns`} isOptional>
        <Textarea
          id={`${id}-concerns`}
          value={draft.biggest_concerns}
          onChange={(e) => onChange('biggest_concerns', e.target.value)}
        />
      </Field>
    </div>
  );
}
