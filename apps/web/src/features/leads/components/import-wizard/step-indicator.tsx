import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { WizardStep } from './use-import-wizard';

export const WIZARD_STEPS = ['Upload CSV', 'Validate Data', 'Preview & Import', 'Import Results'] as const;

/** The wizard's four steps, the current one marked; on a phone only the current step is named. */
export function StepIndicator({ current }: { current: WizardStep }) {
  return (
    <nav aria-label="Import steps" className="mb-6">
      <ol className="flex items-center gap-2">
        {WIZARD_STEPS.map((label, index) => {
          const isDone = index < current;
          const isCurrent = index === current;
          return (
            <li
              key={label}
              aria-current={isCurrent ? 'step' : undefined}
              className={cn('flex min-w-0 items-center gap-2', index < WIZARD_STEPS.length - 1 && 'flex-1')}
            >
              <span
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                  isDone && 'bg-indigo-600 text-white',
                  isCurrent && 'bg-indigo-600 text-white ring-4 ring-indigo-100',
                  !isDone && !isCurrent && 'border border-slate-300 bg-white text-slate-500',
                )}
              >
                {isDone ? <Check className="size-4" aria-hidden="true" /> : index + 1}
              </span>
              <span
                className={cn(
                  'text-sm leading-tight',
                  isCurrent
                    ? 'font-semibold whitespace-nowrap text-slate-900 sm:whitespace-normal'
                    : 'sr-only text-slate-600 sm:not-sr-only',
                )}
              >
                {label}
                {isDone && <span className="sr-only"> (done)</span>}
              </span>
              {index < WIZARD_STEPS.length - 1 && (
                <span
                  aria-hidden="true"
                  className={cn('h-px min-w-4 flex-1', isDone ? 'bg-indigo-600' : 'bg-slate-200')}
                />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
