import { CAMPAIGN_MESSAGES, type GenerateContentResult, type GeneratedDraft } from '@lantern/contracts';
import { FileText, TriangleAlert } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { countOf } from '@/lib/format';
import { DataQualityBadge } from '../table/campaign-badges';

/** The drafts generate-content returned, each with its checks and an Open in editor button. */
export function GeneratedDrafts({
  result,
  onOpen,
}: {
  result: GenerateContentResult;
  onOpen: (draft: GeneratedDraft) => void;
}) {
  return (
    <div className="space-y-4" aria-live="polite">
      {result.mode === 'offline' && <Alert tone="info">{CAMPAIGN_MESSAGES.offlineDraftNote}</Alert>}
      <ul className="space-y-3" aria-label="Generated drafts">
        {result.results.map((draft, index) => {
          const flags = draft.generation_metadata.flags?.filter((flag) => flag.kind !== 'offline') ?? [];
          const used = draft.generation_metadata;
          return (
            <li
              key={`${draft.segment_id ?? 'shared'}-${index}`}
              className="rounded-lg border border-slate-200 p-4"
              data-testid="generated-draft"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{draft.name}</p>
                  <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{draft.subject}</p>
                  <p className="mt-1 text-xs text-slate-600">
                    {draft.segment_name ??
                      `${countOf(draft.segment_ids.length, 'segment', 'segments')} (shared draft)`}{' '}
                    · {countOf(draft.estimated_recipients, 'recipient', 'recipients')} · personalization{' '}
                    {used.personalization_level}
                    {used.voice_setting && ` · voice ${used.voice_setting}`}
                    {used.knowledge_passages &&
                      used.knowledge_passages.length > 0 &&
                      ` · ${countOf(used.knowledge_passages.length, 'knowledge passage', 'knowledge passages')}`}
                    {used.resources &&
                      used.resources.length > 0 &&
                      ` · ${countOf(used.resources.length, 'resource', 'resources')}`}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <DataQualityBadge validation={draft.generation_metadata.data_validation} />
                  <Button onClick={() => onOpen(draft)}>
                    <FileText className="size-4" aria-hidden="true" />
                    Open in editor
                  </Button>
                </div>
              </div>
              {flags.length > 0 && (
                <ul className="mt-3 space-y-1 text-sm text-amber-900">
                  {flags.map((flag, i) => (
                    <li key={i} className="flex gap-2">
                      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                      {flag.message}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
