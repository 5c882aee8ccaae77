import type { Segment } from '@lantern/contracts';
import { useCallback, useRef, useState } from 'react';
import type { SegmentsRefetchInterval } from '../api/get-segments';

const POLL_MS = 2000;
// The server evaluates in the background, usually within seconds; stop asking after this long anyway.
const GIVE_UP_MS = 20_000;

type Watched = { lastEvaluated: string | null; until: number };

/**
 * After a save the server re-evaluates the segment in the background: the list is polled every 2 s
 * until each saved segment's last_evaluated moves on from what the save answered (or 20 s pass).
 * Compared with the server's own value, so the browser's clock does not matter.
 */
export function useEvaluationWatch() {
  const watched = useRef(new Map<string, Watched>());
  // A render after each watch() lets the list's query read its interval again.
  const [, setWatchCount] = useState(0);

  const watch = useCallback((segment: Segment) => {
    // The server's job re-tags active auto-tag segments that have rules; others are never stamped.
    const hasRules = (segment.inclusion_rules?.conditions.length ?? 0) > 0;
    if (!hasRules || !segment.is_active || !segment.auto_tag) return;
    watched.current.set(segment.id, {
      lastEvaluated: segment.last_evaluated,
      until: Date.now() + GIVE_UP_MS,
    });
    setWatchCount((n) => n + 1);
  }, []);

  const refetchInterval = useCallback<SegmentsRefetchInterval>((query) => {
    const segments = query.state.data ?? [];
    const now = Date.now();
    for (const [id, entry] of watched.current) {
      const segment = segments.find((s) => s.id === id);
      const isDone = !segment || segment.last_evaluated !== entry.lastEvaluated || now > entry.until;
      if (isDone) watched.current.delete(id);
    }
    return watched.current.size > 0 ? POLL_MS : false;
  }, []);

  return { watch, refetchInterval };
}
