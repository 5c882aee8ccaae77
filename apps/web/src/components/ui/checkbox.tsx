import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The checkbox look: native, so it is labelled, focused and toggled the usual way. */
export const checkboxStyles =
  'size-4 shrink-0 cursor-pointer rounded border-slate-400 accent-indigo-600 disabled:cursor-not-allowed';

export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="checkbox" className={cn(checkboxStyles, className)} {...props} />;
}

/** A checkbox with its text as the label: the whole line toggles it. */
export function CheckboxField({
  label,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode }) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-2 rounded-md px-1 py-1 text-sm text-slate-800 hover:bg-slate-50',
        className,
      )}
    >
      <Checkbox className="mt-0.5" {...props} />
      <span>{label}</span>
    </label>
  );
}
