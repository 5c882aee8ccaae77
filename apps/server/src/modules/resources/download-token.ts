import crypto from 'node:crypto';

/** What a download link grants: one resource, until a time, noted with who asked for it. */
export type DownloadGrant = {
  resourceId: string;
  email: string | null;
  visitorId: string | null;
  /** Unix seconds. */
  expiresAt: number;
};

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/**
 * Download links are signed, self-contained tokens: base64url(JSON grant) + '.' + base64url(HMAC).
 * Nothing is stored per link; a changed byte breaks the signature, an old one is past its expiry.
 */
export function createDownloadTokens(key: Buffer) {
  const sign = (payload: string) => b64(crypto.createHmac('sha256', key).update(payload).digest());

  return {
    issue(grant: DownloadGrant): string {
      const payload = b64(
        JSON.stringify({ r: grant.resourceId, e: grant.email, v: grant.visitorId, x: grant.expiresAt }),
      );
      return `${payload}.${sign(payload)}`;
    },

    /** The grant, or why the token is refused ('invalid' for tampered or malformed). */
    verify(token: string, now = Date.now()): { grant: DownloadGrant } | { problem: 'invalid' | 'expired' } {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined || token.length > 1000) return { problem: 'invalid' };
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
        return { problem: 'invalid' };
      let data: { r?: unknown; e?: unknown; v?: unknown; x?: unknown };
      try {
        data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return { problem: 'invalid' };
      }
      if (typeof data.r !== 'string' || typeof data.x !== 'number') return { problem: 'invalid' };
      if (data.x * 1000 <= now) return { problem: 'expired' };
      return {
        grant: {
          resourceId: data.r,
          email: typeof data.e === 'string' ? data.e : null,
          visitorId: typeof data.v === 'string' ? data.v : null,
          expiresAt: data.x,
        },
      };
    },
  };
}

export type DownloadTokens = ReturnType<typeof createDownloadTokens>;
