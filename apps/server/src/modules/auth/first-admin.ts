import type { AppConfig } from '../../config';
import type { AuthRepository } from './auth.repository';
import { hashPassword } from './passwords';

/** The development default account; the login page shows it only while its password is unchanged. */
export const DEV_DEFAULT_ADMIN = { email: 'admin@lantern.local', password: 'lantern-admin' } as const;

export type FirstAdminResult = { created: false } | { created: true; email: string; isDevDefault: boolean };

/** Creates the first admin when there is none: from ADMIN_EMAIL/ADMIN_PASSWORD, else the dev default. */
export async function ensureFirstAdmin(repo: AuthRepository, config: AppConfig): Promise<FirstAdminResult> {
  if ((await repo.countUsers()) > 0) return { created: false };
  const { email, password, name } = config.admin;
  if (email && password) {
    await repo.insertUser({ email, name, passwordHash: await hashPassword(password) });
    return { created: true, email, isDevDefault: false };
  }
  if (config.isProduction) {
    throw new Error('No admin account exists: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first one.');
  }
  await repo.insertUser({
    email: DEV_DEFAULT_ADMIN.email,
    name,
    passwordHash: await hashPassword(DEV_DEFAULT_ADMIN.password),
    usesDefaultPassword: true,
  });
  return { created: true, email: DEV_DEFAULT_ADMIN.email, isDevDefault: true };
}
