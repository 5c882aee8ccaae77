import { AUTH_STORAGE_KEYS, type AdminUser } from '@lantern/contracts';
import { useSyncExternalStore } from 'react';

/** The signed-in admin, kept in local storage under the contract's fixed keys. */
export type Session = { token: string; user: AdminUser };

const listeners = new Set<() => void>();

function isAdminUser(value: unknown): value is AdminUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.id === 'string' &&
    typeof user.name === 'string' &&
    typeof user.email === 'string' &&
    typeof user.twoFactorEnabled === 'boolean'
  );
}

function readStoredSession(): Session | null {
  try {
    const token = localStorage.getItem(AUTH_STORAGE_KEYS.token);
    const user: unknown = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEYS.user) ?? 'null');
    return token && isAdminUser(user) ? { token, user } : null;
  } catch {
    // Storage blocked or a hand-edited value: treat as signed out.
    return null;
  }
}

// Cached so useSyncExternalStore gets a stable snapshot between changes.
let current = readStoredSession();

function publish(session: Session | null) {
  current = session;
  listeners.forEach((listener) => listener());
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the session lives only as long as this page.
  }
}

export function getSession(): Session | null {
  return current;
}

export function setSession(session: Session): void {
  write(AUTH_STORAGE_KEYS.token, session.token);
  write(AUTH_STORAGE_KEYS.user, JSON.stringify(session.user));
  publish(session);
}

export function updateSessionUser(user: AdminUser): void {
  if (!current) return;
  write(AUTH_STORAGE_KEYS.user, JSON.stringify(user));
  publish({ ...current, user });
}

export function clearSession(): void {
  write(AUTH_STORAGE_KEYS.token, null);
  write(AUTH_STORAGE_KEYS.user, null);
  publish(null);
}

/**
 * Ends the session for good (sign-out): forgets it and reloads the app at /login, so nothing of the
 * account stays in memory. Subscribers are not told: the route guard would start its own redirect
 * (remembering the current page), which races the reload.
 */
export function clearSessionAndReload(): void {
  write(AUTH_STORAGE_KEYS.token, null);
  write(AUTH_STORAGE_KEYS.user, null);
  window.location.replace('/login');
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Signing out (or in) in another tab applies here too.
window.addEventListener('storage', (event) => {
  const keys: Array<string | null> = [AUTH_STORAGE_KEYS.token, AUTH_STORAGE_KEYS.user, null];
  if (keys.includes(event.key)) publish(readStoredSession());
});

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession);
}
