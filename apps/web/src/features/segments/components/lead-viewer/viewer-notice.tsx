import { CircleCheck, X } from 'lucide-react';
import { useEffect } from 'react';

export type ViewerNoticeMessage = { id: number; text: string };

// Spec 8.3: the move confirmation hides after 3 s; the viewer's other confirmations follow it.
const NOTICE_MS = 3000;

/**
 * A success message inside the viewer, hidden after 3 s. Shown in the dialog rather than as a toast so
 * it is announced and visible within the modal (pass a stable onClose).
 */
export function ViewerNotice({
  message,
  onClose,
}: {
  message: ViewerNoticeMessage | null;
  onClose: () => void;
}) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onClose, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [message, onClose]);

  return (
    <div role="status" aria-live="polite">
      {message && (
        <div className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-2.5 text-sm text-emerald-800">
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 flex-1 font-medium">{message.text}</p>
          <button
            type="button"
            onClick={onClose}
            className="-my-1 -mr-2 rounded-md p-1 text-emerald-700 hover:bg-emerald-100 hover:text-emerald-900"
            aria-label="Dismiss message"
            title="Dismiss"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}
