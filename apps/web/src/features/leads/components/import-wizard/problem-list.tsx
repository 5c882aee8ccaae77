import type { ReactNode } from 'react';
import { formatCount } from '@/lib/format';

/** Spec 8/9: the wizard lists up to 10 rows, then '... and N more errors'. */
export const PROBLEM_LIST_LIMIT = 10;

export type RowProblem = { lineNumber: number; email: string; messages: string[] };

/** Rows of the file with what is wrong with them, by line number. */
export function ProblemList({
  title,
  problems,
  moreText = (count) => `... and ${count} more errors`,
}: {
  title: ReactNode;
  problems: RowProblem[];
  /** The line after the list; gets the number of rows not shown, formatted. */
  moreText?: (count: string) => string;
}) {
  const shown = problems.slice(0, PROBLEM_LIST_LIMIT);
  const more = problems.length - shown.length;
  return (
    <section className="rounded-xl border border-red-200 bg-white">
      <h3 className="border-b border-red-100 bg-red-50/60 px-4 py-2.5 text-sm font-semibold text-red-900">
        {title}
      </h3>
      <ul className="divide-y divide-slate-100">
        {shown.map((problem) => (
          <li key={problem.lineNumber} className="flex gap-3 px-4 py-3 text-sm">
            <span className="mt-0.5 shrink-0 self-start rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 tabular-nums">
              Line {problem.lineNumber}
            </span>
            <div className="min-w-0">
              <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                {problem.email || <span className="text-slate-500 italic">No email</span>}
              </p>
              <ul className="mt-1 list-disc space-y-0.5 pl-4 text-red-800">
                {problem.messages.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="border-t border-slate-100 px-4 py-2.5 text-sm text-slate-600">
          {moreText(formatCount(more))}
        </p>
      )}
    </section>
  );
}
