import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_MAX_FAILURES } from '@lantern/contracts';
import { TooManyRequestsError } from '../../http/errors';
import type { AuthRepository } from './auth.repository';

type Kind = 'password' | 'two_factor';
export type ThrottleSubject = { account: string; address: string; kind: Kind };

const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;

/**
 * Lockout after repeated failures, counted in the database so it holds across instances:
 * 5 failures within 15 minutes per account, and separately per address, answer 429.
 */
export function createLoginThrottle(repo: AuthRepository) {
  async function retryAfterSeconds(scope: 'account' | 'address', key: string, kind: Kind, now: number) {
    const recent = await repo.recentFailures(scope, key, kind, new Date(now - WINDOW_MS), LOGIN_MAX_FAILURES);
    if (recent.length < LOGIN_MAX_FAILURES) return 0;
    const oldestCounted = recent[recent.length - 1]!.getTime();
    return Math.max(1, Math.ceil((oldestCounted + WINDOW_MS - now) / 1000));
  }

  return {
    async assertAllowed(subject: ThrottleSubject): Promise<void> {
      const now = Date.now();
      const waits = await Promise.all([
        retryAfterSeconds('account', subject.account, subject.kind, now),
        retryAfterSeconds('address', subject.address, subject.kind, now),
      ]);
      const wait = Math.max(...waits);
      if (wait === 0) return;
      const minutes = Math.ceil(wait / 60);
      const what = subject.kind === 'password' ? 'sign-in attempts' : 'two-factor codes';
      throw new TooManyRequestsError(
        `Too many failed ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        wait,
      );
    },

    async recordFailure(subject: ThrottleSubject): Promise<void> {
      await repo.insertFailures([
        { scope: 'account', key: subject.account, kind: subject.kind },
        { scope: 'address', key: subject.address, kind: subject.kind },
      ]);
    },

    async recordSuccess(subject: ThrottleSubject): Promise<void> {
      await repo.clearFailures('account', subject.account, subject.kind);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
