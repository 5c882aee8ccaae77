import { CAMPAIGN_MESSAGES } from '@lantern/contracts';
import { useMemo, useState } from 'react';
import { SandboxedHtmlFrame } from '@/components/ui/sandboxed-html-frame';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { highlightPlaceholders, previewBodyOf, previewSubject } from '../../lib/preview-html';

const RENDER_DELAY_MS = 200;

type CampaignLivePreviewProps = {
  subject: string;
  html: string;
  /** The frame's height class: 'h-[520px]'. */
  heightClass?: string;
  title?: string;
};

/**
 * The live preview of 2.7: subject and body with placeholders filled with sample data and
 * highlighted, or the HTML source; a full document shows its body only, with a note. The body is
 * rendered in a sandboxed frame, so nothing the HTML holds can run.
 */
export function CampaignLivePreview({
  subject,
  html,
  heightClass = 'h-[520px]',
  title = 'Campaign preview with sample data',
}: CampaignLivePreviewProps) {
  const [view, setView] = useState<'preview' | 'source'>('preview');
  const settledHtml = useDebouncedValue(html, RENDER_DELAY_MS);
  const body = useMemo(() => previewBodyOf(settledHtml), [settledHtml]);
  const highlighted = useMemo(() => highlightPlaceholders(body.html), [body.html]);
  const toggle = (value: 'preview' | 'source', label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => setView(value)}
      className={cn(
        'rounded-md px-2.5 py-1 text-xs font-medium',
        view === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
      )}
    >
      {label}
    </button>
  );
  return (
    <section aria-label="Live preview" className="flex min-w-0 flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Live preview</h3>
        <div
          className="inline-flex rounded-lg bg-slate-100 p-0.5"
          role="group"
          aria-label="Preview or source"
        >
          {toggle('preview', 'Preview')}
          {toggle('source', 'Source')}
        </div>
      </div>
      <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800 [overflow-wrap:anywhere]">
        <span className="font-medium">Subject:</span>{' '}
        <span data-testid="preview-subject">{previewSubject(subject) || '(no subject yet)'}</span>
      </p>
      {body.isFullDocument && <p className="text-xs text-amber-800">{CAMPAIGN_MESSAGES.fullDocumentNote}</p>}
      {view === 'preview' ? (
        <SandboxedHtmlFrame html={highlighted.html} title={title} className={heightClass} />
      ) : (
        <pre
          className={cn(
            'overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]',
            heightClass,
          )}
          tabIndex={0}
          aria-label="HTML source"
        >
          {settledHtml}
        </pre>
      )}
      <p className="text-xs text-slate-600">
        Highlighted values are sample data.
        {highlighted.missing.length > 0 && (
          <span className="text-red-800"> No sample value for: {highlighted.missing.join(', ')}.</span>
        )}
      </p>
    </section>
  );
}
