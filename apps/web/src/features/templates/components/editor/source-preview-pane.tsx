import { renderTemplateReport, TEMPLATE_SAMPLE_VARIABLES, type RenderVariableSpec } from '@lantern/contracts';
import { Monitor, Smartphone } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { SandboxedHtmlFrame } from '@/components/ui/sandboxed-html-frame';
import type { TemplateDraft } from './template-draft';

const RENDER_DELAY_MS = 250;

function WidthToggle({ isPhone, onChange }: { isPhone: boolean; onChange: (isPhone: boolean) => void }) {
  const option = (phone: boolean, label: string, Icon: typeof Monitor) => (
    <button
      type="button"
      aria-pressed={isPhone === phone}
      onClick={() => onChange(phone)}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium',
        isPhone === phone ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
    </button>
  );
  return (
    <div className="inline-flex rounded-lg bg-slate-100 p-0.5" role="group" aria-label="Preview width">
      {option(false, 'Desktop', Monitor)}
      {option(true, 'Phone (320 px)', Smartphone)}
    </div>
  );
}

/**
 * The side pane: the draft rendered with sample data by the contracts' renderer (the one the server
 * sends with), as a sandboxed preview or as its HTML source. Nothing in it can run.
 */
export function SourcePreviewPane() {
  const { control } = useFormContext<TemplateDraft>();
  const [subject, html, variables] = useWatch({
    control,
    name: ['subject_template', 'content_html_template', 'variables_schema'],
  });
  const [isPhone, setIsPhone] = useState(false);
  const settledSubject = useDebouncedValue(subject, RENDER_DELAY_MS);
  const settledHtml = useDebouncedValue(html, RENDER_DELAY_MS);
  const schemaJson = useDebouncedValue(
    JSON.stringify(
      variables.map(({ key, type, required, default_value }) => ({
        key: key.trim(),
        type,
        required,
        default_value,
      })),
    ),
    RENDER_DELAY_MS,
  );

  const rendered = useMemo(() => {
    const schema = JSON.parse(schemaJson) as RenderVariableSpec[];
    const body = renderTemplateReport(settledHtml, TEMPLATE_SAMPLE_VARIABLES, { mode: 'html', schema });
    const subjectLine = renderTemplateReport(settledSubject, TEMPLATE_SAMPLE_VARIABLES, {
      mode: 'text',
      schema,
    });
    const missing = [...new Set([...subjectLine.missing, ...body.missing])];
    return { subject: subjectLine.output, html: body.output, missing };
  }, [settledSubject, settledHtml, schemaJson]);

  return (
    <Card className="flex flex-col p-4 lg:sticky lg:top-4" aria-label="Source and preview">
      <Tabs defaultValue="preview">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <TabsList aria-label="Side pane">
            <TabsTrigger value="source">Source</TabsTrigger>
            <TabsTrigger value="preview">Preview</TabsTrigger>
          </TabsList>
          <WidthToggle isPhone={isPhone} onChange={setIsPhone} />
        </div>
        <p className="mt-3 text-xs text-slate-600">
          With sample data. <span className="font-medium text-slate-800">Subject:</span>{' '}
          <span data-testid="editor-preview-subject">{rendered.subject || '(none yet)'}</span>
        </p>
        {rendered.missing.length > 0 && (
          <p className="mt-1 text-xs text-amber-800">
            No value or default yet: {rendered.missing.join(', ')}
          </p>
        )}
        <TabsContent value="preview" className="pt-3">
          <div className={cn('mx-auto transition-[width]', isPhone ? 'w-[320px]' : 'w-full')}>
            <SandboxedHtmlFrame
              html={rendered.html}
              title="Template preview with sample data"
              className="h-[560px]"
            />
          </div>
        </TabsContent>
        <TabsContent value="source" className="pt-3">
          <pre
            className="h-[560px] overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]"
            tabIndex={0}
            aria-label="Rendered HTML source"
          >
            {rendered.html}
          </pre>
        </TabsContent>
      </Tabs>
    </Card>
  );
}
