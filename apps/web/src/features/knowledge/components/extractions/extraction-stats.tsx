import type { ExtractionStats } from '@lantern/contracts';
import { CircleCheck, CircleX, Clock, Gauge, ScanText } from 'lucide-react';
import { formatCount } from '@/lib/format';
import { useExtractionStats } from '../../api/get-extraction-stats';
import { percent } from '../format';
import { StatCards, StatCardsSkeleton } from '../stat-cards';

function cardsOf(stats: ExtractionStats) {
  return [
    {
      label: 'Total Extractions',
      value: formatCount(stats.total),
      icon: ScanText,
      tint: 'bg-indigo-50 text-indigo-700',
    },
    {
      label: 'Pending Review',
      value: formatCount(stats.byStatus.pending),
      icon: Clock,
      tint: 'bg-amber-50 text-amber-800',
    },
    {
      label: 'Approved',
      value: formatCount(stats.byStatus.approved),
      icon: CircleCheck,
      tint: 'bg-emerald-50 text-emerald-700',
    },
    {
      label: 'Rejected',
      value: formatCount(stats.byStatus.rejected),
      icon: CircleX,
      tint: 'bg-red-50 text-red-700',
    },
    {
      label: 'Avg Confidence',
      value: stats.total > 0 ? percent(stats.averageConfidence) : '–',
      icon: Gauge,
      tint: 'bg-sky-50 text-sky-700',
    },
  ];
}

/** The extractions' statistics: total, by status and the mean confidence (spec 2.1). */
export function ExtractionStatsHeader() {
  const stats = useExtractionStats();
  // A failure here is told by the list below (the same 'Failed to load text extractions'); no second alarm.
  if (!stats.data) return stats.isError ? null : <StatCardsSkeleton count={5} label="Loading statistics" />;
  return <StatCards label="Text extraction statistics" cards={cardsOf(stats.data)} />;
}
