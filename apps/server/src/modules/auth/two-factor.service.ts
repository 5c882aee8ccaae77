import { BACKUP_CODE_COUNT, BACKUP_CODE_LENGTH, type TwoFactorSetupResponse } from '@lantern/contracts';
import type { Database } from '../../db/client';
import { BadInputError, ConflictError, UnauthorizedError } from '../../http/errors';
import type { AppKeys } from '../../security/keys';
import { hmacHex, open, randomDigits, seal } from '../../security/secret-box';
import { recordAuditEvent } from '../audit/audit.service';
import type { AuthRepository } from './auth.repository';
import type { AdminUserRow } from './auth.tables';
import type { LoginThrottle } from './login-throttle';
import { verifyPassword } from './passwords';
import { matchTotp, newTotpSecret, totpQrCodeDataUrl } from './totp';

export type RequestContext = { ip: string; sessionId: string };

export function createTwoFactorService(deps: {
  db: Database;
  repo: AuthRepository;
  keys: AppKeys;
  throttle: LoginThrottle;
}) {
  const { db, repo, keys, throttle } = deps;
  const hashBackupCode = (userId: string, code: string) => hmacHex(keys.backupCodeHmac, `${userId}:${code}`);

  function newBackupCodes(): string[] {
    const codes = new Set<string>();
    while (codes.size < BACKUP_CODE_COUNT) codes.add(randomDigits(BACKUP_CODE_LENGTH));
    return [...codes];
  }

  async function checkTotp(user: AdminUserRow, code: string): Promise<boolean> {
    if (!user.totpSecretEnc) return false;
    const step = await matchTotp(
      open(keys.totpEncryption, user.totpSecretEnc),
      code,
      user.totpLastStep ?? null,
    );
    return step !== null && (await repo.claimTotpStep(user.id, step));
  }

  /** A TOTP code (6 digits) or an unused backup code (8 digits, consumed on success). */
  async function checkSecondFactor(user: AdminUserRow, code: string, ip: string): Promise<boolean> {
    if (code.length === BACKUP_CODE_LENGTH) {
      const used = await repo.consumeBackupCode(user.id, hashBackupCode(user.id, code));
      if (used) await recordAuditEvent(db, { actorId: user.id, action: 'auth.backup_code_used', ip });
      return used;
    }
    return checkTotp(user, code);
  }

  /** Rate-limited code check for the account's own two-factor management calls. */
  async function requireCode(user: AdminUserRow, code: string, ip: string, accept: 'totp' | 'any') {
    const subject = { account: user.email, address: ip, kind: 'two_factor' as const };
    const ok = await throttle.check(subject, () =>
      accept === 'totp' ? checkTotp(user, code) : checkSecondFactor(user, code, ip),
    );
    if (!ok) throw new BadInputError('Invalid verification code');
  }

  async function currentUser(userId: string): Promise<AdminUserRow> {
    const user = await repo.getUserById(userId);
    if (!user) throw new UnauthorizedError();
    return user;
  }

  return {
    checkSecondFactor,

    /**
     * Step-up for a destructive call (clearing analytics): the account's password, and a current
     * two-factor code (or an unused backup code) when two-factor is on. Both checks are rate-limited
     * as the account's own security calls are; throws a 400 with the reason otherwise.
     */
    async confirmIdentity(
      userId: string,
      input: { password: string; code?: string | undefined },
      ctx: RequestContext,
    ): Promise<void> {
      const user = await currentUser(userId);
      const subject = {
        account: user.email,
        address: ctx.ip,
        kind: 'password' as const,
        sessionId: ctx.sessionId,
      };
      if (!(await throttle.check(subject, () => verifyPassword(user.passwordHash, input.password)))) {
        throw new BadInputError('The password is not correct');
      }
      if (!user.twoFactorEnabled) return;
      if (!input.code) throw new BadInputError('Please enter your current 2FA code');
      await requireCode(user, input.code, ctx.ip, 'any');
    },

    /** Whether the account has two-factor on (a step-up then needs a code). */
    async isEnabled(userId: string): Promise<boolean> {
      return (await currentUser(userId)).twoFactorEnabled;
    },

    async status(userId: string) {
      const user = await currentUser(userId);
      return { enabled: user.twoFactorEnabled, setupAt: user.twoFactorEnabledAt?.toISOString() ?? null };
    },

    /** Starts setup: a pending secret and pending backup codes, active only after verify-setup. */
    async setup(userId: string): Promise<TwoFactorSetupResponse> {
      const user = await currentUser(userId);
      if (user.twoFactorEnabled) throw new ConflictError('Two-factor authentication is already enabled');
      const secret = newTotpSecret();
      const backupCodes = newBackupCodes();
      await repo.updateUser(user.id, {
        totpPendingSecretEnc: seal(keys.totpEncryption, secret),
        pendingBackupCodeHashes: backupCodes.map((c) => hashBackupCode(user.id, c)),
      });
      return { qrCodeUrl: await totpQrCodeDataUrl(secret, user.email), secret, backupCodes };
    },

    async verifySetup(userId: string, code: string, ctx: RequestContext): Promise<void> {
      const user = await currentUser(userId);
      if (user.twoFactorEnabled) throw new ConflictError('Two-factor authentication is already enabled');
      if (!user.totpPendingSecretEnc || !user.pendingBackupCodeHashes) {
        throw new BadInputError('Start the two-factor setup first');
      }
      // Check the code against the pending secret by treating it as the active one.
      const candidate = { ...user, totpSecretEnc: user.totpPendingSecretEnc, totpLastStep: null };
      await requireCode(candidate, code, ctx.ip, 'totp');
      await repo.updateUser(user.id, {
        twoFactorEnabled: true,
        twoFactorEnabledAt: new Date(),
        totpSecretEnc: user.totpPendingSecretEnc,
        totpPendingSecretEnc: null,
        pendingBackupCodeHashes: null,
      });
      await repo.replaceBackupCodes(user.id, user.pendingBackupCodeHashes);
      await repo.revokeUserSessions(user.id, ctx.sessionId);
      await recordAuditEvent(db, { actorId: user.id, action: 'auth.two_factor_enabled', ip: ctx.ip });
    },

    async disable(userId: string, password: string, code: string, ctx: RequestContext): Promise<void> {
      const user = await currentUser(userId);
      if (!user.twoFactorEnabled) throw new ConflictError('Two-factor authentication is not enabled');
      const subject = {
        account: user.email,
        address: ctx.ip,
        kind: 'password' as const,
        sessionId: ctx.sessionId,
      };
      if (!(await throttle.check(subject, () => verifyPassword(user.passwordHash, password)))) {
        throw new BadInputError('The password is not correct');
      }
      await requireCode(user, code, ctx.ip, 'any');
      await repo.updateUser(user.id, {
        twoFactorEnabled: false,
        twoFactorEnabledAt: null,
        totpSecretEnc: null,
        totpLastStep: null,
      });
      await repo.replaceBackupCodes(user.id, []);
      await repo.revokeUserSessions(user.id, ctx.sessionId);
      await recordAuditEvent(db, { actorId: user.id, action: 'auth.two_factor_disabled', ip: ctx.ip });
    },

    async regenerateBackupCodes(userId: string, code: string, ctx: RequestContext): Promise<string[]> {
      const user = await currentUser(userId);
      if (!user.twoFactorEnabled) throw new ConflictError('Two-factor authentication is not enabled');
      await requireCode(user, code, ctx.ip, 'totp');
      const backupCodes = newBackupCodes();
      await repo.replaceBackupCodes(
        user.id,
        backupCodes.map((c) => hashBackupCode(user.id, c)),
      );
      await repo.revokeUserSessions(user.id, ctx.sessionId);
      await recordAuditEvent(db, { actorId: user.id, action: 'auth.backup_codes_regenerated', ip: ctx.ip });
      return backupCodes;
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
