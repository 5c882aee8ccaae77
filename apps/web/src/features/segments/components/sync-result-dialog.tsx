import { segmentDisplayName, type SyncResult } from '@lantern/contracts';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatCount } from '@/lib/format';

export type SyncOutcome = { segmentName: string; result: SyncResult };

/** What the sync did (the spec's success alert, as a dialog): group, leads found, synced, errors if any. */
export function SyncResultDialog({ outcome, onClose }: { outcome: SyncOutcome | null; onClose: () => void }) {
  if (!outcome) return null;
  const { result } = outcome;
  const { leads_found, synced, errors } = result.results;
  const rows: Array<[string, string]> = [
    ['MailerLite group', result.mailerlite_group_name],
    ['Leads found', formatCount(leads_found)],
    ['Synced', formatCount(synced)],
  ];
  if (errors > 0) rows.push(['Errors', formatCount(errors)]);
  const Icon = errors > 0 ? TriangleAlert : CircleCheck;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Sync to MailerLite complete"
      description={`${segmentDisplayName(outcome.segmentName)} was synced to MailerLite.`}
      size="sm"
      footer={<Button onClick={onClose}>OK</Button>}
    >
      <div className="space-y-4 text-sm">
        <p
          className={
            errors > 0 ? 'flex gap-2 font-medium text-amber-900' : 'flex gap-2 font-medium text-emerald-800'
          }
        >
          <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {errors > 0
            ? `Synced with ${formatCount(errors)} ${errors === 1 ? 'error' : 'errors'}.`
            : 'Successfully synced to MailerLite!'}
        </p>
        <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 px-4 py-2.5">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium text-slate-900 tabular-nums [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
        {result.results.error_details.length > 0 && (
          <ul className="max-h-40 space-y-1 overflow-y-auto text-xs text-slate-600">
            {result.results.error_details.map((detail, index) => (
              <li key={`${detail.email}-${index}`} className="[overflow-wrap:anywhere]">
                <span className="font-medium text-slate-800">{detail.email}</span>: {detail.error}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
