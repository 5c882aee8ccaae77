import type { DownloadToken } from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { BadInputError, NotFoundError } from '../../http/errors';
import type { FileStorage } from '../../providers/storage/file-storage';
import {
  hashDownloadToken,
  isDownloadTokenShaped,
  newDownloadToken,
  type LinkIssuer,
} from './download-token';
import type { ResourcesRepository } from './resources.repository';
import type { ResourceDownloadLinkRow } from './resources.tables';

// Download links: issuing them (to a lead by the server, or to anyone who asks), redeeming one,
// and streaming its file while counting the download.

const DAY_MS = 86_400_000;
/** Expired links are kept a while (they still say 'expired'), then removed with the parent's email. */
const EXPIRED_LINK_KEEP_MS = 30 * DAY_MS;
const LINK_PURGE_EVERY_MS = 3_600_000;

/** Why a download link cannot be used, for the page the visitor sees. */
export class LinkProblem extends Error {
  constructor(readonly reason: 'invalid' | 'expired' | 'gone') {
    super(reason);
    this.name = 'LinkProblem';
  }
}

/** Whom a link is issued to: a known lead, or (public links) whoever gave this email or visitor id. */
export type LinkHolder = { leadId: string | null; email: string | null; visitorId: string | null };

export type IssueLinksDeps = {
  repo: ResourcesRepository;
  linkDays: number;
  /** Removes long-expired links, at most once an hour (createExpiredLinkPurge). */
  purgeExpiredLinks: () => Promise<void>;
};

/** Removes links expired more than EXPIRED_LINK_KEEP_MS ago, at most once per LINK_PURGE_EVERY_MS. */
export function createExpiredLinkPurge(repo: ResourcesRepository): () => Promise<void> {
  let lastPurge = 0;
  return async () => {
    if (Date.now() - lastPurge < LINK_PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    await repo.deleteLinksExpiredBefore(new Date(Date.now() - EXPIRED_LINK_KEEP_MS));
  };
}

/** One new link per resource, stored by its token's hash; the token is only in the answer. */
export async function issueLinks(
  { repo, linkDays, purgeExpiredLinks }: IssueLinksDeps,
  resourceIds: string[],
  to: LinkHolder,
  issuedBy: LinkIssuer,
): Promise<DownloadToken[]> {
  await purgeExpiredLinks();
  const expiresAt = new Date(Date.now() + linkDays * DAY_MS);
  const issued = resourceIds.map((resourceId) => ({ resourceId, ...newDownloadToken() }));
  await repo.insertLinks(
    issued.map(({ resourceId, tokenHash }) => ({
      tokenHash,
      resourceId,
      leadId: to.leadId,
      email: to.email?.toLowerCase() ?? null,
      visitorId: to.visitorId,
      issuedBy,
      expiresAt,
    })),
  );
  return issued.map(({ token }) => ({
    download_url: `/api/resources/download/${token}`,
    expires_at: expiresAt.toISOString(),
  }));
}

/**
 * An expiring link to a resource for anyone who asks (spec: generate-token, no auth). The email
 * is not verified, so the link counts on the resource but never on a lead.
 */
export async function generateToken(
  deps: IssueLinksDeps,
  resourceId: string,
  email: string | null,
  visitorId: string | null,
): Promise<DownloadToken> {
  const resource = await deps.repo.findById(resourceId);
  if (!resource || !resource.isActive) throw new NotFoundError('Resource not found');
  if (resource.requireEmail && !email)
    throw new BadInputError('An email address is required for this resource');
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new BadInputError('Please enter a valid email address');
  const [link] = await issueLinks(deps, [resourceId], { leadId: null, email, visitorId }, 'public');
  return link!;
}

/**
 * Redeems a link: its row, the resource and (when the resource has one file, or one is chosen)
 * the file to stream. Throws a LinkProblem for anything a visitor should be told.
 */
export async function redeemLink(repo: ResourcesRepository, token: string, fileId: string | undefined) {
  const link = isDownloadTokenShaped(token)
    ? await repo.findLinkByTokenHash(hashDownloadToken(token))
    : undefined;
  if (!link) throw new LinkProblem('invalid');
  if (link.expiresAt.getTime() <= Date.now()) throw new LinkProblem('expired');
  const resource = link.resourceId ? await repo.findById(link.resourceId) : undefined;
  if (!resource || !resource.isActive || resource.files.length === 0) throw new LinkProblem('gone');
  const file = fileId
    ? resource.files.find((f) => f.id === fileId)
    : resource.files.length === 1
      ? resource.files[0]
      : undefined;
  if (fileId && !file) throw new LinkProblem('gone');
  return { link, resource, file };
}

/**
 * Streams a file of a redeemed link and counts the download on the resource, and on the lead
 * when the server issued the link to that lead (never a public link: its email is unverified).
 */
export async function openDownload(
  deps: {
    repo: ResourcesRepository;
    storage: FileStorage;
    log: FastifyBaseLogger;
    onLeadDownload: (email: string) => Promise<void>;
  },
  link: ResourceDownloadLinkRow,
  resourceId: string,
  file: { id: string; storageKey: string },
) {
  const { body, size } = await deps.storage.get(file.storageKey);
  await deps.repo.recordDownload({
    resourceId,
    fileId: file.id,
    email: link.email,
    visitorId: link.visitorId,
  });
  if (link.issuedBy !== 'public' && link.leadId && link.email)
    await deps
      .onLeadDownload(link.email)
      .catch((error: unknown) => deps.log.warn({ err: String(error) }, 'lead download not counted'));
  return { body, size };
}
