import type { ImportResult, ImportValidation } from '@lantern/contracts';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { linesToImport, useBulkImport } from '../../api/bulk-import';
import type { BatchProgress, EncodedBatch, ImportRow } from '../../api/import-batches';
import { validateImport } from '../../api/validate-import';
import { ImportFile } from './import-file';
import { CSV_MESSAGES, isCsvFile, LeadCsvProblem } from './lead-csv';

// Spec 9: the success callback runs about 2 s after the results show.
const IMPORT_CALLBACK_MS = 2000;

export type WizardStep = 0 | 1 | 2 | 3;

/** Step 0's state: waiting for a file, reading it, validating it, or showing why it failed. */
export type UploadState =
  | { status: 'idle' }
  | { status: 'reading'; fileName: string; fraction: number }
  | { status: 'validating'; fileName: string; progress: BatchProgress }
  | { status: 'failed'; message: string; detail?: string };

/** A file that was read and validated: what steps 1 and 2 show and step 2 imports. */
export type CheckedFile = {
  file: ImportFile;
  validation: ImportValidation;
  /** The file's rows the validation calls duplicates (it answers with their email only). */
  duplicateRows: ImportRow[];
};

type WizardOptions = {
  /** The success callback: `isAutomatic` when it runs after the pause, not because the user moved on. */
  onImported: (result: ImportResult, isAutomatic: boolean) => void;
};

/** The Bulk Lead Import wizard's state and moves (spec 4, 'Bulk import wizard'). */
export function useImportWizard({ onImported }: WizardOptions) {
  const [step, setStep] = useState<WizardStep>(0);
  const [upload, setUpload] = useState<UploadState>({ status: 'idle' });
  const [checked, setChecked] = useState<CheckedFile | null>(null);
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  const [importProgress, setImportProgress] = useState<BatchProgress | null>(null);
  const [importProblem, setImportProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  // The worker is building the request bodies: the import has started as far as the user can tell.
  const [isPreparing, setIsPreparing] = useState(false);
  const bulkImport = useBulkImport();
  const abortRef = useRef<AbortController | null>(null);
  const fileRef = useRef<ImportFile | null>(null);
  const reportedRef = useRef<ImportResult | null>(null);

  // A file being read, validated or held is let go when the wizard goes away.
  useEffect(
    () => () => {
      abortRef.current?.abort();
      fileRef.current?.close();
    },
    [],
  );

  const report = (done: ImportResult, isAutomatic: boolean) => {
    if (reportedRef.current === done) return;
    reportedRef.current = done;
    onImported(done, isAutomatic);
  };
  const reportAfterPause = useEffectEvent((done: ImportResult) => report(done, true));
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => reportAfterPause(result), IMPORT_CALLBACK_MS);
    return () => clearTimeout(timer);
  }, [result]);

  async function chooseFile(file: File) {
    abortRef.current?.abort();
    if (!isCsvFile(file)) {
      setUpload({ status: 'failed', message: CSV_MESSAGES.notCsv });
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    const { signal } = controller;
    const fileName = file.name;
    setUpload({ status: 'reading', fileName, fraction: 0 });
    try {
      const read = await ImportFile.read(file, {
        signal,
        onProgress: (fraction) => setUpload({ status: 'reading', fileName, fraction }),
      });
      fileRef.current?.close();
      fileRef.current = read;
      const validation = await validateImport(read.validationBatches, {
        signal,
        onProgress: (progress) => setUpload({ status: 'validating', fileName, progress }),
      });
      const duplicateRows = await read.rowsAt(validation.validation.duplicates.map((d) => d.lineNumber));
      if (signal.aborted) return;
      setChecked({ file: read, validation, duplicateRows });
      setUpload({ status: 'idle' });
      setStep(1);
    } catch (error) {
      if (signal.aborted) return;
      setUpload(
        error instanceof LeadCsvProblem
          ? { status: 'failed', message: error.message, detail: error.detail }
          : { status: 'failed', message: errorMessage(error, 'Failed to validate leads') },
      );
    }
  }

  function cancelUpload() {
    abortRef.current?.abort();
    setUpload({ status: 'idle' });
  }

  async function runImport() {
    if (isPreparing || bulkImport.isPending) return;
    if (!checked || checked.validation.summary.valid === 0) {
      setImportProblem('No valid leads to import');
      return;
    }
    setImportProblem(null);
    setImportProgress(null);
    const { file, validation } = checked;
    setIsPreparing(true);
    let batches: EncodedBatch[];
    try {
      batches = await file.batchesFor(linesToImport(validation, skipDuplicates), { skipDuplicates });
    } catch {
      setImportProblem('Failed to import leads');
      return;
    } finally {
      setIsPreparing(false);
    }
    bulkImport.mutate(
      { batches, validation, skipDuplicates, onProgress: setImportProgress },
      {
        onSuccess: (done) => {
          setResult(done);
          setStep(3);
        },
        onError: (error) => setImportProblem(errorMessage(error, 'Failed to import leads')),
      },
    );
  }

  /** Before the wizard closes or starts again: a result not yet reported is reported now. */
  function finish() {
    if (result) report(result, false);
  }

  function startOver() {
    finish();
    abortRef.current?.abort();
    fileRef.current?.close();
    fileRef.current = null;
    bulkImport.reset();
    setStep(0);
    setUpload({ status: 'idle' });
    setChecked(null);
    setSkipDuplicates(true);
    setImportProgress(null);
    setImportProblem(null);
    setResult(null);
  }

  return {
    step,
    upload,
    checked,
    skipDuplicates,
    setSkipDuplicates,
    isImporting: isPreparing || bulkImport.isPending,
    importProgress,
    importProblem,
    result,
    chooseFile,
    cancelUpload,
    continueToPreview: () => setStep(2),
    backToValidation: () => {
      setImportProblem(null);
      setStep(1);
    },
    runImport: () => void runImport(),
    startOver,
    finish,
  };
}

export type ImportWizard = ReturnType<typeof useImportWizard>;
