import { ADMIN_TIMELINES } from '@lantern/contracts';
import { useId, type ReactNode } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { NewLeadDraft } from './new-lead-draft';

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
export function ParentFields({ register }: { register: UseFormRegister<NewLeadDraft> }) {
  const id = useId();
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Email" htmlFor={`${id}-email`}>
          <Input id={`${id}-email`} type="email" autoComplete="off" {...register('email')} />
        </Field>
        <Field label="Parent Name" htmlFor={`${id}-parent-name`}>
          <Input id={`${id}-parent-name`} autoComplete="off" {...register('parent_name')} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Phone" htmlFor={`${id}-phone`} isOptional>
          <Input id={`${id}-phone`} type="tel" autoComplete="off" {...register('phone')} />
        </Field>
        <Field label="Timeline" htmlFor={`${id}-timeline`}>
          <Select id={`${id}-timeline`} {...register('timeline')}>
            {ADMIN_TIMELINES.map((timeline) => (
              <option key={timeline} value={timeline}>
                {timeline}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Timeline Date" htmlFor={`${id}-timeline-date`} isOptional>
          <Input id={`${id}-timeline-date`} type="date" {...register('timeline_date')} />
        </Field>
      </div>
      <Field label="Biggest Concerns" htmlFor={`${id}-concerns`} isOptional>
        <Textarea id={`${id}-concerns`} {...register('biggest_concerns')} />
      </Field>
    </div>
  );
}
