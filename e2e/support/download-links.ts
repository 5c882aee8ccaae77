import type { Database } from '../../apps/server/src/db/client';
import { hashDownloadToken } from '../../apps/server/src/modules/resources/download-token';
import { resourceDownloadLinks } from '../../apps/server/src/modules/resources/resources.tables';

/** The e2e server's master secret (playwright.config.ts passes it to the server). */
export const E2E_SECRET_KEY = 'e2e-secret-key-long-enough-0123456789abcdef';

/** A download link sent eight days ago (links are valid seven): seeded, so no journey waits a week. */
export const EXPIRED_DOWNLOAD_LINK = '/api/resources/download/e2e-expired-link-0123456789abcdefghijklmnop';

/** Stores the expired link as the server would have (seed-fixtures.ts, before the server starts). */
export async function insertExpiredDownloadLink(db: Database): Promise<void> {
  const token = EXPIRED_DOWNLOAD_LINK.split('/').pop()!;
  await db.insert(resourceDownloadLinks).values({
    tokenHash: hashDownloadToken(token),
    issuedBy: 'public',
    createdAt: new Date(Date.now() - 8 * 86_400_000),
    expiresAt: new Date(Date.now() - 86_400_000),
  });
}
