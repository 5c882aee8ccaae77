import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { createSessionCache, type SessionWithUser } from './session-cache';
import {
  adminBackupCodes,
  adminSessions,
  adminUsers,
  authFailures,
  type AdminUserRow,
  type FailureKind,
  type FailureScope,
} from './auth.tables';

export type { SessionWithUser };

/** sessionCacheSeconds 0 turns the in-memory session cache off. */
export function createAuthRepository(db: Database, options: { sessionCacheSeconds?: number } = {}) {
  const cache = createSessionCache((options.sessionCacheSeconds ?? 0) * 1000);
  return {
    async countUsers(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(adminUsers);
      return row?.n ?? 0;
    },

    async findUserByEmail(email: string): Promise<AdminUserRow | undefined> {
      const [row] = await db.select().from(adminUsers).where(eq(adminUsers.email, email.toLowerCase()));
      return row;
    },

    async getUserById(id: string): Promise<AdminUserRow | undefined> {
      const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
      return row;
    },

    async insertUser(values: typeof adminUsers.$inferInsert): Promise<AdminUserRow> {
      const [row] = await db
        .insert(adminUsers)
        .values({ ...values, email: values.email.toLowerCase() })
        .returning();
      return row!;
    },

    async updateUser(id: string, values: Partial<typeof adminUsers.$inferInsert>): Promise<void> {
      cache.evictUser(id);
      await db
        .update(adminUsers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(adminUsers.id, id));
    },

    /** Stores a TOTP step only if it is newer than the last one used: a code cannot be replayed. */
    async claimTotpStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(adminUsers)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(adminUsers.id, userId),
            sql`(${adminUsers.totpLastStep} is null or ${adminUsers.totpLastStep} < ${step})`,
          ),
        )
        .returning({ id: adminUsers.id });
      return rows.length === 1;
    },

    async insertSession(values: typeof adminSessions.$inferInsert): Promise<void> {
      await db.insert(adminSessions).values(values);
    },

    async findLiveSession(tokenHash: string, idleSince: Date): Promise<SessionWithUser | undefined> {
      const cached = cache.get(tokenHash, idleSince);
      if (cached) return cached;
      const now = new Date();
      const [row] = await db
        .select({
          sessionId: adminSessions.id,
          lastUsedAt: adminSessions.lastUsedAt,
          expiresAt: adminSessions.expiresAt,
          user: adminUsers,
        })
        .from(adminSessions)
        .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
        .where(
          and(
            eq(adminSessions.tokenHash, tokenHash),
            isNull(adminSessions.revokedAt),
            gt(adminSessions.expiresAt, now),
            gt(adminSessions.lastUsedAt, idleSince),
          ),
        );
      if (row) cache.set(tokenHash, row, row.expiresAt);
      return row;
    },

    async touchSession(sessionId: string): Promise<void> {
      cache.evictSession(sessionId);
      await db.update(adminSessions).set({ lastUsedAt: new Date() }).where(eq(adminSessions.id, sessionId));
    },

    async revokeSession(sessionId: string): Promise<void> {
      cache.evictSession(sessionId);
      await db
        .update(adminSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(adminSessions.id, sessionId), isNull(adminSessions.revokedAt)));
    },

    /** Revokes every live session of the user except `keepSessionId` (when given). */
    async revokeUserSessions(userId: string, keepSessionId?: string): Promise<string[]> {
      cache.evictUser(userId);
      const conditions = [eq(adminSessions.userId, userId), isNull(adminSessions.revokedAt)];
      if (keepSessionId) conditions.push(ne(adminSessions.id, keepSessionId));
      const rows = await db
        .update(adminSessions)
        .set({ revokedAt: new Date() })
        .where(and(...conditions))
        .returning({ id: adminSessions.id });
      return rows.map((r) => r.id);
    },

    async replaceBackupCodes(userId: string, codeHashes: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(adminBackupCodes).where(eq(adminBackupCodes.userId, userId));
        if (codeHashes.length > 0) {
          await tx.insert(adminBackupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
        }
      });
    },

    /** Marks an unused backup code as used; true only for the first caller. */
    async consumeBackupCode(userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(adminBackupCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(adminBackupCodes.userId, userId),
            eq(adminBackupCodes.codeHash, codeHash),
            isNull(adminBackupCodes.usedAt),
          ),
        )
        .returning({ id: adminBackupCodes.id });
      return rows.length === 1;
    },

    async insertFailures(rows: (typeof authFailures.$inferInsert)[]): Promise<void> {
      await db.insert(authFailures).values(rows);
    },

    /** The most recent failures inside the window, newest first. */
    async recentFailures(
      scope: FailureScope,
      key: string,
      kind: FailureKind,
      since: Date,
      limit: number,
    ): Promise<Date[]> {
      const rows = await db
        .select({ createdAt: authFailures.createdAt })
        .from(authFailures)
        .where(
          and(
            eq(authFailures.scope, scope),
            eq(authFailures.key, key),
            eq(authFailures.kind, kind),
            gt(authFailures.createdAt, since),
          ),
        )
        .orderBy(desc(authFailures.createdAt))
        .limit(limit);
      return rows.map((r) => r.createdAt);
    },

    async clearFailures(scope: FailureScope, key: string, kind: FailureKind) {
      await db
        .delete(authFailures)
        .where(and(eq(authFailures.scope, scope), eq(authFailures.key, key), eq(authFailures.kind, kind)));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
