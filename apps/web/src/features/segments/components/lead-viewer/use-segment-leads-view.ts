import { useCallback, useMemo, useState } from 'react';
import type { SegmentLeadsViewQuery } from '../../api/segment-leads';

export type ScoreFilter = SegmentLeadsViewQuery['score'];
export type AssignmentFilter = SegmentLeadsViewQuery['assignment'];

/** The viewer's page, search, filters and selection; a new search or filter goes back to page 1. */
export function useSegmentLeadsView() {
  const [page, setPage] = useState(1);
  const [search, setSearchValue] = useState('');
  const [score, setScoreValue] = useState<ScoreFilter>('all');
  const [assignment, setAssignmentValue] = useState<AssignmentFilter>('all');
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());

  const setSearch = useCallback((value: string) => {
    setSearchValue(value);
    setPage(1);
  }, []);
  const setScore = useCallback((value: ScoreFilter) => {
    setScoreValue(value);
    setPage(1);
  }, []);
  const setAssignment = useCallback((value: AssignmentFilter) => {
    setAssignmentValue(value);
    setPage(1);
  }, []);

  const select = useCallback((ids: string[], isSelected: boolean) => {
    setSelectedIds((previous) => {
      const next = new Set(previous);
      for (const id of ids) {
        if (isSelected) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clearSelection = useCallback(() => setSelectedIds(new Set()), []);

  const query = useMemo<SegmentLeadsViewQuery>(
    () => ({ page, search, score, assignment }),
    [page, search, score, assignment],
  );

  return {
    query,
    hasFilters: search !== '' || score !== 'all' || assignment !== 'all',
    setPage,
    setSearch,
    setScore,
    setAssignment,
    selectedIds,
    select,
    clearSelection,
  };
}
