import { toast } from 'sonner';

// Spec: admin toasts last 4 s for errors and 2 s for success.
export const TOAST_DURATION_MS = { error: 4000, success: 2000 } as const;

export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_DURATION_MS.success }),
  error: (message: string) => toast.error(message, { duration: TOAST_DURATION_MS.error }),
};
