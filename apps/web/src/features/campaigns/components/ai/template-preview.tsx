import { Eye } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SandboxedHtmlFrame } from '@/components/ui/sandboxed-html-frame';
import { errorMessage } from '@/lib/api-client';
import { useTestTemplateGeneration } from '../../api/generate-content';

/** Template Preview (2.6): the chosen template filled with sample data, as the server renders it. */
export function TemplatePreview({ templateId }: { templateId: string }) {
  const test = useTestTemplateGeneration();
  const result = test.data && test.variables === templateId ? test.data : null;
  return (
    <div className="space-y-2">
      <Button
        type="button"
        size="sm"
        variant="secondary"
        disabled={!templateId}
        isLoading={test.isPending}
        onClick={() => test.mutate(templateId)}
      >
        {!test.isPending && <Eye className="size-4" aria-hidden="true" />}
        Preview template
      </Button>
      {test.isError && test.variables === templateId && (
        <Alert tone="error">{errorMessage(test.error, 'Failed to preview the template')}</Alert>
      )}
      {result && (
        <div className="space-y-2 rounded-lg border border-slate-200 p-3">
          <p className="text-sm text-slate-800">
            <span className="font-medium">Subject:</span> {result.subject}
          </p>
          <SandboxedHtmlFrame
            html={result.html_content}
            title="Template preview with sample data"
            className="h-72"
          />
          {result.missing.length > 0 && (
            <p className="text-xs text-amber-800">No sample value for: {result.missing.join(', ')}</p>
          )}
        </div>
      )}
    </div>
  );
}
