import { KeyRound } from 'lucide-react';
import { useLoginHint } from '../api/get-login-hint';

/** The development default account, shown only while the server says it still has its default password. */
export function LoginHint() {
  const { data } = useLoginHint();
  const credentials = data?.devCredentials;
  if (!credentials) return null;
  return (
    <aside
      aria-label="Development account"
      className="rounded-lg border border-dashed border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="flex items-center gap-2 font-medium">
        <KeyRound className="size-4" aria-hidden="true" />
        Development account
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt>Email</dt>
        <dd className="font-mono break-all">{credentials.email}</dd>
        <dt>Password</dt>
        <dd className="font-mono break-all">{credentials.password}</dd>
      </dl>
      <p className="mt-2 text-xs text-amber-800">
        This hint disappears once the default password is changed.
      </p>
    </aside>
  );
}
