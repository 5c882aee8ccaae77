import {
  CLEAR_ANALYTICS_MESSAGES,
  type ClearAnalyticsCounts,
  type ClearAnalyticsSummary,
} from '@lantern/contracts';
import { Database, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox';
import { TextField } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useClearAnalytics, useClearAnalyticsPreview } from '../api/clear-analytics';

// Spec 4.4: idle, confirm, running, result summary, dismissed with Done (back to idle).
type Step = { name: 'idle' } | { name: 'confirm' } | { name: 'result'; summary: ClearAnalyticsSummary };

const ROWS: { key: keyof ClearAnalyticsCounts; label: string }[] = [
  { key: 'visitors', label: 'Visitors' },
  { key: 'conversations', label: 'Conversations' },
  { key: 'resourceDownloads', label: 'Resource download records' },
  { key: 'downloadTokens', label: 'Download tokens' },
  { key: 'leads', label: 'Leads' },
];

/** Production Data Management: clearing the analytics data before going live, with a dry run first. */
export function ClearAnalyticsPanel() {
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const clear = useClearAnalytics();
  return (
    <Card aria-labelledby="production-data-title">
      <CardHeader
        icon={<Database className="size-5" aria-hidden="true" />}
        title={<span id="production-data-title">Production Data Management</span>}
        description="Clear the test data (visitors, conversations, downloads) before the widget goes live."
      />
      <CardContent>
        {step.name === 'idle' && (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">{CLEAR_ANALYTICS_MESSAGES.kept}</p>
            <Button variant="secondary" onClick={() => setStep({ name: 'confirm' })}>
              <Trash2 className="size-4" aria-hidden="true" />
              Clear analytics data
            </Button>
          </div>
        )}
        {step.name === 'confirm' && (
          <ConfirmStep
            onCancel={() => {
              clear.reset();
              setStep({ name: 'idle' });
            }}
            onCleared={(summary) => setStep({ name: 'result', summary })}
            clear={clear}
          />
        )}
        {step.name === 'result' && (
          <ResultStep
            summary={step.summary}
            onDone={() => {
              clear.reset();
              setStep({ name: 'idle' });
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}

type ConfirmStepProps = {
  onCancel: () => void;
  onCleared: (summary: ClearAnalyticsSummary) => void;
  clear: ReturnType<typeof useClearAnalytics>;
};

function ConfirmStep({ onCancel, onCleared, clear }: ConfirmStepProps) {
  const preview = useClearAnalyticsPreview(true);
  const [includeLeads, setIncludeLeads] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();

  // Running: the step stays mounted (the request's answer comes back to it), showing only progress.
  if (clear.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner size="sm" /> Clearing analytics data…
      </p>
    );
  if (preview.isPending)
    return (
      <div className="space-y-2" role="status" aria-label="Counting what would be cleared">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-24" />
      </div>
    );
  if (preview.isError)
    return (
      <Alert tone="error" title="Failed to count the analytics data">
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => void preview.refetch()}>
            Try again
          </Button>
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </Alert>
    );

  const { counts, totalWithLeads, totalWithoutLeads, twoFactorRequired } = preview.data;
  const total = includeLeads ? totalWithLeads : totalWithoutLeads;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setProblem(CLEAR_ANALYTICS_MESSAGES.passwordRequired);
    if (twoFactorRequired && !/^\d{6}(\d{2})?$/.test(code))
      return setProblem(CLEAR_ANALYTICS_MESSAGES.codeRequired);
    setProblem(null);
    clear.mutate(
      { password, code: twoFactorRequired ? code : undefined, include_leads: includeLeads },
      {
        onSuccess: (answer) => {
          notify.success(CLEAR_ANALYTICS_MESSAGES.success(answer.summary.totalCleared));
          onCleared(answer.summary);
        },
        onError: (error) => {
          const message = errorMessage(error, CLEAR_ANALYTICS_MESSAGES.failed);
          setProblem(message);
          setCode('');
          notify.error(
            message === CLEAR_ANALYTICS_MESSAGES.failed
              ? message
              : `${CLEAR_ANALYTICS_MESSAGES.failed}: ${message}`,
          );
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-labelledby={titleId} noValidate>
      <p id={titleId} className="text-sm font-semibold text-slate-900">
        This will permanently delete:
      </p>
      <table className="w-full max-w-md text-sm">
        <caption className="sr-only">What clearing would delete</caption>
        <tbody className="divide-y divide-slate-100">
          {ROWS.map(({ key, label }) => (
            <tr key={key} className={key === 'leads' && !includeLeads ? 'text-slate-500' : 'text-slate-800'}>
              <th scope="row" className="py-1.5 text-left font-normal">
                {label}
                {key === 'leads' && !includeLeads && ' (kept)'}
              </th>
              <td className="py-1.5 text-right font-medium tabular-nums">
                {formatCount(key === 'leads' && !includeLeads ? 0 : counts[key])}
              </td>
            </tr>
          ))}
          <tr className="font-semibold text-slate-900">
            <th scope="row" className="py-1.5 text-left">
              Total records
            </th>
            <td className="py-1.5 text-right tabular-nums">{formatCount(total)}</td>
          </tr>
        </tbody>
      </table>
      <CheckboxField
        label={`${CLEAR_ANALYTICS_MESSAGES.includeLeads} (${formatCount(counts.leads)})`}
        checked={includeLeads}
        onChange={(e) => setIncludeLeads(e.target.checked)}
      />
      <p className="text-sm text-slate-700">{CLEAR_ANALYTICS_MESSAGES.kept} This cannot be undone.</p>
      <div className="grid max-w-md gap-4">
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {twoFactorRequired && (
          <TextField
            label="Current 2FA code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            value={code}
            hint="From your authenticator app, or an unused backup code."
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 8))}
            className="font-mono"
          />
        )}
      </div>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={total === 0}>
          <Trash2 className="size-4" aria-hidden="true" />
          {`Clear ${formatCount(total)} records`}
        </Button>
      </div>
    </form>
  );
}

function ResultStep({ summary, onDone }: { summary: ClearAnalyticsSummary; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <Alert tone="success" title={CLEAR_ANALYTICS_MESSAGES.success(summary.totalCleared)}>
        <dl className="mt-1 grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-0.5">
          {ROWS.map(({ key, label }) => (
            <div key={key} className="contents">
              <dt>{label}</dt>
              <dd className="text-right font-medium tabular-nums">{formatCount(summary[key])}</dd>
            </div>
          ))}
        </dl>
      </Alert>
      <Button onClick={onDone}>Done</Button>
    </div>
  );
}
