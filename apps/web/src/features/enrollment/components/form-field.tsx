import { CircleAlert, ChevronDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { inputBaseStyles, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';

// 16 px text on phones: smaller text makes iOS zoom the page on focus.
const controlStyles = cn(inputBaseStyles, 'text-base sm:text-sm');

export const errorIdOf = (fieldId: string) => `${fieldId}-error`;

/** aria-invalid and aria-describedby of a control whose problem (if any) is shown under it. */
export function describedByError(fieldId: string, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorIdOf(fieldId) : undefined,
  } as const;
}

export function FieldError({ fieldId, message }: { fieldId: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={errorIdOf(fieldId)} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}

type FieldProps = {
  fieldId: string;
  label: ReactNode;
  error?: string;
  isOptional?: boolean;
  className?: string;
  children: ReactNode;
};

/** A label, its control and the control's problem; 'Optional' sits beside the label, not inside it. */
export function Field({ fieldId, label, error, isOptional, className, children }: FieldProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={fieldId}>{label}</Label>
        {isOptional && <span className="text-xs text-slate-500">Optional</span>}
      </div>
      {children}
      <FieldError fieldId={fieldId} message={error} />
    </div>
  );
}

export function TextInput({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(controlStyles, 'h-11', className)} {...props} />;
}

export function SelectInput({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select className={cn(controlStyles, 'h-11 cursor-pointer appearance-none pr-10')} {...props}>
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
    </div>
  );
}

export function TextArea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(controlStyles, 'py-2.5', className)} {...props} />;
}
