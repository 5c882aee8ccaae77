import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorBanner } from '@/components/ui/error-banner';

/** A part of the screen that failed to load: the banner first, once dismissed a quiet Try again. */
export function LoadFailed({
  message,
  onRetry,
  isRetrying,
}: {
  message: string;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const [isDismissed, setIsDismissed] = useState(false);
  if (!isDismissed) {
    return (
      <ErrorBanner
        message={message}
        onDismiss={() => setIsDismissed(true)}
        onRetry={onRetry}
        isRetrying={isRetrying}
      />
    );
  }
  return (
    <Card>
      <EmptyState
        icon={CircleAlert}
        title={message}
        action={
          <Button variant="secondary" onClick={onRetry} isLoading={isRetrying}>
            Try again
          </Button>
        }
      />
    </Card>
  );
}
