// Plain constants, free of zod, so the login page can import them without the schema library.
/** Local-storage keys of the admin session (spec: "kept in browser local storage under fixed keys"). */
export const AUTH_STORAGE_KEYS = {
  token: 'lantern.admin-token',
  user: 'lantern.admin-user',
} as const;

export const TWO_FACTOR_CODE_LENGTH = 6;
export const BACKUP_CODE_LENGTH = 8;
export const BACKUP_CODE_COUNT = 10;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/**
 * Failures inside the window before a 429: per address, per session, and per account for two-factor
 * codes. An account with this many failed passwords admits only addresses that have not failed for it.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
