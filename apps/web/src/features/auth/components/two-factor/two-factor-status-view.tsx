import type { TwoFactorStatus } from '@lantern/contracts';
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

function formatSetupAt(setupAt: string | null): string | null {
  if (!setupAt) return null;
  const date = new Date(setupAt);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

type StatusViewProps = {
  status: TwoFactorStatus;
  isStartingSetup: boolean;
  onEnable: () => void;
  onRegenerate: () => void;
  onDisable: () => void;
};

export function TwoFactorStatusView({
  status,
  isStartingSetup,
  onEnable,
  onRegenerate,
  onDisable,
}: StatusViewProps) {
  if (!status.enabled) {
    return (
      <div className="space-y-4">
        <div className="flex items-start gap-3">
          <ShieldOff className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
          <div className="space-y-1">
            <p className="text-sm font-medium text-slate-900">
              Status: <Badge tone="neutral">Disabled</Badge>
            </p>
            <p className="text-sm text-slate-600">
              Anyone who knows your password can sign in. Turn on two-factor authentication to also ask for a
              code from an authenticator app on your phone.
            </p>
          </div>
        </div>
        <Button onClick={onEnable} isLoading={isStartingSetup}>
          {!isStartingSetup && <ShieldCheck className="size-4" aria-hidden="true" />}
          Enable 2FA
        </Button>
      </div>
    );
  }

  const setupAt = formatSetupAt(status.setupAt);
  return (
    <div className="space-y-4">
      <div className="flex items-start gap-3">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
        <div className="space-y-1">
          <p className="text-sm font-medium text-slate-900">
            Status: <Badge tone="success">Enabled</Badge>
          </p>
          <p className="text-sm text-slate-600">
            Signing in asks for a code from your authenticator app.
            {setupAt && <> Turned on {setupAt}.</>}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onRegenerate}>
          <KeyRound className="size-4" aria-hidden="true" />
          Regenerate Backup Codes
        </Button>
        <Button variant="danger" onClick={onDisable}>
          <ShieldOff className="size-4" aria-hidden="true" />
          Disable 2FA
        </Button>
      </div>
    </div>
  );
}
