import { Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useMe } from '@/features/auth/api/get-me';
import { useSession } from '@/lib/session';

/**
 * Guards every admin route: no session sends the visitor to /login (remembering where they were going);
 * a stored session is checked with the server once, behind a spinner. When any call answers 401/403 the
 * API client clears the session and this guard re-renders into the redirect.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const me = useMe({ enabled: session !== null });

  if (!session) return <Navigate to="/login" replace state={{ from: location }} />;
  if (me.isPending) return <FullPageSpinner label="Checking your session..." />;
  if (me.isError) {
    return (
      <div className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 px-6">
        <Alert tone="error" title="Could not check your session">
          The server did not answer. Check your connection and try again.
        </Alert>
        <Button onClick={() => void me.refetch()} isLoading={me.isFetching} className="self-start">
          Try again
        </Button>
      </div>
    );
  }
  return <Outlet />;
}
