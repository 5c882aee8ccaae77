import type { TwoFactorSetupResponse } from '@lantern/contracts';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useTwoFactorStatus } from '../../api/get-two-factor-status';
import { useStartTwoFactorSetup } from '../../api/start-two-factor-setup';
import { BackupCodesStep } from './backup-codes-step';
import { DisableTwoFactorForm } from './disable-two-factor-form';
import { RegenerateCodesForm } from './regenerate-codes-form';
import { SetupStep } from './setup-step';
import { TwoFactorStatusView } from './two-factor-status-view';
import { VerifyStep } from './verify-step';

// Spec 4.3: status -> setup (QR) -> verify -> complete (backup codes) -> status; from enabled,
// regenerate (code, then complete) or disable (password and code, in-panel confirm, then status).
type PanelStep =
  | { name: 'status' }
  | { name: 'setup' | 'verify'; setup: TwoFactorSetupResponse }
  | { name: 'complete'; backupCodes: string[]; isRegenerated: boolean }
  | { name: 'regenerate' }
  | { name: 'disable' };

export function TwoFactorPanel() {
  const [step, setStep] = useState<PanelStep>({ name: 'status' });
  const status = useTwoFactorStatus();
  const startSetup = useStartTwoFactorSetup();
  const email = useSession()?.user.email;
  const showStatus = () => setStep({ name: 'status' });

  function enable() {
    startSetup.mutate(undefined, {
      onSuccess: (setup) => {
        notify.success('QR code generated! Scan with your authenticator app');
        setStep({ name: 'setup', setup });
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to start 2FA setup')),
    });
  }

  function renderStep() {
    switch (step.name) {
      case 'setup':
        return (
          <SetupStep
            setup={step.setup}
            onContinue={() => setStep({ name: 'verify', setup: step.setup })}
            onCancel={showStatus}
          />
        );
      case 'verify':
        return (
          <VerifyStep
            onVerified={() =>
              setStep({ name: 'complete', backupCodes: step.setup.backupCodes, isRegenerated: false })
            }
            onBack={() => setStep({ name: 'setup', setup: step.setup })}
          />
        );
      case 'complete':
        return (
          <BackupCodesStep
            codes={step.backupCodes}
            email={email}
            isRegenerated={step.isRegenerated}
            onDone={showStatus}
          />
        );
      case 'regenerate':
        return (
          <RegenerateCodesForm
            onRegenerated={(backupCodes) => setStep({ name: 'complete', backupCodes, isRegenerated: true })}
            onCancel={showStatus}
          />
        );
      case 'disable':
        return <DisableTwoFactorForm onDisabled={showStatus} onCancel={showStatus} />;
      case 'status':
        return renderStatus();
    }
  }

  function renderStatus() {
    if (status.isPending) {
      return (
        <div className="flex items-center gap-3 text-sm text-slate-600">
          <Spinner size="sm" className="text-indigo-600" />
          Loading 2FA status...
        </div>
      );
    }
    if (status.isError) {
      return (
        <div className="space-y-3">
          <Alert tone="error">{errorMessage(status.error, 'Failed to load 2FA status')}</Alert>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void status.refetch()}
            isLoading={status.isFetching}
          >
            Try again
          </Button>
        </div>
      );
    }
    return (
      <TwoFactorStatusView
        status={status.data}
        isStartingSetup={startSetup.isPending}
        onEnable={enable}
        onRegenerate={() => setStep({ name: 'regenerate' })}
        onDisable={() => setStep({ name: 'disable' })}
      />
    );
  }

  return (
    <Card aria-labelledby="two-factor-title">
      <CardHeader
        icon={<ShieldCheck className="size-5" aria-hidden="true" />}
        title={<span id="two-factor-title">Two-Factor Authentication</span>}
        description="A code from your phone, asked for at every sign-in, keeps your account safe even if your password leaks."
      />
      <CardContent>{renderStep()}</CardContent>
    </Card>
  );
}
