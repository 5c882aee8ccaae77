import type { Dashboard } from '@lantern/contracts';
import { Download, Layers, MessageCircleCheck, Send, UserPlus, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/format';

type Statistics = Dashboard['statistics'];
type StatisticCard = { key: keyof Statistics; label: string; icon: LucideIcon; tint: string };

// The spec's six cards, in its order and words.
const cards: StatisticCard[] = [
  { key: 'totalLeads', label: 'Total Leads', icon: Users, tint: 'bg-indigo-50 text-indigo-700' },
  { key: 'newLeadsToday', label: 'New Today', icon: UserPlus, tint: 'bg-emerald-50 text-emerald-700' },
  {
    key: 'completedConversations',
    label: 'Completed Conversations',
    icon: MessageCircleCheck,
    tint: 'bg-sky-50 text-sky-700',
  },
  {
    key: 'resourceDownloads',
    label: 'Resource Downloads',
    icon: Download,
    tint: 'bg-amber-50 text-amber-700',
  },
  { key: 'activeSegments', label: 'Active Segments', icon: Layers, tint: 'bg-violet-50 text-violet-700' },
  { key: 'sentCampaigns', label: 'Campaigns Sent', icon: Send, tint: 'bg-rose-50 text-rose-700' },
];

function CardFrame({ children, isLoading = false }: { children: ReactNode; isLoading?: boolean }) {
  return (
    <li
      data-testid={isLoading ? undefined : 'stat-card'}
      className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      {children}
    </li>
  );
}

export function StatisticCards({ statistics }: { statistics: Statistics }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Statistics">
      {cards.map(({ key, label, icon: Icon, tint }) => (
        <CardFrame key={key}>
          <div className={`flex size-11 shrink-0 items-center justify-center rounded-lg ${tint}`}>
            <Icon className="size-5" aria-hidden="true" />
          </div>
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-slate-600">{label}</p>
            <p data-testid="stat-value" className="text-2xl font-semibold text-slate-900 tabular-nums">
              {formatCount(statistics[key])}
            </p>
          </div>
        </CardFrame>
      ))}
    </ul>
  );
}

export function StatisticCardsSkeleton() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
      {cards.map(({ key }) => (
        <CardFrame key={key} isLoading>
          <Skeleton className="size-11 rounded-lg" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-6 w-16" />
          </div>
        </CardFrame>
      ))}
    </ul>
  );
}
