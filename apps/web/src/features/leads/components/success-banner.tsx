import { CircleCheck, X } from 'lucide-react';
import { useEffect } from 'react';

export type SuccessMessage = { id: number; text: string; durationMs: number };

/** The green banner of the leads screen: closes with its button, or by itself after its duration
 * (each new message restarts the clock; pass a stable onClose). */
export function SuccessBanner({ message, onClose }: { message: SuccessMessage | null; onClose: () => void }) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onClose, message.durationMs);
    return () => clearTimeout(timer);
  }, [message, onClose]);

  return (
    <div role="status" aria-live="polite">
      {message && (
        <div className="mb-4 flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
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
