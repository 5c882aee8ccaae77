import type { Pagination as PageInfo } from '@lantern/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { Button } from './button';

type PaginationProps = {
  pagination: PageInfo;
  onPageChange: (page: number) => void;
  /** Also says which rows are shown: 'Showing 21–40 of 1,250'. */
  showRange?: boolean;
  className?: string;
};

/** Previous, 'Page X of Y', Next; shown only when there is more than one page. */
export function Pagination({ pagination, onPageChange, showRange = false, className }: PaginationProps) {
  const { page, limit, total, totalPages, totalIsEstimate } = pagination;
  if (totalPages <= 1) return null;
  // An estimated total (a very large filtered list) is labelled as one, never shown as a count.
  const about = totalIsEstimate ? 'about ' : '';
  const controls = (
    <>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm font-medium text-slate-700 tabular-nums" aria-live="polite">
        Page {page} of {about}
        {formatCount(totalPages)}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        Next
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </>
  );
  return (
    <nav
      aria-label="Pagination"
      className={cn('flex flex-wrap items-center justify-between gap-3', className)}
    >
      {showRange ? (
        <>
          <RangeShown
            first={(page - 1) * limit + 1}
            last={Math.min(page * limit, total)}
            total={total}
            about={about}
          />
          <div className="flex items-center gap-3">{controls}</div>
        </>
      ) : (
        controls
      )}
    </nav>
  );
}

const figure = 'font-medium text-slate-900 tabular-nums';

function RangeShown({
  first,
  last,
  total,
  about,
}: {
  first: number;
  last: number;
  total: number;
  about: string;
}) {
  return (
    <p className="text-sm text-slate-600">
      Showing <span className={figure}>{formatCount(first)}</span>–
      <span className={figure}>{formatCount(last)}</span> of {about}
      <span className={figure}>{formatCount(total)}</span>
    </p>
  );
}
