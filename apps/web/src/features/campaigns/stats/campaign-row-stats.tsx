import type { CampaignSummary } from '@lantern/contracts';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/format';
import { useCampaignStats } from './api';
import { statsSummary } from './format';

/** Whether a campaign has results to show: its send has started. */
export const hasResults = (campaign: Pick<CampaignSummary, 'publish_status'>) =>
  campaign.publish_status === 'sent';

/**
 * A sent campaign's results in its table row: '33.3% opened · 66.7% clicked', the counts in the
 * accessible name. Nothing for campaigns not sent; a failed load shows nothing rather than a guess.
 */
export function CampaignRowStats({ campaign }: { campaign: Pick<CampaignSummary, 'id' | 'publish_status'> }) {
  const isSent = hasResults(campaign);
  const query = useCampaignStats(campaign.id, isSent);
  if (!isSent) return null;
  const stats = query.data;
  if (!stats) return query.isPending ? <Skeleton className="mt-1.5 h-3 w-28" /> : null;
  const counts = `${formatCount(stats.opens)} opens, ${formatCount(stats.clicks)} clicks of ${formatCount(stats.sent)} sent`;
  const [opened, clicked] = statsSummary(stats, stats.open_tracking || stats.opens > 0).split(' · ');
  return (
    <p
      className="mt-1 max-w-40 text-xs whitespace-normal text-slate-600 tabular-nums"
      title={counts}
      data-testid="row-stats"
    >
      <span className="sr-only">{counts}: </span>
      <span className="whitespace-nowrap">{opened}</span>
      {clicked && (
        <>
          {' · '}
          <span className="whitespace-nowrap">{clicked}</span>
        </>
      )}
    </p>
  );
}
