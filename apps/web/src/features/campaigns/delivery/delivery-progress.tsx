import { deliveryProgressText, type CampaignDelivery } from '@lantern/contracts';
import { Pause, Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatCount, formatDateTime } from '@/lib/format';

const STATUS_TEXT: Record<CampaignDelivery['status'], string> = {
  preparing: 'Preparing recipients…',
  sending: 'Sending',
  paused: 'Paused',
  completed: 'Completed',
};

const barTone: Record<CampaignDelivery['status'], string> = {
  preparing: 'bg-indigo-600',
  sending: 'bg-indigo-600',
  paused: 'bg-amber-500',
  completed: 'bg-emerald-600',
};

/** How far the send is: the messages done (sent, failed or skipped) of the total. */
export function deliveryPercent(d: Pick<CampaignDelivery, 'total' | 'sent' | 'failed' | 'skipped'>) {
  if (d.total <= 0) return 0;
  return Math.min(100, Math.round(((d.sent + d.failed + d.skipped) / d.total) * 100));
}

type DeliveryProgressProps = {
  delivery: CampaignDelivery;
  campaignName: string;
  /** The campaign's sent date, shown once completed (not in the compact form). */
  sentAt?: string | null;
  /** Pause (sending) and Resume (paused), when the campaign's actions offer them. */
  onPause?: () => void;
  onResume?: () => void;
  isBusy?: boolean;
  /** The table's compact form, or the preview modal's fuller one. */
  compact?: boolean;
};

/**
 * A send's progress (issue 23): 'sent X of Y' with a bar, failed and skipped counts when not zero,
 * the reason when paused (with Resume), and the sent date when completed.
 */
export function DeliveryProgress({
  delivery,
  campaignName,
  sentAt,
  onPause,
  onResume,
  isBusy = false,
  compact = false,
}: DeliveryProgressProps) {
  const percent = deliveryPercent(delivery);
  const progress = deliveryProgressText(delivery);
  const extra = [
    delivery.failed > 0 ? `${formatCount(delivery.failed)} failed` : null,
    delivery.skipped > 0 ? `${formatCount(delivery.skipped)} skipped` : null,
  ].filter(Boolean);
  // The table's Dates column already shows the sent date; the preview modal shows it here.
  const finished = delivery.status === 'completed' && !compact ? (sentAt ?? delivery.finished_at) : null;
  return (
    <div
      className={cn('space-y-1.5', compact ? 'w-32' : 'rounded-lg border border-slate-200 bg-slate-50 p-4')}
      data-testid="delivery-progress"
    >
      <p className="text-xs font-medium text-slate-900" data-testid="delivery-progress-text">
        {progress}
      </p>
      <div
        role="progressbar"
        aria-label={`Sending ${campaignName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${progress} (${STATUS_TEXT[delivery.status].replace('…', '')})`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn('h-full rounded-full transition-[width] duration-500', barTone[delivery.status])}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-slate-700">{[STATUS_TEXT[delivery.status], ...extra].join(' · ')}</p>
      {delivery.status === 'paused' && delivery.paused_reason && (
        <p
          className={cn('text-xs text-amber-900 [overflow-wrap:anywhere]', compact && 'line-clamp-3')}
          title={compact ? delivery.paused_reason : undefined}
          data-testid="delivery-paused-reason"
        >
          {delivery.paused_reason}
        </p>
      )}
      {finished && <p className="text-xs text-slate-700">Sent {formatDateTime(finished)}</p>}
      {delivery.status === 'paused' && onResume && (
        <Button size="sm" variant="secondary" isLoading={isBusy} onClick={onResume}>
          {!isBusy && <Play className="size-3.5" aria-hidden="true" />}
          Resume
        </Button>
      )}
      {(delivery.status === 'sending' || delivery.status === 'preparing') && onPause && !compact && (
        <Button size="sm" variant="secondary" isLoading={isBusy} onClick={onPause}>
          {!isBusy && <Pause className="size-3.5" aria-hidden="true" />}
          Pause
        </Button>
      )}
    </div>
  );
}
