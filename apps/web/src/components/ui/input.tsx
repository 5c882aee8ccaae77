import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The field look without size or type scale, for inputs that set their own (see CodeInput). */
export const inputBaseStyles = cn(
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-xs',
  'placeholder:text-slate-500 focus:border-indigo-600 focus:ring-2 focus:ring-indigo-600/25 focus:outline-none',
  'disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-500 aria-invalid:ring-red-500/20',
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputBaseStyles, 'h-10 text-sm', className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('block text-sm font-medium text-slate-800', className)} {...props} />;
}

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  hint?: ReactNode;
  /** The field's own problem, shown under it and announced with it. */
  error?: string | null;
};

/** A labelled input with its hint and error tied to it for screen readers. */
export function TextField({ label, hint, error, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
