import type { Pagination } from '@lantern/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

const numberFormat = new Intl.NumberFormat();

/** Previous, 'Page X of Y', Next; shown only when there is more than one page (spec). */
export function LeadPagination({
  pagination,
  onPageChange,
}: {
  pagination: Pagination;
  onPageChange: (page: number) => void;
}) {
  const { page, limit, total, totalPages } = pagination;
  if (totalPages <= 1) return null;
  const first = (page - 1) * limit + 1;
  const last = Math.min(page * limit, total);
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 sm:px-6"
    >
      <p className="text-sm text-slate-600">
        Showing <span className="font-medium text-slate-900 tabular-nums">{first}</span>–
        <span className="font-medium text-slate-900 tabular-nums">{last}</span> of{' '}
        <span className="font-medium text-slate-900 tabular-nums">{numberFormat.format(total)}</span>
      </p>
      <div className="flex items-center gap-3">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </Button>
        <p className="text-sm font-medium text-slate-700 tabular-nums" aria-live="polite">
          Page {page} of {totalPages}
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
      </div>
    </nav>
  );
}
