import type { ImportResult } from '@lantern/contracts';
import { CircleCheck, CircleX, RefreshCw, SkipForward, TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { CountCards, type CountCard } from './count-cards';
import { PROBLEM_LIST_LIMIT, ProblemList } from './problem-list';

function SkippedRows({ skipped }: { skipped: ImportResult['results']['details']['skipped'] }) {
  if (skipped.length === 0) return null;
  const more = skipped.length - PROBLEM_LIST_LIMIT;
  return (
    <details className="group rounded-xl border border-slate-200 bg-white">
      <summary className="cursor-pointer px-4 py-2.5 text-sm font-medium text-slate-800">
        Skipped rows ({formatCount(skipped.length)})
      </summary>
      <ul className="divide-y divide-slate-100 border-t border-slate-100 text-sm">
        {skipped.slice(0, PROBLEM_LIST_LIMIT).map((row) => (
          <li key={row.lineNumber} className="flex flex-wrap gap-x-3 gap-y-1 px-4 py-2">
            <span className="text-slate-500 tabular-nums">Line {row.lineNumber}</span>
            <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{row.email}</span>
            <span className="text-slate-600">{row.reason}</span>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="border-t border-slate-100 px-4 py-2.5 text-sm text-slate-600">
          ... and {formatCount(more)} more skipped
        </p>
      )}
    </details>
  );
}

/** Step 3: what the import did; errors listed by file line so the file can be fixed. */
export function ResultsStep({ result }: { result: ImportResult }) {
  const { created, updated, skipped, errors, details } = result.results;
  const cards: CountCard[] = [
    { label: 'Created', value: created, tone: 'success', icon: CircleCheck },
    ...(updated > 0 ? [{ label: 'Updated', value: updated, tone: 'info', icon: RefreshCw } as const] : []),
    { label: 'Skipped', value: skipped, tone: 'neutral', icon: SkipForward },
    { label: 'Errors', value: errors, tone: 'error', icon: CircleX },
  ];
  return (
    <div className="space-y-5">
      <div className="flex items-start gap-3" role="status">
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-full',
            errors === 0 ? 'bg-emerald-50 text-emerald-600' : 'bg-amber-50 text-amber-600',
          )}
        >
          {errors === 0 ? (
            <CircleCheck className="size-6" aria-hidden="true" />
          ) : (
            <TriangleAlert className="size-6" aria-hidden="true" />
          )}
        </span>
        <div>
          <p className="font-semibold text-slate-900">
            {errors === 0 ? 'Import finished' : 'Import finished with errors'}
          </p>
          <p className="mt-0.5 text-sm text-slate-600">
            {errors === 0
              ? 'The leads list is up to date. This window closes by itself in a moment.'
              : 'The leads list is up to date. Fix the rows below in your file and import it again: leads already imported are skipped as duplicates.'}
          </p>
        </div>
      </div>
      <CountCards cards={cards} />
      {errors > 0 && (
        <ProblemList
          title={`${formatCount(errors)} ${errors === 1 ? 'row' : 'rows'} could not be imported`}
          problems={details.errors.map((e) => ({
            lineNumber: e.lineNumber,
            email: e.email,
            messages: [e.error],
          }))}
        />
      )}
      <SkippedRows skipped={details.skipped} />
    </div>
  );
}
