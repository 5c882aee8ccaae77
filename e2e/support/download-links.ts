import { createDownloadTokens } from '../../apps/server/src/modules/resources/download-token';
import { loadKeys } from '../../apps/server/src/security/keys';

/** The e2e server's master secret (playwright.config.ts passes it to the server). */
export const E2E_SECRET_KEY = 'e2e-secret-key-long-enough-0123456789abcdef';

/**
 * The download link the server would have sent `daysAgo` days ago for this resource: how a
 * journey moves time forward for a link without waiting a week (links are valid `linkDays`).
 */
export function linkIssuedDaysAgo(resourceId: string, email: string, daysAgo: number, linkDays = 7): string {
  const keys = loadKeys({ secretKey: E2E_SECRET_KEY, isProduction: false, dataDir: '/nonexistent' });
  const issuedAt = Date.now() - daysAgo * 86_400_000;
  const token = createDownloadTokens(keys.downloadTokenHmac).issue({
    resourceId,
    email,
    visitorId: null,
    expiresAt: Math.floor((issuedAt + linkDays * 86_400_000) / 1000),
  });
  return `/api/resources/download/${token}`;
}
