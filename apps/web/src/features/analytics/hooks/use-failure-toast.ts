import { useEffect, useRef } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/** Toasts the spec's message once per failure of a query (a retry that fails again toasts again). */
export function useFailureToast(
  query: { isError: boolean; error: unknown; errorUpdatedAt: number },
  fallback: string,
) {
  const toasted = useRef(0);
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (!isError || toasted.current === errorUpdatedAt) return;
    toasted.current = errorUpdatedAt;
    notify.error(errorMessage(error, fallback));
  }, [isError, error, errorUpdatedAt, fallback]);
}
