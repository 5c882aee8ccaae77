import { TWO_FACTOR_CODE_LENGTH } from '@lantern/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useVerifyTwoFactorSetup } from '../../api/verify-two-factor-setup';
import { CodeInput } from '../code-input';

type VerifyStepProps = { onVerified: () => void; onBack: () => void };

export function VerifyStep({ onVerified, onBack }: VerifyStepProps) {
  const [code, setCode] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const verify = useVerifyTwoFactorSetup();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.length !== TWO_FACTOR_CODE_LENGTH) {
      notify.error('Please enter a valid 6-digit code');
      inputRef.current?.focus();
      return;
    }
    verify.mutate(code, {
      onSuccess: () => {
        notify.success('2FA enabled successfully!');
        onVerified();
      },
      onError: (error) => {
        notify.error(errorMessage(error, 'Invalid verification code'));
        setCode('');
        inputRef.current?.focus();
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Step 2 of 3: Enter the code</h3>
        <p className="mt-1 text-sm text-slate-600">
          Type the 6-digit code your authenticator app now shows for Lantern.
        </p>
      </div>
      <div className="max-w-xs space-y-1.5">
        <Label htmlFor="two-factor-setup-code">Verification code</Label>
        <CodeInput
          id="two-factor-setup-code"
          ref={inputRef}
          autoFocus
          maxLength={TWO_FACTOR_CODE_LENGTH}
          value={code}
          onValueChange={setCode}
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
