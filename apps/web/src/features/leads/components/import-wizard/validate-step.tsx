import { CircleCheck, CircleX, Copy, TriangleAlert } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { formatCount } from '@/lib/format';
import { CountCards } from './count-cards';
import type { LeftOutRow } from './lead-csv';
import { ProblemList } from './problem-list';
import type { CheckedFile } from './use-import-wizard';

const LEFT_OUT_LINES_SHOWN = 8;

function LeftOutNotice({ rows }: { rows: LeftOutRow[] }) {
  if (rows.length === 0) return null;
  const lines = rows
    .slice(0, LEFT_OUT_LINES_SHOWN)
    .map((r) => `line ${r.lineNumber} (no ${r.missing.join(', ')})`);
  const more = rows.length - lines.length;
  return (
    <Alert
      tone="warning"
      title={`${formatCount(rows.length)} ${rows.length === 1 ? 'row was' : 'rows were'} left out`}
    >
      Each row needs an email, a parent name and at least one child’s name: {lines.join('; ')}
      {more > 0 ? ` and ${formatCount(more)} more.` : '.'}
    </Alert>
  );
}

/** Step 1: what the server made of the file, and the first rows it refused. */
export function ValidateStep({ checked }: { checked: CheckedFile }) {
  const { file, validation } = checked;
  const { dataRows, leftOut } = file.summary;
  const { summary } = validation;
  const problems = validation.validation.invalid.map((row) => ({
    lineNumber: row.lineNumber,
    email: row.lead.email,
    messages: row.errors,
  }));
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">
        <span className="font-medium text-slate-900">{file.name}</span>: {formatCount(dataRows)}{' '}
        {dataRows === 1 ? 'row' : 'rows'} checked.
      </p>
      <CountCards
        cards={[
          { label: 'Valid', value: summary.valid, tone: 'success', icon: CircleCheck },
          { label: 'Invalid', value: summary.invalid, tone: 'error', icon: CircleX },
          { label: 'Duplicates', value: summary.duplicates, tone: 'warning', icon: Copy },
          { label: 'Warnings', value: summary.warnings, tone: 'info', icon: TriangleAlert },
        ]}
      />
      {summary.valid === 0 && (
        <Alert tone="error" title="Nothing to import">
          {summary.invalid > 0
            ? 'No row of this file can be imported. Fix the rows below in your spreadsheet, then start over with the corrected file.'
            : 'Every lead in this file is already on file.'}
        </Alert>
      )}
      <LeftOutNotice rows={leftOut} />
      {problems.length > 0 && (
        <ProblemList
          title={`${formatCount(problems.length)} ${problems.length === 1 ? 'row has' : 'rows have'} errors and will not be imported`}
          problems={problems}
        />
      )}
      {summary.valid > 0 && (
        <p className="text-sm text-slate-600">
          Rows with warnings can still be imported. Review every row, duplicates included, in the next step.
        </p>
      )}
    </div>
  );
}
