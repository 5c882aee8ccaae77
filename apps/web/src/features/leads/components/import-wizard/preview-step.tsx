import { useId, useMemo } from 'react';
import { Alert } from '@/components/ui/alert';
import { CheckboxField } from '@/components/ui/checkbox';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatCount } from '@/lib/format';
import type { BatchProgress } from '../../api/import-batches';
import { PreviewTable, type PreviewRow } from './preview-table';
import { ProgressBar } from './progress-bar';
import type { CheckedFile } from './use-import-wizard';

type Person = {
  email: string;
  parent_name: string;
  children: { name: string; age?: number | string | null }[];
};

const childrenText = (children: Person['children']) =>
  children
    .filter((c) => c.name)
    .map((c) => (c.age === null || c.age === undefined || c.age === '' ? c.name : `${c.name} (${c.age})`))
    .join(', ');

const toRow = (lineNumber: number, person: Person | undefined, notes?: string[]): PreviewRow => ({
  lineNumber,
  email: person?.email ?? '',
  parent: person?.parent_name ?? '',
  children: person ? childrenText(person.children) : '',
  notes,
});

function usePreviewRows({ duplicateRows, validation }: CheckedFile) {
  return useMemo(() => {
    const { valid, invalid, duplicates, warnings } = validation.validation;
    // Duplicates come back as email and reason only; the file's row says who they are.
    const rowByLine = new Map(duplicateRows.map((row) => [row.lineNumber, row]));
    return {
      valid: valid.map((v) => toRow(v.lineNumber, v.lead)),
      invalid: invalid.map((v) => toRow(v.lineNumber, v.lead, v.errors)),
      duplicates: duplicates.map((d) => {
        const row = toRow(d.lineNumber, rowByLine.get(d.lineNumber), [d.reason]);
        return { ...row, email: d.email };
      }),
      warnings: warnings.map((w) => toRow(w.lineNumber, w.lead, w.warnings)),
    };
  }, [duplicateRows, validation]);
}

function TabLabel({ label, count }: { label: string; count: number }) {
  const text = formatCount(count);
  // Named 'Valid (3)'; the count shows as a pill.
  return (
    <>
      {label}{' '}
      <span
        aria-hidden="true"
        className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 tabular-nums"
      >
        {text}
      </span>
      <span className="sr-only">({text})</span>
    </>
  );
}

function importPlan(summary: CheckedFile['validation']['summary'], skipDuplicates: boolean) {
  const created = `${formatCount(summary.valid)} new ${summary.valid === 1 ? 'lead' : 'leads'} will be created.`;
  if (summary.duplicates === 0) return created;
  const dups = `${formatCount(summary.duplicates)} ${summary.duplicates === 1 ? 'duplicate' : 'duplicates'}`;
  return skipDuplicates
    ? `${created} ${dups} will be skipped.`
    : `${created} ${dups} will update the lead already on file (empty fields filled, new children added).`;
}

type PreviewStepProps = {
  checked: CheckedFile;
  skipDuplicates: boolean;
  onSkipDuplicatesChange: (skip: boolean) => void;
  isImporting: boolean;
  progress: BatchProgress | null;
  problem: string | null;
};

/** Step 2: every row by verdict, the duplicate choice, then the import. */
export function PreviewStep({
  checked,
  skipDuplicates,
  onSkipDuplicatesChange,
  isImporting,
  progress,
  problem,
}: PreviewStepProps) {
  const planId = useId();
  const rows = usePreviewRows(checked);
  const { summary } = checked.validation;
  const importing = progress && progress.total > 0 ? progress.done / progress.total : null;
  return (
    <div className="space-y-5">
      {isImporting && (
        <div className="space-y-2 rounded-xl border border-indigo-100 bg-indigo-50/50 p-4" role="status">
          <p className="text-sm font-medium text-slate-700">
            Importing {formatCount(progress?.total ?? summary.valid)} leads…
          </p>
          <ProgressBar value={importing && importing < 1 ? importing : null} label="Import progress" />
        </div>
      )}
      {problem && <Alert tone="error">{problem}</Alert>}
      <Tabs defaultValue="valid">
        <TabsList aria-label="Rows by result">
          <TabsTrigger value="valid">
            <TabLabel label="Valid" count={summary.valid} />
          </TabsTrigger>
          <TabsTrigger value="invalid">
            <TabLabel label="Invalid" count={summary.invalid} />
          </TabsTrigger>
          <TabsTrigger value="duplicates">
            <TabLabel label="Duplicates" count={summary.duplicates} />
          </TabsTrigger>
          <TabsTrigger value="warnings">
            <TabLabel label="Warnings" count={summary.warnings} />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="valid" className="pt-4">
          <PreviewTable caption="Valid rows" rows={rows.valid} emptyText="No valid rows." />
        </TabsContent>
        <TabsContent value="invalid" className="pt-4">
          <PreviewTable
            caption="Invalid rows"
            rows={rows.invalid}
            notesLabel="Errors"
            emptyText="No row has errors."
          />
        </TabsContent>
        <TabsContent value="duplicates" className="pt-4">
          <PreviewTable
            caption="Duplicate rows"
            rows={rows.duplicates}
            notesLabel="Reason"
            notesTone="neutral"
            emptyText="No duplicates: every email is new."
          />
        </TabsContent>
        <TabsContent value="warnings" className="pt-4">
          <PreviewTable
            caption="Rows with warnings"
            rows={rows.warnings}
            notesLabel="Warnings"
            notesTone="warning"
            emptyText="No warnings."
          />
        </TabsContent>
      </Tabs>

      <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
        <CheckboxField
          label={<span className="font-medium">Skip duplicates</span>}
          checked={skipDuplicates}
          disabled={isImporting}
          onChange={(event) => onSkipDuplicatesChange(event.target.checked)}
          aria-describedby={planId}
        />
        <p id={planId} className="mt-1 pl-7 text-sm text-slate-600">
          {importPlan(summary, skipDuplicates)}
        </p>
      </div>
    </div>
  );
}
