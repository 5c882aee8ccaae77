import { TooManyRequestsError } from '../../http/errors';

/**
 * A per-visitor message limit (fixed one-minute windows, in memory). @fastify/rate-limit limits
 * per address on the same routes, but it runs one limiter per request, and the visitor id is only
 * known once the body is read; hence this small one. Old windows are dropped as it goes, and the
 * map never holds more than `maxKeys` visitors (the oldest go first).
 */
export function createVisitorLimiter(options: { max: number; windowMs?: number; maxKeys?: number }) {
  const windowMs = options.windowMs ?? 60_000;
  const maxKeys = options.maxKeys ?? 50_000;
  const windows = new Map<string, { start: number; count: number }>();

  return {
    /** Counts one call; throws 429 with the wait when the visitor is over the limit. */
    hit(visitorId: string, message: string, now = Date.now()): void {
      let w = windows.get(visitorId);
      if (!w || now - w.start >= windowMs) {
        windows.delete(visitorId);
        w = { start: now, count: 0 };
        windows.set(visitorId, w);
        if (windows.size > maxKeys) windows.delete(windows.keys().next().value!);
      }
      w.count += 1;
      if (w.count > options.max) {
        const seconds = Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
        throw new TooManyRequestsError(`${message} Please wait ${seconds} seconds and try again.`, seconds);
      }
    },
  };
}
