import { dataQualityColor, type DataValidation } from '@lantern/contracts';
import { cn } from '@/lib/cn';
import { formatCount, formatDateTime } from '@/lib/format';

const scoreStyles = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
  yellow: 'bg-amber-50 text-amber-900 ring-amber-600/25',
  red: 'bg-red-50 text-red-800 ring-red-600/25',
} as const;

/** The audience's data quality: who will get the email, who will not and why, and how well fields fill. */
export function DataQualityDetails({ validation }: { validation: DataValidation | null }) {
  if (!validation) return <p className="text-sm text-slate-600">The audience has not been checked yet.</p>;
  const color = dataQualityColor(validation.quality_score);
  return (
    <div className="space-y-4 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <span
          className={cn(
            'rounded-full px-3 py-1 text-base font-semibold ring-1 ring-inset',
            scoreStyles[color],
          )}
        >
          {validation.quality_score}% data quality
        </span>
        <span className="text-slate-600">Checked {formatDateTime(validation.checked_at)}</span>
      </div>
      <dl className="grid grid-cols-3 gap-3">
        {[
          ['Segment members', validation.segment_leads],
          ['Sendable', validation.sendable_leads],
          ['Excluded', validation.excluded_leads],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 px-3 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">
              {formatCount(Number(value))}
            </dd>
          </div>
        ))}
      </dl>
      {(validation.exclusions.some((e) => e.count > 0) || validation.duplicate_emails > 0) && (
        <div>
          <h4 className="font-medium text-slate-900">Not emailed</h4>
          <ul className="mt-1 space-y-0.5 text-slate-700">
            {validation.exclusions
              .filter((exclusion) => exclusion.count > 0)
              .map((exclusion) => (
                <li key={exclusion.reason}>
                  {exclusion.label}: {formatCount(exclusion.count)}
                </li>
              ))}
            {validation.duplicate_emails > 0 && (
              <li>
                Sharing an address with another member (one email each):{' '}
                {formatCount(validation.duplicate_emails)}
              </li>
            )}
          </ul>
        </div>
      )}
      {validation.fields.length > 0 && (
        <div>
          <h4 className="font-medium text-slate-900">Personalised fields</h4>
          <ul className="mt-1 space-y-0.5 text-slate-700">
            {validation.fields.map((field) => (
              <li key={field.field}>
                <code className="rounded bg-slate-100 px-1 text-xs">{field.field}</code>:{' '}
                {formatCount(field.filled)} filled ({Math.round(field.fill_rate * 100)}%)
              </li>
            ))}
          </ul>
        </div>
      )}
      {validation.warnings.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-5 text-amber-900">
          {validation.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
