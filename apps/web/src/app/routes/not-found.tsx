import { Compass } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export default function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <Card className="mx-auto mt-8 flex max-w-lg flex-col items-center px-6 py-14 text-center">
      <title>Page not found · Lantern Admin</title>
      <div className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        <Compass className="size-6" aria-hidden="true" />
      </div>
      <h1 className="mt-4 text-lg font-semibold text-slate-900">Page not found</h1>
      <p className="mt-1 text-sm text-slate-600">
        There is no page at <span className="font-mono break-all text-slate-800">{pathname}</span>. It may
        have moved, or the link may be mistyped.
      </p>
      <Link to="/" className={buttonStyles('primary', 'md', 'mt-6')}>
        Go to Dashboard
      </Link>
    </Card>
  );
}
