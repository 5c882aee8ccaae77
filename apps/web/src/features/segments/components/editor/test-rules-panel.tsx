import type { RuleTestResult } from '@lantern/contracts';
import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { ScoreBadge } from '@/components/ui/score-badge';
import { Spinner } from '@/components/ui/spinner';
import { formatCount } from '@/lib/format';

// Spec 9: the sample lists show at most 3 leads each.
const MAX_SAMPLES = 3;

export type TestRulesState =
  | { status: 'idle' }
  | { status: 'testing' }
  | { status: 'problem'; message: string }
  | { status: 'failed'; message: string }
  | { status: 'done'; result: RuleTestResult; isStale: boolean };

type SampleLead = RuleTestResult['matching_leads'][number];

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2.5">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

function SampleList({ title, leads, empty }: { title: string; leads: SampleLead[]; empty: string }) {
  return (
    <div className="min-w-0">
      <h4 className="text-xs font-semibold text-slate-700">{title}</h4>
      {leads.length === 0 ? (
        <p className="mt-1.5 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-1.5 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {leads.slice(0, MAX_SAMPLES).map((lead) => (
            <li key={lead.id} className="flex items-center gap-3 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">
                  {lead.parent_name || lead.email}
                </p>
                <p className="truncate text-xs text-slate-600">
                  {[lead.email, lead.child_name].filter(Boolean).join(' · ')}
                </p>
              </div>
              <ScoreBadge score={lead.lead_score} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TestResult({ result, isStale }: { result: RuleTestResult; isStale: boolean }) {
  return (
    <div className="space-y-4">
      {isStale && (
        <Alert tone="warning">
          The rules have changed since this test. Run Test First again to update it.
        </Alert>
      )}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat label="Total leads" value={formatCount(result.total_leads)} />
        <Stat label="Matching" value={formatCount(result.matching_count)} />
        <Stat label="Excluded" value={formatCount(result.excluded_count)} />
        <Stat label="Match rate" value={`${Number(result.match_percentage.toFixed(1))}%`} />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <SampleList title="Sample matching leads" leads={result.matching_leads} empty="No leads match." />
        <SampleList
          title="Sample excluded leads"
          leads={result.excluded_leads}
          empty="No leads are excluded."
        />
      </div>
    </div>
  );
}

function body(state: TestRulesState): ReactNode {
  switch (state.status) {
    case 'idle':
      return (
        <p className="text-sm text-slate-600">
          Use Test First to see how many leads these rules match before you save.
        </p>
      );
    case 'testing':
      return (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner size="sm" className="text-indigo-600" />
          Testing rules...
        </p>
      );
    case 'problem':
      return <Alert tone="warning">{state.message}</Alert>;
    case 'failed':
      return <Alert tone="error">{state.message}</Alert>;
    case 'done':
      return <TestResult result={state.result} isStale={state.isStale} />;
  }
}

/** The Test Rules panel: what Test First found, or why it could not test. */
export function TestRulesPanel({ id, state }: { id: string; state: TestRulesState }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      tabIndex={-1}
      className="scroll-mt-5 space-y-3 rounded-lg border border-indigo-100 bg-indigo-50/40 p-4 focus:outline-none"
    >
      <h3
        id={`${id}-heading`}
        className="flex items-center gap-2 text-sm font-semibold tracking-wide text-slate-500 uppercase"
      >
        <FlaskConical className="size-4 text-indigo-600" aria-hidden="true" />
        Test Rules
      </h3>
      <div aria-live="polite">{body(state)}</div>
    </section>
  );
}
