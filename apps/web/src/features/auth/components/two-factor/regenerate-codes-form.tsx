import { zodResolver } from '@hookform/resolvers/zod';
import { TWO_FACTOR_CODE_LENGTH, totpCodeSchema } from '@lantern/contracts';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useRegenerateBackupCodes } from '../../api/regenerate-backup-codes';
import { CodeInput } from '../code-input';

/** The API's code rule and words, after the screen's own word for an empty field. */
const regenerateDraftSchema = z.object({
  code: z.string().min(1, 'Please enter your current 2FA code').pipe(totpCodeSchema),
});
type RegenerateDraft = z.infer<typeof regenerateDraftSchema>;

type RegenerateFormProps = { onRegenerated: (codes: string[]) => void; onCancel: () => void };

export function RegenerateCodesForm({ onRegenerated, onCancel }: RegenerateFormProps) {
  // A problem is a toast; the code field keeps the keyboard (react-hook-form focuses it).
  const { control, handleSubmit, setValue, setFocus } = useForm<RegenerateDraft>({
    resolver: zodResolver(regenerateDraftSchema),
    defaultValues: { code: '' },
  });
  const regenerate = useRegenerateBackupCodes();

  function refuse(errors: FieldErrors<RegenerateDraft>) {
    if (errors.code?.message) notify.error(errors.code.message);
  }

  function submit({ code }: RegenerateDraft) {
    regenerate.mutate(code, {
      onSuccess: ({ backupCodes }) => {
        notify.success('New backup codes generated');
        onRegenerated(backupCodes);
      },
      onError: (error) => {
        notify.error(errorMessage(error, 'Failed to regenerate backup codes'));
        setValue('code', '');
        setFocus('code');
      },
    });
  }

  return (
    <form onSubmit={handleSubmit(submit, refuse)} noValidate className="space-y-5">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Regenerate backup codes</h3>
        <p className="mt-1 text-sm text-slate-600">
          New codes replace all of your current backup codes. Confirm with the code from your authenticator
          app.
        </p>
      </div>
      <div className="max-w-xs space-y-1.5">
        <Label htmlFor="regenerate-code">Current 2FA code</Label>
        <Controller
          control={control}
          name="code"
          render={({ field }) => (
            <CodeInput
              id="regenerate-code"
              ref={field.ref}
              autoFocus
              maxLength={TWO_FACTOR_CODE_LENGTH}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
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
