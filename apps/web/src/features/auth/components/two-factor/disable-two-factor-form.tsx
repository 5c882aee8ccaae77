import { BACKUP_CODE_LENGTH } from '@lantern/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label, TextField } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDisableTwoFactor } from '../../api/disable-two-factor';
import { CodeInput } from '../code-input';

type DisableFormProps = { onDisabled: () => void; onCancel: () => void };

/** Password and code first, then a second, deliberate click: turning 2FA off weakens the account. */
export function DisableTwoFactorForm({ onDisabled, onCancel }: DisableFormProps) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const disable = useDisableTwoFactor();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password || !code) {
      notify.error('Please enter your password and 2FA code');
      return;
    }
    setIsConfirming(true);
  }

  function confirmDisable() {
    disable.mutate(
      { password, code },
      {
        onSuccess: () => {
          notify.success('2FA disabled successfully');
          onDisabled();
        },
        onError: (error) => {
          notify.error(errorMessage(error, 'Failed to disable 2FA'));
          setCode('');
          setIsConfirming(false);
        },
      },
    );
  }

  if (isConfirming) {
    return (
      <div className="space-y-5">
        <Alert tone="warning" title="Disable two-factor authentication?">
          After this, your password alone will be enough to sign in to this account, and your backup codes
          stop working.
        </Alert>
        <div className="flex flex-wrap gap-3">
          <Button variant="danger" onClick={confirmDisable} isLoading={disable.isPending} autoFocus>
            Yes, Disable 2FA
          </Button>
          <Button variant="secondary" onClick={() => setIsConfirming(false)} disabled={disable.isPending}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Disable two-factor authentication</h3>
        <p className="mt-1 text-sm text-slate-600">
          Confirm it is you with your password and a current code.
        </p>
      </div>
      <div className="grid max-w-xl gap-4 sm:grid-cols-2">
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="space-y-1.5">
          <Label htmlFor="disable-code">2FA code</Label>
          <CodeInput
            id="disable-code"
            maxLength={BACKUP_CODE_LENGTH}
            value={code}
            onValueChange={setCode}
            aria-describedby="disable-code-hint"
            look="compact"
          />
          <p id="disable-code-hint" className="text-xs text-slate-600">
            From your app, or an 8-digit backup code if you no longer have it.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger">
          Disable 2FA
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
