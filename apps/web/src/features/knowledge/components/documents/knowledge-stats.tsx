import {
  chunkSizeHint,
  KNOWLEDGE_CHUNK_TARGET_TOKENS,
  KNOWLEDGE_MESSAGES,
  type KnowledgeStats,
} from '@lantern/contracts';
import { Cpu, Layers, Ruler, Tags } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useKnowledgeStats } from '../../api/get-knowledge-stats';
import { LoadFailed } from '../load-failed';
import { StatCards, StatCardsSkeleton } from '../stat-cards';

const SIZE_HINTS = {
  // Documents are chunked to the target; an average below 300 means short documents, not a fault.
  small: {
    text: `Below the ${KNOWLEDGE_CHUNK_TARGET_TOKENS}-token target (short documents)`,
    tone: 'text-slate-600',
  },
  optimal: { text: 'Optimal size (300 to 700 tokens)', tone: 'text-emerald-800' },
  large: { text: 'Large chunks (over 700 tokens)', tone: 'text-amber-800' },
} as const;

function cardsOf(stats: KnowledgeStats) {
  const hint = stats.totalChunks > 0 ? SIZE_HINTS[chunkSizeHint(stats.averageChunkSize)] : null;
  return [
    {
      label: 'Total Chunks',
      value: formatCount(stats.totalChunks),
      icon: Layers,
      tint: 'bg-indigo-50 text-indigo-700',
    },
    {
      label: 'With Embeddings',
      value: formatCount(stats.chunksWithEmbeddings),
      hint:
        stats.search_mode === 'hybrid'
          ? 'Search mode: hybrid (embeddings + keywords)'
          : 'Search mode: lexical (keywords; no embeddings provider)',
      icon: Cpu,
      tint: 'bg-violet-50 text-violet-700',
    },
    { label: 'Categories', value: formatCount(stats.categories), icon: Tags, tint: 'bg-sky-50 text-sky-700' },
    {
      label: 'Avg Chunk Size',
      value: `${formatCount(stats.averageChunkSize)} tokens`,
      hint: hint ? <span className={`font-medium ${hint.tone}`}>{hint.text}</span> : 'No chunks yet',
      icon: Ruler,
      tint: 'bg-emerald-50 text-emerald-700',
    },
  ];
}

/** The statistics header of the documents tab (spec 2.1), with the search mode in use. */
export function KnowledgeStatsHeader() {
  const stats = useKnowledgeStats();
  if (stats.data) return <StatCards label="Knowledge base statistics" cards={cardsOf(stats.data)} />;
  if (stats.isError) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white">
        <LoadFailed
          message={errorMessage(stats.error, KNOWLEDGE_MESSAGES.statsFailed)}
          onRetry={() => void stats.refetch()}
          isRetrying={stats.isFetching}
        />
      </div>
    );
  }
  return <StatCardsSkeleton label="Loading statistics" />;
}
