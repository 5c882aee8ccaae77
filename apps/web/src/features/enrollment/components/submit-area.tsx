import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';

/** A failed send is announced where the parent is looking: next to the button, scrolled into view. */
const scrollIntoView = (element: HTMLElement | null) => element?.scrollIntoView({ block: 'center' });

type SubmitAreaProps = {
  isBusy: boolean;
  /** The spec's alert text, the server's own explanation when it gave one, and when it was sent. */
  problem: { alert: string; detail: string | null; attempt: number } | null;
};

export function SubmitArea({ isBusy, problem }: SubmitAreaProps) {
  return (
    <div className="space-y-4 bg-slate-50 px-4 py-6 sm:px-8">
      {problem && (
        <div key={problem.attempt} ref={scrollIntoView}>
          <Alert tone="error" title={problem.alert}>
            {problem.detail}
          </Alert>
        </div>
      )}
      <button
        type="submit"
        disabled={isBusy}
        aria-busy={isBusy || undefined}
        className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-(--enroll-primary) px-6 text-base font-semibold text-(--enroll-primary-text) shadow-sm transition-colors hover:bg-(--enroll-primary-hover) disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto sm:min-w-64"
      >
        {isBusy && <Spinner size="sm" />}
        {isBusy ? 'Submitting...' : 'Submit & Get Resources'}
      </button>
    </div>
  );
}
