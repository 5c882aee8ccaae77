import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { rows } from '../../../db/rows';
import { campaignLinks } from './tracking.tables';

// Click and open tracking (issue 24). When a campaign is sent, the links of its HTML are stored in
// order (campaign_links); each recipient's message then links to `{PUBLIC_URL}/c/{token}` instead,
// and carries a 1x1 pixel `{PUBLIC_URL}/o/{token}` when the school has open tracking on. A click
// token names the campaign, the lead and the link's index, never a URL: the redirect can only go to
// a link that campaign's email contained (no open redirect). Tokens are signed (HMAC-SHA256, key
// `trackingHmac` from SECRET_KEY, MAC cut to 12 bytes = 96 bits), compact base64url, no expiry.

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID_BYTES = 16;
const IDX_BYTES = 2;
const MAC_BYTES = 12;
/** At most this many distinct links of one campaign are tracked (the index is two bytes). */
export const MAX_TRACKED_LINKS = 0xffff + 1;
const CLICK_BYTES = ID_BYTES * 2 + IDX_BYTES + MAC_BYTES; // 46 bytes: 62 characters
const OPEN_BYTES = ID_BYTES * 2 + MAC_BYTES; // 44 bytes: 59 characters
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{59,62}$/;
/** A click token cannot be used as an open token, nor either as any other signed thing. */
const CLICK_CONTEXT = Buffer.from('lantern:click:v1\0', 'utf8');
const OPEN_CONTEXT = Buffer.from('lantern:open:v1\0', 'utf8');

export type ClickTarget = { campaignId: string; leadId: string; idx: number };
export type OpenTarget = { campaignId: string; leadId: string };

