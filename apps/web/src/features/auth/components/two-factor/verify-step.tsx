import { zodResolver } from '@hookform/resolvers/zod';
import { TWO_FACTOR_CODE_LENGTH, verifySetupRequestSchema } from '@lantern/contracts';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useVerifyTwoFactorSetup } from '../../api/verify-two-factor-setup';
import { CodeInput } from '../code-input';

type VerifyStepProps = { onVerified: () => void; onBack: () => void };
type VerifyDraft = { code: string };

export function VerifyStep({ onVerified, onBack }: VerifyStepProps) {
  // A problem is a toast; the code field keeps the keyboard (react-hook-form focuses it).
  const { control, handleSubmit, setValue, setFocus } = useForm<VerifyDraft>({
    resolver: zodResolver(verifySetupRequestSchema),
    defaultValues: { code: '' },
  });
  const verify = useVerifyTwoFactorSetup();

  function refuse(errors: FieldErrors<VerifyDraft>) {
    if (errors.code?.message) notify.error(errors.code.message);
  }

  function submit({ code }: VerifyDraft) {
    verify.mutate(code, {
      onSuccess: () => {
        notify.success('2FA enabled successfully!');
        onVerified();
      },
      onError: (error) => {
        notify.error(errorMessage(error, 'Invalid verification code'));
        setValue('code', '');
        setFocus('code');
      },
    });
  }

  return (
    <form onSubmit={handleSubmit(submit, refuse)} noValidate className="space-y-5">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Step 2 of 3: Enter the code</h3>
        <p className="mt-1 text-sm text-slate-600">
          Type the 6-digit code your authenticator app now shows for Lantern.
        </p>
      </div>
      <div className="max-w-xs space-y-1.5">
        <Label htmlFor="two-factor-setup-code">Verification code</Label>
        <Controller
          control={control}
          name="code"
          render={({ field }) => (
            <CodeInput
              id="two-factor-setup-code"
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
        <Button type="submit" isLoading={verify.isPending}>
          {verify.isPending ? 'Verifying...' : 'Verify & Enable'}
        </Button>
        <Button variant="secondary" onClick={onBack} disabled={verify.isPending}>
          Back
        </Button>
      </div>
    </form>
  );
}
