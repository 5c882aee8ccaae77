import type { AdminUser, ChangePasswordRequest, LoginRequest, LoginResponse } from '@lantern/contracts';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { BadInputError, UnauthorizedError } from '../../http/errors';
import { newOpaqueToken, sha256Hex } from '../../security/secret-box';
import { recordAuditEvent } from '../audit/audit.service';
import type { AuthRepository } from './auth.repository';
import type { AdminUserRow } from './auth.tables';
import { DEV_DEFAULT_ADMIN } from './first-admin';
import type { LoginThrottle } from './login-throttle';
import { hashPassword, spendPasswordCheckTime, verifyPassword } from './passwords';
import type { TwoFactorService } from './two-factor.service';

export type ClientContext = { ip: string; userAgent: string | undefined };
export type AuthenticatedSession = { sessionId: string; user: AdminUser };

const INVALID_CREDENTIALS = 'Invalid email or password';
/** last_used_at is written at most this often, so a busy session does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export function toAdminUser(row: AdminUserRow): AdminUser {
  return { id: row.id, name: row.name, email: row.email, twoFactorEnabled: row.twoFactorEnabled };
}

export function createAuthService(deps: {
  db: Database;
  repo: AuthRepository;
  config: AppConfig;
  throttle: LoginThrottle;
  twoFactor: TwoFactorService;
}) {
  const { db, repo, config, throttle, twoFactor } = deps;
  const idleMs = config.session.idleMinutes * 60_000;
  const maxMs = config.session.maxHours * 3_600_000;

  async function startSession(user: AdminUserRow, client: ClientContext): Promise<string> {
    const token = newOpaqueToken();
    await repo.insertSession({
      userId: user.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + maxMs),
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    });
    return token;
  }

  return {
    async login(input: LoginRequest, client: ClientContext): Promise<LoginResponse> {
      const email = input.email.toLowerCase();
      const passwordSubject = { account: email, address: client.ip, kind: 'password' as const };
      const user = await repo.findUserByEmail(email);
      const passwordOk = await throttle.check(passwordSubject, async () =>
        user
          ? verifyPassword(user.passwordHash, input.password)
          : (await spendPasswordCheckTime(input.password), false),
      );
      if (!user || !passwordOk) throw new UnauthorizedError(INVALID_CREDENTIALS);

      if (user.twoFactorEnabled) {
        const code = input.twoFactorCode;
        if (!code) return { requiresTwoFactor: true };
        const codeSubject = { ...passwordSubject, kind: 'two_factor' as const };
        const codeOk = await throttle.check(codeSubject, () =>
          twoFactor.checkSecondFactor(user, code, client.ip),
        );
        if (!codeOk) throw new UnauthorizedError('Invalid two-factor code');
      }

      const token = await startSession(user, client);
      await recordAuditEvent(db, { actorId: user.id, action: 'auth.login', ip: client.ip });
      return { token, user: toAdminUser(user) };
    },

    /** The live session behind a bearer token, or null when it is unknown, revoked or expired. */
    async authenticate(token: string): Promise<AuthenticatedSession | null> {
      const found = await repo.findLiveSession(sha256Hex(token), new Date(Date.now() - idleMs));
      if (!found) return null;
      if (Date.now() - found.lastUsedAt.getTime() > TOUCH_INTERVAL_MS)
        await repo.touchSession(found.sessionId);
      return { sessionId: found.sessionId, user: toAdminUser(found.user) };
    },

    async logout(session: AuthenticatedSession, ip: string): Promise<void> {
      await repo.revokeSession(session.sessionId);
      await recordAuditEvent(db, { actorId: session.user.id, action: 'auth.logout', ip });
    },

    async changePassword(
      session: AuthenticatedSession,
      input: ChangePasswordRequest,
      ip: string,
    ): Promise<void> {
      const user = await repo.getUserById(session.user.id);
      if (!user) throw new UnauthorizedError();
      const subject = {
        account: user.email,
        address: ip,
        kind: 'password' as const,
        sessionId: session.sessionId,
      };
      if (!(await throttle.check(subject, () => verifyPassword(user.passwordHash, input.currentPassword)))) {
        throw new BadInputError('The current password is not correct');
      }
      if (input.newPassword === input.currentPassword) {
        throw new BadInputError('The new password must be different from the current one');
      }
      await repo.updateUser(user.id, {
        passwordHash: await hashPassword(input.newPassword),
        usesDefaultPassword: false,
      });
      await repo.revokeUserSessions(user.id, session.sessionId);
      await recordAuditEvent(db, { actorId: user.id, action: 'auth.password_changed', ip });
    },

    /** The development default credentials, only while they still work and never in production. */
    async loginHint(): Promise<{ email: string; password: string } | null> {
      if (config.isProduction) return null;
      const user = await repo.findUserByEmail(DEV_DEFAULT_ADMIN.email);
      return user?.usesDefaultPassword ? { ...DEV_DEFAULT_ADMIN } : null;
    },

    /** The session's user, read fresh with the session on every request. */
    me(session: AuthenticatedSession): AdminUser {
      return session.user;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
