import crypto from 'node:crypto';

/** Who issued a download link. Only server-issued links to a lead count toward that lead. */
export type LinkIssuer = 'enrolment' | 'chat' | 'email' | 'public';

/** A download link's token: 32 random bytes, base64url. */
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Download links are opaque: the token says nothing of the resource or the parent. What it grants
 * is a row in resource_download_links found by the token's SHA-256; the token itself is never
 * stored, so the table cannot be turned back into working links.
 */
export function newDownloadToken(): { token: string; tokenHash: string } {
  const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashDownloadToken(token) };
}

export function hashDownloadToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Whether the text could be a token at all (checked before any lookup). */
export const isDownloadTokenShaped = (text: string) => TOKEN_SHAPE.test(text);
