import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** The red banner of the resources screen: announced as it appears, closed with Dismiss. */
export function ErrorBanner({
  message,
  onDismiss,
  actions,
}: {
  message: string;
  onDismiss: () => void;
  /** More buttons beside Dismiss (Try again). */
  actions?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-start gap-x-3 gap-y-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">{message}</p>
      <div className="-my-1 ml-auto flex items-center gap-1">
        {actions}
        <Button variant="ghost" size="sm" onClick={onDismiss} className="text-red-800 hover:bg-red-100">
          Dismiss
        </Button>
      </div>
    </div>
  );
}
