import { isIPv4, isIPv6 } from 'node:net';
import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_MAX_FAILURES } from '@lantern/contracts';
import { TooManyRequestsError } from '../../http/errors';
import type { AuthRepository } from './auth.repository';
import type { FailureKind, FailureScope } from './auth.tables';

/** `sessionId` is set when a signed-in admin re-enters the password (change password, disable 2FA). */
export type ThrottleSubject = { account: string; address: string; kind: FailureKind; sessionId?: string };

const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;

/**
 * The throttle key of a client address. An IPv6 client usually holds a whole /64, so counting
 * its addresses one by one would hand it endless fresh addresses.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head, tail] = address.toLowerCase().split('::');
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  const before = groupsOf(head);
  const after = groupsOf(tail);
  // '::' stands for as many zero groups as make eight; an IPv4 tail fills two.
  const width = [...before, ...after].reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array<string>(8 - width).fill('0');
  const prefix = [...before, ...zeros, ...after].slice(0, 4);
  return `${prefix.map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/** Runs tasks with the same key one after another (in this process). */
function createKeyedQueue() {
  const tails = new Map<string, Promise<void>>();
  return async function inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => gate);
    tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

/**
 * Failure throttle for passwords and two-factor codes, counted in the database so it holds across
 * instances. Every check answers the same way whether or not the password is right, so a 429 never
 * tells a guesser anything about the password.
 *
 * Passwords (sign-in, and re-entering the current password behind a session):
 * - 5 failures from an address (any account) within 15 minutes lock that address out.
 * - There is no lock on the account as a whole: anyone could trigger it, so it would let a stranger
 *   lock the real admin out. Instead, once an account has 5 failures within 15 minutes (from
 *   anywhere) it is under attack, and then only addresses without a failure for it in the window
 *   may try a password. A sprayer gets one guess per address per 15 minutes (an IPv6 /64 counts as
 *   one address), while the admin, from an address that has not failed, still signs in. The admin's
 *   own success clears only their address's failures, so it does not end the attack for the others.
 *   A delay shared by the whole account would not do better: a sprayer who keeps it running keeps
 *   the admin waiting too, and only a signal the attacker lacks (here, a clean address) can tell
 *   them apart.
 * - Behind a session, 5 failures per session lock that session's password checks: a stolen session
 *   token works from any address, so its guesses must not get fresh allowances by moving.
 *
 * Two-factor codes: 5 failures within 15 minutes per account (from anywhere) or per address. The
 * account limit stays strict because only someone with the password (or a session) can reach it,
 * and 6-digit codes must not be guessable across many addresses.
 */
export function createLoginThrottle(repo: AuthRepository) {
  const inTurn = createKeyedQueue();

  /** Seconds until fewer than `threshold` failures remain in the window; 0 when already fewer. */
  async function waitBelow(
    scope: FailureScope,
    key: string,
    kind: FailureKind,
    threshold: number,
    now: number,
  ) {
    const recent = await repo.recentFailures(scope, key, kind, new Date(now - WINDOW_MS), threshold);
    if (recent.length < threshold) return 0;
    const oldestCounted = recent[recent.length - 1]!.getTime();
    return Math.max(1, Math.ceil((oldestCounted + WINDOW_MS - now) / 1000));
  }

  function keysOf(subject: ThrottleSubject) {
    const address = addressKey(subject.address);
    // An address holds no spaces, so the pair key cannot collide.
    return { address, pair: `${address} ${subject.account}` };
  }

  /** Refused while the account is under attack and this address has already failed for it. */
  async function underAttackWait(subject: ThrottleSubject, now: number): Promise<number> {
    const { pair } = keysOf(subject);
    const dirty = await waitBelow('account_address', pair, subject.kind, 1, now);
    if (dirty === 0) return 0;
    const attack = await waitBelow('account', subject.account, subject.kind, LOGIN_MAX_FAILURES, now);
    return Math.min(dirty, attack);
  }

  async function waitSeconds(subject: ThrottleSubject): Promise<number> {
    const now = Date.now();
    const { address } = keysOf(subject);
    const { kind } = subject;
    const waits = [waitBelow('address', address, kind, LOGIN_MAX_FAILURES, now)];
    if (kind === 'two_factor') {
      waits.push(waitBelow('account', subject.account, kind, LOGIN_MAX_FAILURES, now));
    } else {
      waits.push(underAttackWait(subject, now));
      if (subject.sessionId)
        waits.push(waitBelow('session', subject.sessionId, kind, LOGIN_MAX_FAILURES, now));
    }
    return Math.max(...(await Promise.all(waits)));
  }

  async function assertAllowed(subject: ThrottleSubject): Promise<void> {
    const wait = await waitSeconds(subject);
    if (wait === 0) return;
    const minutes = Math.ceil(wait / 60);
    const what = subject.kind === 'password' ? 'sign-in attempts' : 'two-factor codes';
    throw new TooManyRequestsError(
      `Too many failed ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      wait,
    );
  }

  async function recordFailure(subject: ThrottleSubject): Promise<void> {
    const { address, pair } = keysOf(subject);
    const { kind } = subject;
    const rows: { scope: FailureScope; key: string; kind: FailureKind }[] = [
      { scope: 'account', key: subject.account, kind },
      { scope: 'address', key: address, kind },
    ];
    if (kind === 'password') rows.push({ scope: 'account_address', key: pair, kind });
    if (subject.sessionId) rows.push({ scope: 'session', key: subject.sessionId, kind });
    await repo.insertFailures(rows);
  }

  async function recordSuccess(subject: ThrottleSubject): Promise<void> {
    if (subject.kind === 'two_factor') {
      await repo.clearFailures('account', subject.account, subject.kind);
      return;
    }
    await repo.clearFailures('account_address', keysOf(subject).pair, subject.kind);
    if (subject.sessionId) await repo.clearFailures('session', subject.sessionId, subject.kind);
  }

  return {
    /** Runs `isValid` unless the subject is throttled (429), and records how it went. */
    async check(subject: ThrottleSubject, isValid: () => Promise<boolean>): Promise<boolean> {
      // One check at a time per key a burst would share, so parallel guesses cannot all pass the
      // count before the first failure is written. (Several server instances each keep their own turns.)
      const turn =
        subject.kind === 'two_factor'
          ? `account ${subject.account}`
          : subject.sessionId
            ? `session ${subject.sessionId}`
            : `address ${keysOf(subject).address}`;
      return inTurn(turn, async () => {
        await assertAllowed(subject);
        const ok = await isValid();
        await (ok ? recordSuccess(subject) : recordFailure(subject));
        return ok;
      });
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
