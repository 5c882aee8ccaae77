import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/**
 * Asks before unsaved settings are lost: leaving for another area of the console (an accessible
 * dialog) or closing and reloading the tab (the browser's own question). Tabs of the page, which
 * only change ?tab=, keep the draft and are not asked about.
 */
export function UnsavedChangesGuard({ hasChanges }: { hasChanges: boolean }) {
  // Not when the session ends (Sign Out, an expired session): the way to /login is never blocked.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasChanges && currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== '/login',
  );

  useEffect(() => {
    if (!hasChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a return value to ask.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasChanges]);

  if (blocker.state !== 'blocked') return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) blocker.reset();
      }}
      title="Leave without saving?"
      description="Your changes to the widget settings have not been saved. If you leave now, they will be lost."
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.reset()}>
            Stay on this page
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed()}>
            Leave without saving
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">Choose Stay on this page, then Save Changes to keep them.</p>
    </Dialog>
  );
}
