/** The e2e server's master secret (playwright.config.ts passes it to the server). */
export const E2E_SECRET_KEY = 'e2e-secret-key-long-enough-0123456789abcdef';

/**
 * A download link sent eight days ago (links are valid seven), stored before the server starts
 * (seed-expired-link.ts), so no journey waits a week.
 */
export const EXPIRED_DOWNLOAD_LINK = '/api/resources/download/e2e-expired-link-0123456789abcdefghijklmnop';
