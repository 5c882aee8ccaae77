import crypto from 'node:crypto';

/**
 * Unsubscribe links (issue 23): one per recipient, `{PUBLIC_URL}/u/{token}`, in the body of every
 * campaign email and in its List-Unsubscribe header (RFC 8058). The token is the campaign's and the
 * lead's ids (16 bytes each) and an HMAC-SHA256 over both cut to 16 bytes, base64url: 64
 * characters, nothing stored, no expiry (a link in an old email must still work years later). The
 * key is derived from SECRET_KEY for this purpose only (security/keys.ts `unsubscribeHmac`).
 */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID_BYTES = 16;
const MAC_BYTES = 16;
const TOKEN_BYTES = ID_BYTES * 2 + MAC_BYTES;
/** 48 bytes are exactly 64 base64url characters, with no padding and no spare bits. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{64}$/;
/** Keeps these MACs apart from any other use of the key, and leaves room for a next version. */
const MAC_CONTEXT = Buffer.from('lantern:unsubscribe:v1\0', 'utf8');

export type UnsubscribeLinks = {
  tokenFor(campaignId: string, leadId: string): string;
  urlFor(campaignId: string, leadId: string): string;
  /** The ids a genuine token names; null for anything else (never throws). */
  verify(token: string): { campaignId: string; leadId: string } | null;
};

function uuidBytes(id: string): Buffer {
  if (!UUID_PATTERN.test(id)) throw new Error('Unsubscribe links name a campaign and a lead by uuid');
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createUnsubscribeLinks(opts: { key: Buffer; publicUrl: string }): UnsubscribeLinks {
  const base = opts.publicUrl.replace(/\/+$/, '');
  const mac = (ids: Buffer) =>
    crypto.createHmac('sha256', opts.key).update(MAC_CONTEXT).update(ids).digest().subarray(0, MAC_BYTES);

  const tokenFor = (campaignId: string, leadId: string) => {
    const ids = Buffer.concat([uuidBytes(campaignId), uuidBytes(leadId)]);
    return Buffer.concat([ids, mac(ids)]).toString('base64url');
  };

  return {
    tokenFor,
    urlFor: (campaignId, leadId) => `${base}/u/${tokenFor(campaignId, leadId)}`,
    verify(token) {
      if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== TOKEN_BYTES) return null;
      const ids = bytes.subarray(0, ID_BYTES * 2);
      if (!crypto.timingSafeEqual(bytes.subarray(ID_BYTES * 2), mac(ids))) return null;
      return { campaignId: uuidText(ids.subarray(0, ID_BYTES)), leadId: uuidText(ids.subarray(ID_BYTES)) };
    },
  };
}

/** `{{unsubscribe}}`, `{{ unsubscribe }}` and `{$unsubscribe}` (the renderer's two syntaxes). */
const PLACEHOLDER = /\{\{\s*unsubscribe\s*\}\}|\{\$\s*unsubscribe\s*\}/gi;

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The footer added to a message whose content has no clickable unsubscribe link of its own. */
export const UNSUBSCRIBE_FOOTER_TEXT = "Don't want these emails?";

function htmlFooter(escapedUrl: string): string {
  return (
    '<p style="margin:24px 0 0;padding:0 16px;text-align:center;font-family:Arial,Helvetica,sans-serif;' +
    `font-size:12px;line-height:18px;color:#4b5563">${UNSUBSCRIBE_FOOTER_TEXT} ` +
    `<a href="${escapedUrl}" style="color:#1d4ed8;text-decoration:underline">Unsubscribe</a></p>`
  );
}

function withHtmlLink(html: string, url: string): string {
  const escapedUrl = escapeHtml(url);
  const filled = html.replace(PLACEHOLDER, escapedUrl);
  // A placeholder in a comment, the <title> or an alt text gives no link to click: the footer
  // goes in unless a link to this very URL is there (which also keeps a second call from adding
  // a second footer).
  const hasLink = new RegExp(`href\\s*=\\s*["']?${escapeRegExp(escapedUrl)}(?=["'\\s>]|$)`, 'i').test(filled);
  if (hasLink) return filled;
  let bodyEnd = -1;
  for (const match of filled.matchAll(/<\/body\s*>/gi)) bodyEnd = match.index;
  if (bodyEnd === -1) return `${filled}\n${htmlFooter(escapedUrl)}`;
  return `${filled.slice(0, bodyEnd)}${htmlFooter(escapedUrl)}\n${filled.slice(bodyEnd)}`;
}

function withTextLink(text: string, url: string): string {
  const filled = text.replace(PLACEHOLDER, url);
  if (filled.includes(url)) return filled;
  return `${filled.replace(/\s+$/, '')}\n\n${UNSUBSCRIBE_FOOTER_TEXT} Unsubscribe: ${url}\n`;
}

/**
 * A message's content with its recipient's unsubscribe link: every unsubscribe placeholder filled
 * (HTML-escaped in the HTML part), or, where the part has no link to it, a small footer appended
 * (before `</body>` in HTML). Applying it twice changes nothing more.
 */
export function withUnsubscribeLink(
  content: { html: string; text: string },
  url: string,
): { html: string; text: string } {
  return { html: withHtmlLink(content.html, url), text: withTextLink(content.text, url) };
}
