import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A panel's load failure in place of its content, with the spec's words and a way to try again. */
export function LoadFailed({
  message,
  onRetry,
  isRetrying,
}: {
  message: string;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <CircleAlert className="size-6 text-red-700" aria-hidden="true" />
      <p className="text-sm font-medium text-red-800">{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry} isLoading={isRetrying}>
        Try again
      </Button>
    </div>
  );
}
