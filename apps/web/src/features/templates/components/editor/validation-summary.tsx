import { TEMPLATE_MESSAGES, type TemplateValidation } from '@lantern/contracts';
import { Alert } from '@/components/ui/alert';

export type ValidationState =
  | { status: 'idle' }
  | { status: 'done'; result: TemplateValidation; isSaveBlocked: boolean }
  /** The validation call itself failed (spec 8.8: an error list under 'Validation failed'). */
  | { status: 'failed'; message: string };

function ProblemList({ problems }: { problems: string[] }) {
  return (
    <ul className="list-disc space-y-0.5 pl-5 [overflow-wrap:anywhere]">
      {problems.map((problem, index) => (
        <li key={index}>{problem}</li>
      ))}
    </ul>
  );
}

/** The server's verdict: errors block saving, warnings only inform. */
export function ValidationSummary({ state }: { state: ValidationState }) {
  if (state.status === 'idle') return null;
  if (state.status === 'failed') {
    return (
      <Alert tone="error" title={TEMPLATE_MESSAGES.validationFailed}>
        <ProblemList problems={[state.message]} />
      </Alert>
    );
  }
  const { result, isSaveBlocked } = state;
  return (
    <div className="space-y-3" data-testid="template-validation">
      {result.errors.length > 0 && (
        <Alert
          tone="error"
          title={isSaveBlocked ? TEMPLATE_MESSAGES.fixBeforeSaving : 'The template has errors'}
        >
          <ProblemList problems={result.errors} />
        </Alert>
      )}
      {result.warnings.length > 0 && (
        <Alert tone="warning" title="Warnings (saving is still possible)">
          <ProblemList problems={result.warnings} />
        </Alert>
      )}
      {result.isValid && result.warnings.length === 0 && <Alert tone="success">The template is valid.</Alert>}
      {result.isValid && result.warnings.length > 0 && (
        <p className="text-sm text-slate-600">No errors: the template can be saved.</p>
      )}
    </div>
  );
}
