import { ANALYTICS_MESSAGES, emailHealthGrade, emailHealthWarns, type EmailHealth } from '@lantern/contracts';
import { Mail, TriangleAlert } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/format';
import { useEmailHealth } from '../../api/get-email-health';
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
    </>
  );
}