function uuidBytes(id: string): Buffer {
  if (!UUID_PATTERN.test(id)) throw new Error('Tracking links name a campaign and a lead by uuid');
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type TrackingTokens = {
  clickToken(campaignId: string, leadId: string, idx: number): string;
  openToken(campaignId: string, leadId: string): string;
  /** What a genuine click token names; null for anything else (never throws). */
  verifyClick(token: string): ClickTarget | null;
  /** What a genuine open token names; null for anything else (never throws). */
  verifyOpen(token: string): OpenTarget | null;
};

export function createTrackingTokens(key: Buffer): TrackingTokens {
  const mac = (context: Buffer, body: Buffer) =>
    crypto.createHmac('sha256', key).update(context).update(body).digest().subarray(0, MAC_BYTES);

  /** The signed body of a token of `size` bytes, or null (canonical base64url only). */
  const open = (token: string, size: number, context: Buffer): Buffer | null => {
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null;
    const bytes = Buffer.from(token, 'base64url');
    // Node decodes leniently: a token must be the one encoding of its bytes.
    if (bytes.length !== size || bytes.toString('base64url') !== token) return null;
    const body = bytes.subarray(0, size - MAC_BYTES);
    return crypto.timingSafeEqual(bytes.subarray(size - MAC_BYTES), mac(context, body)) ? body : null;
  };

  return {
    clickToken(campaignId, leadId, idx) {
      if (!Number.isInteger(idx) || idx < 0 || idx >= MAX_TRACKED_LINKS)
        throw new Error('Link index out of range');
      const idxBytes = Buffer.alloc(IDX_BYTES);
      idxBytes.writeUInt16BE(idx);
      const body = Buffer.concat([uuidBytes(campaignId), uuidBytes(leadId), idxBytes]);
      return Buffer.concat([body, mac(CLICK_CONTEXT, body)]).toString('base64url');
    },
    openToken(campaignId, leadId) {
      const body = Buffer.concat([uuidBytes(campaignId), uuidBytes(leadId)]);
      return Buffer.concat([body, mac(OPEN_CONTEXT, body)]).toString('base64url');
    },
    verifyClick(token) {
      const body = open(token, CLICK_BYTES, CLICK_CONTEXT);
      if (!body) return null;
      return {
        campaignId: uuidText(body.subarray(0, ID_BYTES)),
        leadId: uuidText(body.subarray(ID_BYTES, ID_BYTES * 2)),
        idx: body.readUInt16BE(ID_BYTES * 2),
      };
    },
    verifyOpen(token) {
      const body = open(token, OPEN_BYTES, OPEN_CONTEXT);
      if (!body) return null;
      return { campaignId: uuidText(body.subarray(0, ID_BYTES)), leadId: uuidText(body.subarray(ID_BYTES)) };
    },
  };
}

// ---- links in HTML ----

/** `href` of an <a> or <area> tag: the part before the value, the value (any quoting), the quote. */
const HREF = /(<(?:a|area)\b[^>]*?\shref\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** An attribute's value as the browser reads it (the entities an href usually carries). */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The URL a link is tracked as, or null when it is not tracked: only absolute http(s) links,
 * never mailto:, tel:, anchors, relative links, a placeholder left for each recipient, or our own
 * unsubscribe (/u/), click (/c/) and pixel (/o/) links.
 */
export function trackableUrl(rawHref: string, publicUrl: string): string | null {
  const href = decodeEntities(rawHref).trim();
  if (!/^https?:\/\//i.test(href) || /\{\{|\{\$/.test(href)) return null;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const base = new URL(publicUrl);
  if (url.origin === base.origin) {
    const basePath = base.pathname.replace(/\/+$/, '');
    const rest = url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : url.pathname;
    if (/^\/(?:u|c|o)\//i.test(rest)) return null;
  }
  return url.href;
}

/** The distinct tracked URLs of an HTML document, in the order they first appear. */
export function linksOf(html: string, publicUrl: string): string[] {
  const seen = new Set<string>();
  for (const match of html.matchAll(HREF)) {
    const url = trackableUrl(match[2] ?? match[3] ?? match[4] ?? '', publicUrl);
    if (url && !seen.has(url)) seen.add(url);
  }
  return [...seen];
}

/** The open pixel: invisible, no alt text read aloud, no gap in the layout. */
export const pixelHtml = (src: string) =>
  `<img src="${escapeAttribute(src)}" width="1" height="1" alt="" style="display:block;border:0">`;

/** `html` with `piece` before its last </body>, or at the end when it has none. */
function beforeBodyEnd(html: string, piece: string): string {
  let bodyEnd = -1;
  for (const match of html.matchAll(/<\/body\s*>/gi)) bodyEnd = match.index;
  if (bodyEnd === -1) return `${html}${piece}`;
  return `${html.slice(0, bodyEnd)}${piece}${html.slice(bodyEnd)}`;
}

// ---- the hook the send engine calls ----

export type CampaignTrackingDeps = {
  db: Database;
  key: Buffer;
  /** The site's address, as in every other link of the email (PUBLIC_URL). */
  publicUrl: string;
  openTrackingEnabled: () => Promise<boolean>;
};

/** Rewrites one recipient's final HTML: tracked links and (when on) the open pixel. */
export type RecipientTracker = (html: string, leadId: string) => string;

export type CampaignTracking = {
  /**
   * Called once per sending instance per campaign with the campaign's HTML after the shared
   * placeholders are filled. Stores its links (idempotent across instances and restarts: the same
   * HTML always gives the same indexes) and answers the function that rewrites each recipient's HTML.
   */
  prepare(campaignId: string, html: string): Promise<RecipientTracker>;
  tokens: TrackingTokens;
};

/**
 * The links stored for a campaign, with those of `urls` that were missing added after the highest
 * index. Instances preparing the same HTML at once compute the same indexes; should two ever race
 * with different content, the loser re-reads and places its links after the winner's.
 */
export async function storeCampaignLinks(
  db: Database,
  campaignId: string,
  urls: string[],
): Promise<Map<string, number>> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const stored = await rows<{ idx: number; url: string }>(
      db,
      sql`select idx, url from ${campaignLinks} where campaign_id = ${campaignId} order by idx`,
    );
    const byUrl = new Map<string, number>();
    for (const row of stored) if (!byUrl.has(row.url)) byUrl.set(row.url, Number(row.idx));
    const missing = urls.filter((u) => !byUrl.has(u));
    if (missing.length === 0) return byUrl;
    let next = stored.reduce((max, row) => Math.max(max, Number(row.idx) + 1), 0);
    const values = missing
      .filter(() => next < MAX_TRACKED_LINKS)
      .map((url) => ({ campaignId, idx: next++, url }));
    if (values.length === 0) return byUrl;
    await db.insert(campaignLinks).values(values).onConflictDoNothing();
  }
  throw new Error('Could not store the campaign links');
}

export function createCampaignTracking(deps: CampaignTrackingDeps): CampaignTracking {
  const tokens = createTrackingTokens(deps.key);
  const base = deps.publicUrl.replace(/\/+$/, '');
  return {
    tokens,
    async prepare(campaignId, html) {
      uuidBytes(campaignId);
      const byUrl = await storeCampaignLinks(deps.db, campaignId, linksOf(html, base));
      const openTracking = await deps.openTrackingEnabled();
      return (recipientHtml, leadId) => {
        uuidBytes(leadId);
        const rewritten = recipientHtml.replace(
          HREF,
          (whole, prefix: string, dq?: string, sq?: string, bare?: string) => {
            const url = trackableUrl(dq ?? sq ?? bare ?? '', base);
            const idx = url === null ? undefined : byUrl.get(url);
            if (idx === undefined) return whole;
            return `${prefix}"${base}/c/${tokens.clickToken(campaignId, leadId, idx)}"`;
          },
        );
        if (!openTracking) return rewritten;
        return beforeBodyEnd(rewritten, pixelHtml(`${base}/o/${tokens.openToken(campaignId, leadId)}`));
      };
    },
  };
}
