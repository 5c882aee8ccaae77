import type { ConversationDetail } from '@lantern/contracts';
import { CircleCheck, CircleDashed } from 'lucide-react';
import { cn } from '@/lib/cn';
import { completedStepCount, CONTEXT_STEP_LABELS, CONTEXT_STEPS, contextSteps } from '../../context-steps';

/** The four intake steps, each completed or pending, and the progress out of four. */
export function ContextEvolution({ conversation }: { conversation: ConversationDetail }) {
  const steps = contextSteps(conversation);
  const done = completedStepCount(steps);
  return (
    <div>
      <div className="flex items-center justify-between text-sm">
        <p id="context-progress" className="font-medium text-slate-900">
          Progress: {done} of {CONTEXT_STEPS.length}
        </p>
      </div>
      <div
        role="progressbar"
        aria-labelledby="context-progress"
        aria-valuemin={0}
        aria-valuemax={CONTEXT_STEPS.length}
        aria-valuenow={done}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-indigo-600"
          style={{ width: `${(done / CONTEXT_STEPS.length) * 100}%` }}
        />
      </div>
      <ol className="mt-5 space-y-2">
        {CONTEXT_STEPS.map((step, index) => {
          const isDone = steps[step];
          const Icon = isDone ? CircleCheck : CircleDashed;
          return (
            <li
              key={step}
              className={cn(
                'flex items-center gap-3 rounded-lg border px-4 py-3 text-sm',
                isDone ? 'border-emerald-200 bg-emerald-50' : 'border-slate-200 bg-white',
              )}
            >
              <Icon
                className={cn('size-5', isDone ? 'text-emerald-700' : 'text-slate-400')}
                aria-hidden="true"
              />
              <span className="font-medium text-slate-900">
                {index + 1}. {CONTEXT_STEP_LABELS[step]}
              </span>
              <span
                className={cn('ml-auto text-xs font-medium', isDone ? 'text-emerald-800' : 'text-slate-600')}
              >
                {isDone ? 'Completed' : 'Pending'}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
