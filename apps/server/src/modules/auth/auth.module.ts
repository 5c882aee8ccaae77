import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { registerAuthentication } from '../../http/authenticate';
import type { AppKeys } from '../../security/keys';
import { createAuthRepository } from './auth.repository';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { createLoginThrottle } from './login-throttle';
import { createTwoFactorService } from './two-factor.service';
import { twoFactorRoutes } from './two-factor.routes';

/**
 * Accounts, sign-in and two-factor, and the session check every route passes unless it is public:
 * registered before any other module's routes.
 */
export async function registerAuthModule(
  app: FastifyInstance,
  deps: { db: Database; config: AppConfig; keys: AppKeys },
) {
  const { db, config, keys } = deps;
  const repo = createAuthRepository(db, { sessionCacheSeconds: config.session.cacheSeconds });
  const throttle = createLoginThrottle(repo);
  const twoFactor = createTwoFactorService({ db, repo, keys, throttle });
  const auth = createAuthService({ db, repo, config, throttle, twoFactor });
  registerAuthentication(app, auth);
  await app.register(authRoutes, { auth });
  await app.register(twoFactorRoutes, { twoFactor });
  // Other modules' step-up (clearing analytics) reuses the password and code checks.
  return { twoFactor };
}
