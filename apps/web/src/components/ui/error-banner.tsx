import { CircleAlert } from 'lucide-react';
import { Button } from './button';

type ErrorBannerProps = {
  message: string;
  onDismiss: () => void;
  /** Offers Try again beside Dismiss (a list that failed to load). */
  onRetry?: () => void;
  isRetrying?: boolean;
};

/** A screen's red banner: announced as it appears, closed with Dismiss. */
export function ErrorBanner({ message, onDismiss, onRetry, isRetrying }: ErrorBannerProps) {
  const buttonStyles = 'text-red-800 hover:bg-red-100';
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-start gap-x-3 gap-y-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">{message}</p>
      <div className="-my-1 ml-auto flex items-center gap-1">
        {onRetry && (
          <Button variant="ghost" size="sm" className={buttonStyles} onClick={onRetry} isLoading={isRetrying}>
            Try again
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onDismiss} className={buttonStyles}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}
