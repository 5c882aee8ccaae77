import { zodResolver } from '@hookform/resolvers/zod';
import { BACKUP_CODE_LENGTH } from '@lantern/contracts';
import { useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label, TextField } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDisableTwoFactor } from '../../api/disable-two-factor';
import { CodeInput } from '../code-input';

const MISSING = 'Please enter your password and 2FA code';

/** Both are needed; the server checks the password and the code (either kind) itself. */
const disableDraftSchema = z.object({
  password: z.string().min(1, MISSING),
  code: z.string().min(1, MISSING),
});
type DisableDraft = z.infer<typeof disableDraftSchema>;

type DisableFormProps = { onDisabled: () => void; onCancel: () => void };

/** Password and code first, then a second, deliberate click: turning 2FA off weakens the account. */
export function DisableTwoFactorForm({ onDisabled, onCancel }: DisableFormProps) {
  // A problem is one toast. The values outlive the confirmation step, which replaces the fields.
  const { control, register, handleSubmit, getValues, setValue } = useForm<DisableDraft>({
    resolver: zodResolver(disableDraftSchema),
    defaultValues: { password: '', code: '' },
    shouldFocusError: false,
  });
  const [isConfirming, setIsConfirming] = useState(false);
  const disable = useDisableTwoFactor();

  function refuse(errors: FieldErrors<DisableDraft>) {
    notify.error(errors.password?.message ?? errors.code?.message ?? MISSING);
  }

  function confirmDisable() {
    disable.mutate(getValues(), {
      onSuccess: () => {
        notify.success('2FA disabled successfully');
        onDisabled();
      },
      onError: (error) => {
        notify.error(errorMessage(error, 'Failed to disable 2FA'));
        setValue('code', '');
        setIsConfirming(false);
      },
    });
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
    <form onSubmit={handleSubmit(() => setIsConfirming(true), refuse)} noValidate className="space-y-5">
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
          {...register('password')}
        />
        <div className="space-y-1.5">
          <Label htmlFor="disable-code">2FA code</Label>
          <Controller
            control={control}
            name="code"
            render={({ field }) => (
              <CodeInput
                id="disable-code"
                ref={field.ref}
                maxLength={BACKUP_CODE_LENGTH}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                aria-describedby="disable-code-hint"
                look="compact"
              />
            )}
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
