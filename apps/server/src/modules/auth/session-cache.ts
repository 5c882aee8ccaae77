import type { AdminUserRow } from './auth.tables';

/** A live session with its admin, as the repository reads it and this cache keeps it. */
export type SessionWithUser = { sessionId: string; lastUsedAt: Date; expiresAt: Date; user: AdminUserRow };

type Entry = { value: SessionWithUser; expiresAt: Date; cachedAt: number };

/**
 * Keeps recently seen live sessions in memory for a few seconds, so an authenticated request
 * does not query the database every time. Writes on this instance (logout, password or
 * two-factor changes) evict at once; another instance's revocation is seen within `ttlMs`.
 */
export function createSessionCache(ttlMs: number, maxEntries = 10_000) {
  const entries = new Map<string, Entry>();

  const evictWhere = (match: (e: Entry) => boolean) => {
    for (const [key, entry] of entries) if (match(entry)) entries.delete(key);
  };

  return {
    get(tokenHash: string, idleSince: Date): SessionWithUser | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      const now = Date.now();
      const stale = now - entry.cachedAt > ttlMs;
      const ended = entry.expiresAt.getTime() <= now || entry.value.lastUsedAt <= idleSince;
      if (stale || ended) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.value;
    },

    set(tokenHash: string, value: SessionWithUser, expiresAt: Date): void {
      if (ttlMs <= 0) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { value, expiresAt, cachedAt: Date.now() });
    },

    evictSession(sessionId: string): void {
      evictWhere((e) => e.value.sessionId === sessionId);
    },

    evictUser(userId: string): void {
      evictWhere((e) => e.value.user.id === userId);
    },
  };
}
