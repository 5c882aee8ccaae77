import {
  badgeText,
  CAMPAIGN_BADGE_TONES,
  dataQualityColor,
  type CampaignSummary,
  type DataValidation,
} from '@lantern/contracts';
import { cn } from '@/lib/cn';

// Dark text on pale fills: every pair passes WCAG AA.
const toneStyles = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
  blue: 'bg-sky-50 text-sky-800 ring-sky-600/25',
  purple: 'bg-violet-50 text-violet-800 ring-violet-600/25',
  yellow: 'bg-amber-50 text-amber-900 ring-amber-600/25',
  red: 'bg-red-50 text-red-800 ring-red-600/25',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/25',
} as const;

const pill =
  'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';

/** The campaign's badge in the spec's priority order (sent, scheduled, published, then approval). */
export function CampaignStatusBadge({
  campaign,
}: {
  campaign: Pick<CampaignSummary, 'approval_status' | 'publish_status'>;
}) {
  const text = badgeText(campaign);
  return (
    <span className={cn(pill, toneStyles[CAMPAIGN_BADGE_TONES[text]])} data-testid="campaign-status">
      {text}
    </span>
  );
}

/** The data quality score: 80+ green, 60+ yellow, else red (9), with the audience it was measured on. */
export function DataQualityBadge({
  validation,
}: {
  validation: Pick<DataValidation, 'quality_score' | 'sendable_leads' | 'excluded_leads'> | null;
}) {
  if (!validation) return <span className="text-sm text-slate-500">Not checked</span>;
  const color = dataQualityColor(validation.quality_score);
  const summary = `${validation.sendable_leads} sendable, ${validation.excluded_leads} excluded`;
  return (
    <div className="space-y-0.5">
      <span className={cn(pill, toneStyles[color])}>{validation.quality_score}%</span>
      <p className="text-xs text-slate-600">{summary}</p>
    </div>
  );
}
