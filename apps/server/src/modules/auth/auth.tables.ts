import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const adminUsers = pgTable('admin_users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** True while the development default account still has its default password (drives the login hint). */
  usesDefaultPassword: boolean('uses_default_password').notNull().default(false),
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
  /** AES-256-GCM ciphertext of the TOTP secret; never stored in clear. */
  totpSecretEnc: text('totp_secret_enc'),
  totpPendingSecretEnc: text('totp_pending_secret_enc'),
  /** Last accepted TOTP time step, so a code cannot be replayed. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  pendingBackupCodeHashes: jsonb('pending_backup_code_hashes').$type<string[]>(),
  ...timestamps,
});

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('admin_sessions_token_hash_idx').on(t.tokenHash),
    index('admin_sessions_user_idx').on(t.userId),
  ],
);

export const adminBackupCodes = pgTable(
  'admin_backup_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    /** Keyed HMAC of the code (8 digits are too few for a plain hash). */
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_backup_codes_user_code_idx').on(t.userId, t.codeHash)],
);

/** What a failure is counted against (login-throttle.ts): `account_address` keys are "address account". */
export type FailureScope = 'account' | 'address' | 'account_address' | 'session';
export type FailureKind = 'password' | 'two_factor';

/** Failed password and two-factor checks, one row per scope they count against, for the lockout window. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scope: text('scope').$type<FailureScope>().notNull(),
    key: text('key').notNull(),
    kind: text('kind').$type<FailureKind>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_failures_lookup_idx').on(t.scope, t.key, t.kind, t.createdAt)],
);

export type AdminUserRow = typeof adminUsers.$inferSelect;
