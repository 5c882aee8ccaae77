import { Navigate, useLocation } from 'react-router';
import { Card } from '@/components/ui/card';
import { LogoMark } from '@/components/ui/logo';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useMe } from '@/features/auth/api/get-me';
import { LoginForm } from '@/features/auth/components/login-form';
import { LoginHint } from '@/features/auth/components/login-hint';
import { useSession } from '@/lib/session';

/** The page the guard sent the visitor away from, or the dashboard. Never back to /login itself. */
function redirectTarget(state: unknown): string {
  const from = (state as { from?: { pathname?: string; search?: string; hash?: string } } | null)?.from;
  if (!from?.pathname?.startsWith('/') || from.pathname.startsWith('/login')) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function LoginRoute() {
  const session = useSession();
  const location = useLocation();
  const me = useMe({ enabled: session !== null });

  if (session && me.isSuccess) return <Navigate to={redirectTarget(location.state)} replace />;
  if (session && me.isPending) return <FullPageSpinner label="Checking your session..." />;

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-indigo-50 via-slate-50 to-slate-100">
      <title>Sign in · Lantern Admin</title>
      <main className="flex flex-1 flex-col items-center justify-center px-4 py-12">
        <div className="mb-8 flex flex-col items-center text-center">
          <LogoMark className="size-12" />
          <p className="mt-3 text-2xl font-semibold tracking-tight text-slate-900">Lantern</p>
          <p className="text-sm text-slate-600">Admissions console</p>
        </div>
        <Card className="w-full max-w-md p-8 shadow-lg shadow-indigo-900/5">
          <LoginForm />
        </Card>
        <div className="mt-6 w-full max-w-md">
          <LoginHint />
        </div>
      </main>
      <footer className="pb-6 text-center text-xs text-slate-600">For school staff only.</footer>
    </div>
  );
}
