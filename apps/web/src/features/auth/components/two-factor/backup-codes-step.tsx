import { Copy, Download } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { downloadTextFile } from '@/lib/download';
import { notify } from '@/lib/notify';

const BACKUP_CODES_FILENAME = '2fa-backup-codes.txt';

function backupCodesFile(codes: string[], email: string | undefined): string {
  const lines = [
    'Lantern admin: two-factor backup codes',
    ...(email ? [`Account: ${email}`] : []),
    `Created: ${new Date().toLocaleString()}`,
    '',
    'Each code can be used once, in place of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ];
  return lines.join('\n');
}

type BackupCodesStepProps = { codes: string[]; email?: string; isRegenerated: boolean; onDone: () => void };

export function BackupCodesStep({ codes, email, isRegenerated, onDone }: BackupCodesStepProps) {
  async function copyCodes() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify.success('Backup codes copied to clipboard');
    } catch {
      notify.error('Could not copy the codes. Select them and copy them by hand.');
    }
  }

  function downloadCodes() {
    downloadTextFile(BACKUP_CODES_FILENAME, backupCodesFile(codes, email));
    notify.success('Backup codes downloaded');
  }

  return (
    <div className="space-y-5">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">
          {isRegenerated ? 'Your new backup codes' : 'Step 3 of 3: Save your backup codes'}
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          If you lose your phone, each of these codes lets you sign in once. Keep them somewhere safe.
        </p>
      </div>
      <Alert tone="warning">
        {isRegenerated
          ? 'Your previous backup codes no longer work. These codes are shown only now.'
          : 'These codes are shown only now.'}
      </Alert>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li
            key={code}
            data-testid="backup-code"
            className="rounded-md bg-white px-2 py-1.5 text-center font-mono text-sm tracking-wider text-slate-900 ring-1 ring-slate-200"
          >
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copyCodes()}>
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
        <Button variant="secondary" onClick={downloadCodes}>
          <Download className="size-4" aria-hidden="true" />
          Download
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
