import type { ImportResult } from '@lantern/contracts';
import { ArrowLeft, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatCount } from '@/lib/format';
import { PreviewStep } from './preview-step';
import { ResultsStep } from './results-step';
import { StepIndicator } from './step-indicator';
import { UploadStep } from './upload-step';
import { useImportWizard, type ImportWizard } from './use-import-wizard';
import { ValidateStep } from './validate-step';

type ImportLeadsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The success callback (spec: about 2 s after the results show): refresh and banner. */
  onImported: (result: ImportResult) => void;
};

/** 'Bulk Lead Import': mounted only while open, so every opening starts at step 0. */
export function ImportLeadsDialog({ open, onOpenChange, onImported }: ImportLeadsDialogProps) {
  return open ? <ImportLeadsWizard onClose={() => onOpenChange(false)} onImported={onImported} /> : null;
}

function WizardFooter({ wizard, onClose }: { wizard: ImportWizard; onClose: () => void }) {
  const valid = wizard.checked?.validation.summary.valid ?? 0;
  switch (wizard.step) {
    case 0:
      return (
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      );
    case 1:
      return (
        <>
          <Button variant="secondary" onClick={wizard.startOver}>
            Start Over
          </Button>
          <Button onClick={wizard.continueToPreview} disabled={valid === 0}>
            Continue with {formatCount(valid)} Valid Leads
          </Button>
        </>
      );
    case 2:
      return (
        <>
          <Button variant="secondary" onClick={wizard.backToValidation} disabled={wizard.isImporting}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back
          </Button>
          <Button onClick={wizard.runImport} isLoading={wizard.isImporting}>
            {!wizard.isImporting && <Upload className="size-4" aria-hidden="true" />}
            {wizard.isImporting ? 'Importing...' : `Import ${formatCount(valid)} Leads`}
          </Button>
        </>
      );
    case 3:
      return (
        <>
          <Button variant="secondary" onClick={wizard.startOver}>
            Import More Leads
          </Button>
          <Button onClick={onClose}>Done</Button>
        </>
      );
  }
}

function ImportLeadsWizard({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: (result: ImportResult) => void;
}) {
  const wizard = useImportWizard({
    onImported: (result, isAutomatic) => {
      onImported(result);
      // Nothing failed: the banner and the refreshed list say it all. Errors stay on screen to be read.
      if (isAutomatic && result.results.errors === 0) onClose();
    },
  });

  function close() {
    // An import cannot be stopped half way; the dialog stays until it is done.
    if (wizard.isImporting) return;
    wizard.finish();
    onClose();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title="Bulk Lead Import"
      description="Add many leads at once from a CSV file."
      size="lg"
      footer={<WizardFooter wizard={wizard} onClose={close} />}
    >
      <StepIndicator current={wizard.step} />
      {wizard.step === 0 && (
        <UploadStep
          state={wizard.upload}
          onFile={(file) => void wizard.chooseFile(file)}
          onCancel={wizard.cancelUpload}
        />
      )}
      {wizard.step === 1 && wizard.checked && <ValidateStep checked={wizard.checked} />}
      {wizard.step === 2 && wizard.checked && (
        <PreviewStep
          checked={wizard.checked}
          skipDuplicates={wizard.skipDuplicates}
          onSkipDuplicatesChange={wizard.setSkipDuplicates}
          isImporting={wizard.isImporting}
          progress={wizard.importProgress}
          problem={wizard.importProblem}
        />
      )}
      {wizard.step === 3 && wizard.result && <ResultsStep result={wizard.result} />}
    </Dialog>
  );
}
