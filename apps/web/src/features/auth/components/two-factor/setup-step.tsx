import type { TwoFactorSetupResponse } from '@lantern/contracts';
import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';

type SetupStepProps = { setup: TwoFactorSetupResponse; onContinue: () => void; onCancel: () => void };

export function SetupStep({ setup, onContinue, onCancel }: SetupStepProps) {
  async function copyKey() {
    try {
      await navigator.clipboard.writeText(setup.secret);
      notify.success('Key copied to clipboard');
    } catch {
      notify.error('Could not copy the key. Select it and copy it by hand.');
    }
  }

  return (
    <div className="space-y-5">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Step 1 of 3: Scan the QR code</h3>
        <p className="mt-1 text-sm text-slate-600">
          Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator
          or 1Password) and scan this code.
        </p>
      </div>
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <img
          src={setup.qrCodeUrl}
          alt="QR code to add Lantern to your authenticator app"
          width={192}
          height={192}
          className="size-48 shrink-0 rounded-lg border border-slate-200 bg-white p-2"
        />
        <div className="min-w-0 space-y-2">
          <p className="text-sm font-medium text-slate-800">Can&apos;t scan? Enter this key</p>
          <code
            data-testid="totp-secret"
            className="block rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm tracking-wider break-all text-slate-900 select-all"
          >
            {setup.secret}
          </code>
          <Button variant="ghost" size="sm" onClick={() => void copyKey()}>
            <Copy className="size-4" aria-hidden="true" />
            Copy key
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onContinue}>Continue</Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
