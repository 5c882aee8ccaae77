import { TWO_FACTOR_CODE_LENGTH } from '@lantern/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useRegenerateBackupCodes } from '../../api/regenerate-backup-codes';
import { CodeInput } from '../code-input';

type RegenerateFormProps = { onRegenerated: (codes: string[]) => void; onCancel: () => void };

export function RegenerateCodesForm({ onRegenerated, onCancel }: RegenerateFormProps) {
  const [code, setCode] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const regenerate = useRegenerateBackupCodes();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = !code
      ? 'Please enter your current 2FA code'
      : code.length !== TWO_FACTOR_CODE_LENGTH
        ? 'Please enter a valid 6-digit code'
        : null;
    if (problem) {
      notify.error(problem);
      inputRef.current?.focus();
      return;
    }
    regenerate.mutate(code, {
      onSuccess: ({ backupCodes }) => {
        notify.success('New backup codes generated');
        onRegenerated(backupCodes);
      },
      onError: (error) => {
        notify.error(errorMessage(error, 'Failed to regenerate backup codes'));
        setCode('');
        inputRef.current?.focus();
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Regenerate backup codes</h3>
        <p className="mt-1 text-sm text-slate-600">
          New codes replace all of your current backup codes. Confirm with the code from your authenticator
          app.
        </p>
      </div>
      <div className="max-w-xs space-y-1.5">
        <Label htmlFor="regenerate-code">Current 2FA code</Label>
        <CodeInput
          id="regenerate-code"
          ref={inputRef}
          autoFocus
          maxLength={TWO_FACTOR_CODE_LENGTH}
          value={code}
          onValueChange={setCode}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isLoading={regenerate.isPending}>
          Generate New Codes
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={regenerate.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
