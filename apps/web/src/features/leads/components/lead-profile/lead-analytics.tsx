import { scoreBand, type Lead } from '@lantern/contracts';
import { ChartNoAxesColumn } from 'lucide-react';
import { ScoreBadge } from '@/components/ui/score-badge';
import { ProfileSection } from './profile-section';

const bandWords = { high: 'High', medium: 'Medium', low: 'Low' } as const;

type Factor = Lead['score_breakdown'][number];

export function LeadAnalytics({ lead }: { lead: Lead }) {
  return (
    <ProfileSection title="Lead Analytics" icon={<ChartNoAxesColumn aria-hidden="true" />}>
      <div className="flex items-center gap-3">
        <ScoreBadge score={lead.lead_score} className="px-3 py-1 text-sm" />
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-slate-900">
            {bandWords[scoreBand(lead.lead_score)]} priority
          </span>{' '}
          · {lead.lead_score} of 100 points
        </p>
      </div>
      {lead.score_breakdown.length > 0 ? (
        <ul className="mt-4 space-y-3">
          {lead.score_breakdown.map((factor) => (
            <ScoreFactorRow key={factor.key} factor={factor} />
          ))}
        </ul>
      ) : null}
      <p className="mt-4 text-xs text-slate-600">
        The score is computed from these rules: each one adds points up to its maximum, for a total out of
        100.
      </p>
    </ProfileSection>
  );
}

function ScoreFactorRow({ factor }: { factor: Factor }) {
  const percent = factor.max > 0 ? Math.min(100, Math.round((factor.points / factor.max) * 100)) : 0;
  return (
    <li>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-800">{factor.label}</span>
        <span className="text-slate-600 tabular-nums">
          {factor.points}/{factor.max}
          <span className="sr-only"> points</span>
        </span>
      </div>
      <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className="h-full rounded-full bg-indigo-500" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600">{factor.detail}</p>
    </li>
  );
}
