import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Changes a list screen's state kept in the address (page, filters, tab): `change` edits the
 * parameters; `replace` keeps typing out of the Back button's history.
 */
export function useUrlParamsUpdate() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (change: (next: URLSearchParams) => void, replace = false) =>
      setParams(
        () => {
          // From the address bar, not the last render: two quick changes must both land (the router
          // renders its new location in a transition, so its `prev` can still be the older one).
          const next = new URLSearchParams(window.location.search);
          change(next);
          return next;
        },
        { replace, preventScrollReset: true },
      ),
    [setParams],
  );
}
