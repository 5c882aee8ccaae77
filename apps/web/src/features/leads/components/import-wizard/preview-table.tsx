import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';

/** One row of a preview tab: the file line, who it is, and what the check said. */
export type PreviewRow = {
  lineNumber: number;
  email: string;
  parent: string;
  children: string;
  notes?: string[];
};

const PAGE_SIZE = 50;
const headCell =
  'px-3 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase';

/** A tab's rows, 50 at a time (a file can hold tens of thousands). */
export function PreviewTable({
  caption,
  rows,
  notesLabel,
  notesTone = 'error',
  emptyText,
}: {
  caption: string;
  rows: PreviewRow[];
  /** The last column's heading (Errors, Reason, Warnings); none on the valid tab. */
  notesLabel?: string;
  notesTone?: 'error' | 'warning' | 'neutral';
  emptyText: string;
}) {
  const [page, setPage] = useState(0);
  if (rows.length === 0) {
    return <p className="rounded-lg bg-slate-50 px-4 py-8 text-center text-sm text-slate-600">{emptyText}</p>;
  }
  const pages = Math.ceil(rows.length / PAGE_SIZE);
  const shown = rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const first = page * PAGE_SIZE + 1;
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200">
      <div className="max-h-[22rem] overflow-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50">
            <tr>
              <th scope="col" className={cn(headCell, 'w-16')}>
                Line
              </th>
              <th scope="col" className={headCell}>
                Email
              </th>
              <th scope="col" className={headCell}>
                Parent
              </th>
              <th scope="col" className={headCell}>
                Children
              </th>
              {notesLabel && (
                <th scope="col" className={headCell}>
                  {notesLabel}
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {shown.map((row) => (
              <tr key={row.lineNumber} className="align-top">
                <td className="px-3 py-2.5 text-slate-500 tabular-nums">{row.lineNumber}</td>
                <td className="max-w-64 min-w-44 px-3 py-2.5 font-medium text-slate-900 [overflow-wrap:anywhere]">
                  {row.email || <span className="font-normal text-slate-400 italic">none</span>}
                </td>
                <td className="min-w-28 px-3 py-2.5 text-slate-700">{row.parent}</td>
                <td className="min-w-32 px-3 py-2.5 text-slate-700">{row.children}</td>
                {notesLabel && (
                  <td
                    className={cn(
                      'min-w-48 px-3 py-2.5',
                      notesTone === 'error' && 'text-red-800',
                      notesTone === 'warning' && 'text-amber-900',
                      notesTone === 'neutral' && 'text-slate-700',
                    )}
                  >
                    <ul className="space-y-0.5">
                      {row.notes?.map((note) => (
                        <li key={note}>{note}</li>
                      ))}
                    </ul>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <div className="flex items-center justify-between gap-3 border-t border-slate-200 bg-slate-50 px-3 py-2">
          <p className="text-xs text-slate-600 tabular-nums">
            Rows {formatCount(first)}–{formatCount(first + shown.length - 1)} of {formatCount(rows.length)}
          </p>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-label="Previous rows"
              disabled={page === 0}
              onClick={() => setPage(page - 1)}
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label="Next rows"
              disabled={page >= pages - 1}
              onClick={() => setPage(page + 1)}
            >
              <ChevronRight className="size-4" aria-hidden="true" />
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
