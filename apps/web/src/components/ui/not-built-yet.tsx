import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './card';

/** The honest stand-in for a screen that does not exist yet: no sample data, no dead buttons. */
export function NotBuiltYet({ children }: { children?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center px-6 py-14 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Construction className="size-6" aria-hidden="true" />
      </div>
      <p className="mt-4 text-base font-semibold text-slate-900">This area is not built yet.</p>
      <p className="mt-1 max-w-md text-sm text-slate-600">
        {children ?? 'Its screens will appear here once they are ready.'}
      </p>
    </Card>
  );
}
