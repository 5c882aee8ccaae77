import type { EmailTemplate } from '@lantern/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Pencil, RotateCcw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { TextField } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { templateKeys } from '../../api/query-keys';
import { previewTemplate } from '../../api/template-tools';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { SandboxedHtmlFrame } from '@/components/ui/sandboxed-html-frame';
import { TemplateCategoryBadge } from '../template-category-badge';
import { initialSampleValues, sampleFieldsOf } from './sample-values';

const PREVIEW_DELAY_MS = 400;

type TemplatePreviewModeProps = {
  template: EmailTemplate;
  onBack: () => void;
  onEdit: () => void;
};

/** Preview mode: the saved template rendered by the server with sample data the admin can change. */
export function TemplatePreviewMode({ template, onBack, onEdit }: TemplatePreviewModeProps) {
  const fields = useMemo(() => sampleFieldsOf(template), [template]);
  const [values, setValues] = useState(() => initialSampleValues(template));
  const settled = useDebouncedValue(values, PREVIEW_DELAY_MS);
  const preview = useQuery({
    queryKey: [...templateKeys.all, 'preview', template.id, settled] as const,
    queryFn: ({ signal }) => previewTemplate(template.id, settled, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <Button variant="ghost" size="sm" onClick={onBack} aria-label="Back to templates">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Templates
        </Button>
        <h1 className="min-w-0 flex-1 text-2xl font-semibold tracking-tight text-slate-900 [overflow-wrap:anywhere]">
          Preview: {template.name}
        </h1>
        <TemplateCategoryBadge category={template.category} />
        <Button variant="secondary" onClick={onEdit}>
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </Button>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card className="self-start">
          <CardHeader
            title="Sample data"
            description="Change a value to see the email as that family would."
            actions={
              <Button variant="ghost" size="sm" onClick={() => setValues(initialSampleValues(template))}>
                <RotateCcw className="size-4" aria-hidden="true" />
                Reset
              </Button>
            }
          />
          <div className="space-y-4 px-6 py-5">
            {fields.length === 0 && (
              <p className="text-sm text-slate-600">This template has no placeholders.</p>
            )}
            {fields.map((field) => (
              <TextField
                key={field.key}
                label={field.isRequired ? `${field.label} (required)` : field.label}
                hint={field.label === field.key ? undefined : <code>{field.key}</code>}
                value={values[field.key] ?? ''}
                onChange={(event) =>
                  setValues((current) => ({ ...current, [field.key]: event.target.value }))
                }
                autoComplete="off"
              />
            ))}
          </div>
        </Card>
        <Card className="min-w-0">
          <div className="space-y-4 px-6 py-5" aria-busy={preview.isFetching || undefined}>
            {preview.isError && (
              <Alert tone="error">{errorMessage(preview.error, 'Failed to load the preview')}</Alert>
            )}
            {!preview.data && !preview.isError && (
              <div role="status" aria-label="Loading the preview" className="space-y-3">
                <Skeleton className="h-6 w-2/3" />
                <Skeleton className="h-96 w-full" />
              </div>
            )}
            {preview.data && (
              <>
                <div>
                  <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">Subject</p>
                  <p
                    className="mt-1 text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]"
                    data-testid="preview-subject"
                  >
                    {preview.data.subject}
                  </p>
                </div>
                {preview.data.missing_variables.length > 0 && (
                  <Alert tone="warning">
                    No value for: {preview.data.missing_variables.join(', ')} (left blank).
                  </Alert>
                )}
                <Tabs defaultValue="html">
                  <TabsList aria-label="Email format">
                    <TabsTrigger value="html">HTML</TabsTrigger>
                    <TabsTrigger value="text">Plain text</TabsTrigger>
                  </TabsList>
                  <TabsContent value="html" className="pt-4">
                    <SandboxedHtmlFrame
                      html={preview.data.html_content}
                      title="Email preview"
                      className="h-[640px]"
                    />
                  </TabsContent>
                  <TabsContent value="text" className="pt-4">
                    <pre
                      className="max-h-[640px] overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]"
                      tabIndex={0}
                      aria-label="Plain text version"
                      data-testid="preview-text"
                    >
                      {preview.data.text_content}
                    </pre>
                  </TabsContent>
                </Tabs>
              </>
            )}
          </div>
        </Card>
      </div>
    </>
  );
}
