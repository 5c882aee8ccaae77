import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** A failed page load (typically a new deployment replaced the page's files) or a crash in a page. */
export function RouteError() {
  const error = useRouteError();
  const isMissingChunk =
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed/i.test(error.message);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;

  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md p-8 text-center">
        <h1 className="text-lg font-semibold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-sm text-slate-600">
          {isMissingChunk
            ? 'Lantern was updated since this page was opened. Reload to get the new version.'
            : 'This page could not be shown. Reloading usually helps; if it keeps happening, tell your administrator.'}
        </p>
        {detail && <p className="mt-2 font-mono text-xs text-slate-600">{detail}</p>}
        <div className="mt-6 flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <Link to="/" className={buttonStyles('secondary')}>
            Go to Dashboard
          </Link>
        </div>
      </Card>
    </div>
  );
}
