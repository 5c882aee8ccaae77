import { useId } from 'react';
import { SearchBox } from '@/components/ui/search-box';
import { Select } from '@/components/ui/select';
import type { AssignmentFilter, ScoreFilter } from './use-segment-leads-view';

const scoreOptions: { value: ScoreFilter; label: string }[] = [
  { value: 'all', label: 'All scores' },
  { value: 'high', label: 'High (70+)' },
  { value: 'medium', label: 'Medium (40-69)' },
  { value: 'low', label: 'Low (below 40)' },
];
const assignmentOptions: { value: AssignmentFilter; label: string }[] = [
  { value: 'all', label: 'All assignments' },
  { value: 'manual', label: 'Manual' },
  { value: 'auto', label: 'Auto' },
];

type SegmentLeadsFiltersProps = {
  score: ScoreFilter;
  assignment: AssignmentFilter;
  onSearch: (value: string) => void;
  onScore: (value: ScoreFilter) => void;
  onAssignment: (value: AssignmentFilter) => void;
};

/** Search, score and assignment filters of the viewer; each change goes back to page 1. */
export function SegmentLeadsFilters({
  score,
  assignment,
  onSearch,
  onScore,
  onAssignment,
}: SegmentLeadsFiltersProps) {
  const scoreId = useId();
  const assignmentId = useId();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="min-w-56 flex-1">
        <SearchBox
          label="Search leads in this segment"
          placeholder="Search name, email or phone"
          onSearch={onSearch}
        />
      </div>
      <label htmlFor={scoreId} className="sr-only">
        Score
      </label>
      <Select
        id={scoreId}
        value={score}
        onChange={(event) => onScore(event.target.value as ScoreFilter)}
        className="w-full sm:w-44"
      >
        {scoreOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      <label htmlFor={assignmentId} className="sr-only">
        Assignment
      </label>
      <Select
        id={assignmentId}
        value={assignment}
        onChange={(event) => onAssignment(event.target.value as AssignmentFilter)}
        className="w-full sm:w-44"
      >
        {assignmentOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
