import { ANALYTICS_MESSAGES, emailHealthGrade, emailHealthWarns, type EmailHealth } from '@lantern/contracts';
import { Mail, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { countOf, formatCount, formatDateTime } from '@/lib/format';
import { useEmailHealth } from '../../api/get-email-health';
import { useSendTestWebhook, useWebhookStats } from '../../api/webhooks';
import { useFailureToast } from '../../hooks/use-failure-toast';
import { percent } from '../figures';
import { ToneBadge, type Tone } from '../tone';

const GRADE_TONE: Record<ReturnType<typeof emailHealthGrade>, Tone> = {
  Excellent: 'green',
  Good: 'green',
  Fair: 'yellow',
  Poor: 'red',
};

/** The email-health card (spec 2.3): the counts, the grade, the warning above 5% and the webhook. */
export function EmailHealthCard() {
  const health = useEmailHealth();
  useFailureToast(health, ANALYTICS_MESSAGES.loadEmailHealth);
  return (
    <Card aria-labelledby="email-health-title">
      <CardHeader
        title={<span id="email-health-title">Email health</span>}
        icon={<Mail className="size-5" aria-hidden="true" />}
        actions={
          health.data && (
            <ToneBadge tone={GRADE_TONE[emailHealthGrade(health.data.unsubscribe_rate)]}>
              Grade: {emailHealthGrade(health.data.unsubscribe_rate)}
            </ToneBadge>
          )
        }
      />
      <CardContent>
        {health.data ? (
          <EmailHealthFigures health={health.data} />
        ) : health.isError ? (
          <p className="text-sm text-red-700">{ANALYTICS_MESSAGES.loadEmailHealth}</p>
        ) : (
          <div role="status" aria-label="Loading email health" className="space-y-2">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-5 w-40" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function EmailHealthFigures({ health }: { health: EmailHealth }) {
  const rows: [string, string][] = [
    ['Total', formatCount(health.total)],
    ['Subscribed', formatCount(health.subscribed)],
    ['Unsubscribed', formatCount(health.unsubscribed)],
    ['Bounced', formatCount(health.bounced)],
    ['Unsubscribe rate', percent(health.unsubscribe_rate)],
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-5">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {emailHealthWarns(health.unsubscribe_rate) && (
        <p
          role="alert"
          className="mt-4 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          The unsubscribe rate is above 5%: review how often and what you email.
        </p>
      )}
      <p className="mt-4 text-sm text-slate-700">
        Webhook:{' '}
        {health.webhook_config.secret_configured ? (
          <ToneBadge tone="green">Secret configured</ToneBadge>
        ) : (
          <ToneBadge tone="yellow">No secret configured</ToneBadge>
        )}
      </p>
      <WebhookActivity />
    </>
  );
}

/**
 * What the provider's webhooks delivered (GET /api/webhooks/stats) and a signed test event sent
 * through the real receiver (POST /api/webhooks/test), so the school can check the connection.
 */
function WebhookActivity() {
  const stats = useWebhookStats();
  const test = useSendTestWebhook();
  const s = stats.data;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
      {s ? (
        <p>
          {s.total_events === 0
            ? 'No webhook events received yet.'
            : `${countOf(s.total_events, 'event', 'events')} received, the last on ${formatDateTime(s.last_received_at!)}.`}
          {s.failures > 0 && ` ${countOf(s.failures, 'event', 'events')} could not be applied.`}
          {s.rejected_since_start > 0 &&
            ` ${countOf(s.rejected_since_start, 'delivery', 'deliveries')} refused (bad signature or body) since the server started.`}
        </p>
      ) : stats.isError ? (
        <p>Webhook activity could not be loaded.</p>
      ) : null}
      <Button variant="secondary" size="sm" isLoading={test.isPending} onClick={() => test.mutate()}>
        Send test event
      </Button>
      <p role="status" className={test.data && !test.data.ok ? 'text-red-700' : 'text-slate-700'}>
        {test.data
          ? test.data.message
          : test.isError
            ? errorMessage(test.error, 'The test event could not be sent.')
            : ''}
      </p>
    </div>
  );
}
