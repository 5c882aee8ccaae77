import { CAMPAIGN_MESSAGES, type CampaignVersion } from '@lantern/contracts';
import { Check } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useEditHistory, useSetFinalVersion } from '../../api/versions';

const SOURCE_LABELS: Record<CampaignVersion['source'], string> = {
  created: 'Created',
  manual: 'Manual edit',
  ai: 'AI edit',
};

type VersionHistoryProps = {
  campaignId: string;
  /** The version shown beside the list; null: the current content. */
  viewing: number | null;
  onView: (version: number | null) => void;
};

/** Every version, newest first: view it, or choose it (or the current content) as final for approval. */
export function VersionHistory({ campaignId, viewing, onView }: VersionHistoryProps) {
  const history = useEditHistory(campaignId);
  const setFinal = useSetFinalVersion(campaignId);
  if (history.isPending)
    return (
      <div className="space-y-2" role="status" aria-label="Loading versions">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  if (history.isError)
    return <Alert tone="error">{errorMessage(history.error, CAMPAIGN_MESSAGES.loadFailed)}</Alert>;
  const { history: versions, final_version_number: finalNumber } = history.data;
  const finalLabel = finalNumber === null ? 'Current content' : `Version ${finalNumber}`;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Final for approval:{' '}
        <span className="font-semibold text-slate-900" data-testid="final-version">
          {finalLabel}
        </span>
      </p>
      {setFinal.isError && (
        <Alert tone="error">{errorMessage(setFinal.error, CAMPAIGN_MESSAGES.setFinalVersionFailed)}</Alert>
      )}
      <ol className="space-y-2" aria-label="Version history">
        <li>
          <VersionRow
            title="Current content"
            detail="What the campaign holds now"
            isViewing={viewing === null}
            isFinal={finalNumber === null}
            onView={() => onView(null)}
            onSetFinal={() => setFinal.mutate(null)}
            isBusy={setFinal.isPending}
          />
        </li>
        {versions.map((version) => (
          <li key={version.id} data-testid="version-row">
            <VersionRow
              title={`Version ${version.version_number}`}
              detail={
                <>
                  {SOURCE_LABELS[version.source]} · {formatDateTime(version.created_at)}
                  {version.instruction && <span className="block italic">“{version.instruction}”</span>}
                  {version.change_summary && <span className="block">{version.change_summary}</span>}
                </>
              }
              isViewing={viewing === version.version_number}
              isFinal={finalNumber === version.version_number}
              onView={() => onView(version.version_number)}
              onSetFinal={() => setFinal.mutate(version.version_number)}
              isBusy={setFinal.isPending}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

type VersionRowProps = {
  title: string;
  detail: React.ReactNode;
  isViewing: boolean;
  isFinal: boolean;
  isBusy: boolean;
  onView: () => void;
  onSetFinal: () => void;
};

function VersionRow({ title, detail, isViewing, isFinal, isBusy, onView, onSetFinal }: VersionRowProps) {
  return (
    <div
      className={cn(
        'rounded-lg border px-3 py-2',
        isViewing ? 'border-indigo-600 bg-indigo-50' : 'border-slate-200 bg-white',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="font-medium text-slate-900">
          {title}
          {isFinal && (
            <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-600/25 ring-inset">
              <Check className="size-3" aria-hidden="true" />
              Final
            </span>
          )}
        </p>
      </div>
      <p className="mt-0.5 text-xs text-slate-600">{detail}</p>
      <div className="mt-2 flex gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={onView}
          aria-pressed={isViewing}
          aria-label={`View ${title}`}
        >
          View
        </Button>
        {!isFinal && (
          <Button
            size="sm"
            variant="ghost"
            onClick={onSetFinal}
            disabled={isBusy}
            aria-label={`Set ${title} as final`}
          >
            Set as final
          </Button>
        )}
      </div>
    </div>
  );
}
