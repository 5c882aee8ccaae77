import crypto from 'node:crypto';
import path from 'node:path';
import { pipeline, Readable, Transform } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import {
  hasAllowedResourceExtension,
  RESOURCE_FILE_EXTENSIONS,
  RESOURCE_MAX_FILE_MB,
  RESOURCE_MAX_FILES,
  RESOURCE_MESSAGES,
  resourceCreateFieldsSchema,
  type DownloadToken,
  type RecommendedResource,
  type Resource,
  type ResourceStats,
  type ResourceUpdateInput,
} from '@lantern/contracts';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, BadInputError, NotFoundError } from '../../http/errors';
import type { FileStorage } from '../../providers/storage/file-storage';
import { assertSafeContent, contentChecksFor } from '../../security/upload-checks';
import { cleanFilename } from '../../security/upload-filename';
import type { SegmentsService } from '../segments/segments.service';
import {
  hashDownloadToken,
  isDownloadTokenShaped,
  newDownloadToken,
  type LinkIssuer,
} from './download-token';
import type { ResourcesRepository, ResourceWithFiles } from './resources.repository';
import type { ResourceDownloadLinkRow } from './resources.tables';

export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string; mimetype: string; file: Readable };

type StoredFile = { id: string; filename: string; fileType: string; size: number; storageKey: string };

const SNIFF_BYTES = 4100;
const RECOMMEND_CACHE_MS = 2_000;
const DAY_MS = 86_400_000;
/** Expired links are kept a while (they still say 'expired'), then removed with the parent's email. */
const EXPIRED_LINK_KEEP_MS = 30 * DAY_MS;
const LINK_PURGE_EVERY_MS = 3_600_000;

/** A resource with its files and its segments: the primary one first, then by name. */
export type ResourceWithRelations = Omit<ResourceWithFiles, 'segmentLinks'> & {
  segments: { id: string; name: string; isPrimary: boolean }[];
};

/** What resources reads of segments (the segments service; app.ts wires it). */
export type ResourceSegmentsReader = Pick<
  SegmentsService,
  'existingSegmentIds' | 'segmentIdByName' | 'segmentNames'
>;

/** Whom the server issues a link to: a lead it knows (enrolment, chat, email). */
export type LinkRecipient = { leadId: string; email: string; visitorId: string | null };

/** What each allowed extension's content must look like (file-type's detected MIME types). */
const CONTENT_TYPES: Record<string, { detected: string[]; serveAs: string }> = {
  '.pdf': { detected: ['application/pdf'], serveAs: 'application/pdf' },
  '.docx': {
    detected: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
    serveAs: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  '.doc': { detected: ['application/x-cfb'], serveAs: 'application/msword' },
  '.txt': { detected: [], serveAs: 'text/plain; charset=utf-8' },
  '.mp4': { detected: ['video/mp4', 'video/x-m4v', 'video/quicktime'], serveAs: 'video/mp4' },
  '.webm': { detected: ['video/webm'], serveAs: 'video/webm' },
  '.jpg': { detected: ['image/jpeg'], serveAs: 'image/jpeg' },
  '.jpeg': { detected: ['image/jpeg'], serveAs: 'image/jpeg' },
  '.png': { detected: ['image/png'], serveAs: 'image/png' },
};

const extensionOf = (filename: string) => path.extname(filename).toLowerCase();

function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** Reads the stream's first bytes for sniffing; answers them and a stream of the whole content. */
async function peek(stream: Readable): Promise<{ head: Buffer; whole: Readable }> {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = Buffer.from(next.value as Buffer);
    chunks.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* all() {
    yield head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      yield next.value as Buffer;
  }
  return { head, whole: Readable.from(all()) };
}

function isTooLarge(error: unknown): boolean {
  const e = error as { code?: string; statusCode?: number };
  return e?.code === 'FST_REQ_FILE_TOO_LARGE' || e?.statusCode === 413;
}

export function toResource(row: ResourceWithRelations): Resource {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    priority: row.priority,
    require_email: row.requireEmail,
    is_active: row.isActive,
    file_count: row.files.length,
    download_count: row.downloadCount,
    assigned_segments: row.segments.map((s) => ({ id: s.id, name: s.name, is_primary: s.isPrimary })),
    files: row.files.map((f) => ({ id: f.id, filename: f.filename, file_type: f.fileType, size: f.size })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    metadata: { ...row.metadata, created_by: 'admin', file_count: row.files.length },
  };
}

export function createResourcesService(deps: {
  repo: ResourcesRepository;
  storage: FileStorage;
  linkDays: number;
  log: FastifyBaseLogger;
  /** Counts a parent's download on their lead (score and dashboard). */
  onLeadDownload: (email: string) => Promise<void>;
  segments: ResourceSegmentsReader;
}) {
  const { repo, storage, linkDays, log, onLeadDownload, segments } = deps;

  /** The resources with their segments' names, primary first, then in name order. */
  async function withSegmentNames(rows: ResourceWithFiles[]): Promise<ResourceWithRelations[]> {
    const named = await segments.segmentNames([
      ...new Set(rows.flatMap((r) => r.segmentLinks.map((l) => l.id))),
    ]);
    const rank = new Map(named.map((s, i) => [s.id, i]));
    return rows.map(({ segmentLinks, ...row }) => ({
      ...row,
      segments: segmentLinks
        .filter((l) => rank.has(l.id))
        .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || rank.get(a.id)! - rank.get(b.id)!)
        .map((l) => ({ id: l.id, name: named[rank.get(l.id)!]!.name, isPrimary: l.isPrimary })),
    }));
  }

  async function getOrThrow(id: string): Promise<ResourceWithRelations> {
    const row = await repo.findById(id);
    if (!row) throw new NotFoundError('Resource not found');
    return (await withSegmentNames([row]))[0]!;
  }

  /** Stores one uploaded file after checking its name, size and real content type. */
  async function storeUpload(
    resourceId: string,
    part: Extract<UploadPart, { type: 'file' }>,
  ): Promise<StoredFile> {
    const filename = cleanFilename(part.filename);
    const extension = extensionOf(filename);
    if (!hasAllowedResourceExtension(filename) || !CONTENT_TYPES[extension]) {
      part.file.resume();
      throw new BadInputError(
        `${filename}: ${RESOURCE_MESSAGES.skipped}${RESOURCE_FILE_EXTENSIONS.join(', ')}`,
      );
    }
    const expected = CONTENT_TYPES[extension]!;
    const id = crypto.randomUUID();
    const storageKey = `resources/${resourceId}/${id}`;
    try {
      const { head, whole } = await peek(part.file);
      if (head.length === 0) throw new BadInputError(`${filename} is empty`);
      const detected = await fileTypeFromBuffer(head);
      const matches = expected.detected.length
        ? detected !== undefined && expected.detected.includes(detected.mime)
        : detected === undefined && looksLikeText(head);
      if (!matches) {
        part.file.resume();
        throw new BadInputError(
          `${filename} is not really a ${extension} file (its content does not match its name)`,
        );
      }
      // PDFs and zip archives are read whole (at most the upload limit) and checked before storing.
      const checks = contentChecksFor(head, detected?.mime, { refusesActivePdf: true });
      if (checks.length > 0) {
        const content = await readAll(whole);
        if ((part.file as Readable & { truncated?: boolean }).truncated)
          throw Object.assign(new Error('too large'), { statusCode: 413 });
        await assertSafeContent(filename, content, checks);
        await storage.put(storageKey, content, { contentType: expected.serveAs, size: content.length });
        return { id, filename, fileType: expected.serveAs, size: content.length, storageKey };
      }
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      // pipeline passes a failure of the upload (too large, cut off) on to the storage write.
      await storage.put(
        storageKey,
        pipeline(whole, counter, () => undefined),
        {
          contentType: expected.serveAs,
        },
      );
      if ((part.file as Readable & { truncated?: boolean }).truncated)
        throw Object.assign(new Error('too large'), { statusCode: 413 });
      return { id, filename, fileType: expected.serveAs, size, storageKey };
    } catch (error) {
      await storage.delete(storageKey).catch(() => undefined);
      if (isTooLarge(error)) throw new AppError(413, `${filename} is larger than ${RESOURCE_MAX_FILE_MB} MB`);
      throw error;
    }
  }

  async function discard(files: StoredFile[]) {
    await Promise.all(files.map((f) => storage.delete(f.storageKey).catch(() => undefined)));
  }

  // Recommendations are read on every enrolment and change rarely: this instance keeps each
  // segment set's answer for a moment, forgotten at once when it changes a resource.
  const recommendCache = new Map<
    string,
    { at: number; rows: Awaited<ReturnType<typeof repo.forSegments>> }
  >();
  let recommendGeneration = 0;
  async function recommendable(segmentIds: string[], limit: number) {
    const key = `${limit}:${[...segmentIds].sort().join(',')}`;
    const hit = recommendCache.get(key);
    if (hit && Date.now() - hit.at <= RECOMMEND_CACHE_MS) return hit.rows;
    const generation = recommendGeneration;
    const at = Date.now();
    const rows = await repo.forSegments(segmentIds, limit);
    if (generation === recommendGeneration) {
      if (recommendCache.size > 1000) recommendCache.clear();
      recommendCache.set(key, { at, rows });
    }
    return rows;
  }
  function forgetRecommendations() {
    recommendCache.clear();
    recommendGeneration++;
  }

  let lastLinkPurge = 0;
  async function purgeOldLinks() {
    if (Date.now() - lastLinkPurge < LINK_PURGE_EVERY_MS) return;
    lastLinkPurge = Date.now();
    await repo.deleteLinksExpiredBefore(new Date(Date.now() - EXPIRED_LINK_KEEP_MS));
  }

  /** One new link per resource, stored by its token's hash; the token is only in the answer. */
  async function issueLinks(
    resourceIds: string[],
    to: { leadId: string | null; email: string | null; visitorId: string | null },
    issuedBy: LinkIssuer,
  ): Promise<DownloadToken[]> {
    await purgeOldLinks();
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

  return {
    async list(filter: { category?: string; segment?: string }): Promise<Resource[]> {
      let segmentId: string | undefined;
      const segment = filter.segment && filter.segment !== 'all' ? filter.segment : undefined;
      if (segment) {
        segmentId = /^[0-9a-f-]{36}$/i.test(segment) ? segment : await segments.segmentIdByName(segment);
        if (!segmentId) return [];
      }
      const category = filter.category && filter.category !== 'all' ? filter.category : undefined;
      return (await withSegmentNames(await repo.list({ category, segmentId }))).map(toResource);
    },

    get: async (id: string) => toResource(await getOrThrow(id)),

    /**
     * Creates a resource from a multipart upload: text fields, repeated segment_ids, then the
     * files. Every file is checked and stored first; the rows are written in one transaction only
     * when everything is right, and stored files are removed again on any failure.
     */
    async createFromUpload(parts: AsyncIterable<UploadPart>): Promise<Resource> {
      const id = crypto.randomUUID();
      const fields: Record<string, unknown> = {};
      const segmentIds: string[] = [];
      const stored: StoredFile[] = [];
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.fieldname === 'segment_ids' || part.fieldname === 'segment_ids[]') {
              segmentIds.push(
                ...String(part.value)
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean),
              );
            } else fields[part.fieldname] = part.value;
            continue;
          }
          if (stored.length >= RESOURCE_MAX_FILES) {
            part.file.resume();
            throw new BadInputError(`At most ${RESOURCE_MAX_FILES} files per resource`);
          }
          if (stored.length === 0) checkTextFields(fields);
          stored.push(await storeUpload(id, part));
        }
        const input = checkTextFields(fields);
        if (stored.length === 0) throw new BadInputError(RESOURCE_MESSAGES.files);
        const chosen = [...new Set(segmentIds)];
        if (chosen.length === 0) throw new BadInputError(RESOURCE_MESSAGES.segments);
        if (chosen.some((s) => !/^[0-9a-f-]{36}$/i.test(s)))
          throw new BadInputError('segment_ids: must be segment ids');
        const known = await segments.existingSegmentIds(chosen);
        if (known.length !== chosen.length) throw new BadInputError('segment_ids: a segment does not exist');
        const primary =
          typeof fields.primary_segment_id === 'string' && chosen.includes(fields.primary_segment_id)
            ? fields.primary_segment_id
            : chosen[0]!;
        await repo.transaction(async (tx) => {
          await repo.insert(tx, {
            id,
            title: input.title,
            description: input.description,
            category: input.category,
            priority: input.priority,
            requireEmail: input.require_email,
            metadata: input.metadata,
          });
          await repo.insertFiles(
            tx,
            stored.map((f, position) => ({ ...f, resourceId: id, position })),
          );
          await repo.assignSegments(tx, id, chosen, primary, false);
        });
        forgetRecommendations();
      } catch (error) {
        await discard(stored);
        throw error;
      }
      return toResource(await getOrThrow(id));
    },

    async update(id: string, input: ResourceUpdateInput): Promise<Resource> {
      const changed = await repo.update(id, {
        title: input.title,
        description: input.description,
        category: input.category,
        priority: input.priority === undefined ? undefined : Number(input.priority),
        isActive: input.is_active,
        requireEmail: input.require_email,
      });
      if (!changed) throw new NotFoundError('Resource not found');
      forgetRecommendations();
      return toResource(await getOrThrow(id));
    },

    /** Deletes the resource and then its stored files (a file left behind is logged, not fatal). */
    async delete(id: string): Promise<void> {
      const keys = await repo.delete(id);
      if (!keys) throw new NotFoundError('Resource not found');
      forgetRecommendations();
      const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
      const failed = results.filter((r) => r.status === 'rejected').length;
      if (failed)
        log.warn({ resourceId: id, failed }, 'some stored files of a deleted resource were not removed');
    },

    async assignSegments(
      id: string,
      segmentIds: string[],
      clearExisting: boolean,
      primaryId: string | null | undefined,
    ) {
      await getOrThrow(id);
      const unique = [...new Set(segmentIds)];
      const known = await segments.existingSegmentIds(unique);
      if (known.length !== unique.length) throw new BadInputError('segment_ids: a segment does not exist');
      const primary = primaryId ?? (clearExisting ? (unique[0] ?? null) : null);
      if (primary && !unique.includes(primary))
        throw new BadInputError('primary_segment_id must be one of segment_ids');
      await repo.transaction((tx) => repo.assignSegments(tx, id, unique, primary, clearExisting));
      forgetRecommendations();
      return toResource(await getOrThrow(id));
    },

    async files(id: string) {
      return toResource(await getOrThrow(id)).files;
    },

    async stats(id: string, days: number): Promise<ResourceStats> {
      const resource = await getOrThrow(id);
      const window = await repo.stats(id, days);
      return {
        resource_id: id,
        days,
        downloads: window.downloads,
        unique_downloaders: window.unique_downloaders,
        all_time_downloads: resource.downloadCount,
        by_day: window.by_day,
      };
    },

    /**
     * An expiring link to a resource for anyone who asks (spec: generate-token, no auth). The
     * email is not verified, so the link counts on the resource but never on a lead.
     */
    async generateToken(
      resourceId: string,
      email: string | null,
      visitorId: string | null,
    ): Promise<DownloadToken> {
      const resource = await repo.findById(resourceId);
      if (!resource || !resource.isActive) throw new NotFoundError('Resource not found');
      if (resource.requireEmail && !email)
        throw new BadInputError('An email address is required for this resource');
      if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        throw new BadInputError('Please enter a valid email address');
      const [link] = await issueLinks([resourceId], { leadId: null, email, visitorId }, 'public');
      return link!;
    },

    /** Active resources of a segment (id or name) for the public side, primary first. */
    async bySegment(segment: string, limit: number) {
      const segmentId = /^[0-9a-f-]{36}$/i.test(segment) ? segment : await segments.segmentIdByName(segment);
      if (!segmentId) return [];
      return (await repo.forSegments([segmentId], limit)).map((r) => ({
        id: r.id,
        title: r.title,
        description: r.description,
        category: r.category,
        priority: r.priority,
        file_count: r.file_count,
      }));
    },

    /** Up to `limit` resources for a lead's segments, each with a link issued to the lead. */
    async recommend(
      segmentIds: string[],
      to: LinkRecipient,
      issuedBy: Exclude<LinkIssuer, 'public'>,
      limit = 3,
    ): Promise<RecommendedResource[]> {
      const rows = await recommendable(segmentIds, limit);
      const links = await issueLinks(
        rows.map((r) => r.id),
        to,
        issuedBy,
      );
      return rows.map((r, i) => ({
        id: r.id,
        title: r.title,
        description: r.description,
        downloadUrl: links[i]!.download_url,
      }));
    },

    /**
     * Redeems a link: its row, the resource and (when the resource has one file, or one is
     * chosen) the file to stream. Throws a LinkProblem for anything a visitor should be told.
     */
    async redeem(token: string, fileId: string | undefined) {
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
    },

    /**
     * Streams a file of a redeemed link and counts the download on the resource, and on the lead
     * when the server issued the link to that lead (never a public link: its email is unverified).
     */
    async openDownload(
      link: ResourceDownloadLinkRow,
      resourceId: string,
      file: { id: string; storageKey: string },
    ) {
      const { body, size } = await storage.get(file.storageKey);
      await repo.recordDownload({
        resourceId,
        fileId: file.id,
        email: link.email,
        visitorId: link.visitorId,
      });
      if (link.issuedBy !== 'public' && link.leadId && link.email)
        await onLeadDownload(link.email).catch((error: unknown) =>
          log.warn({ err: String(error) }, 'lead download not counted'),
        );
      return { body, size };
    },
  };
}

/** Why a download link cannot be used, for the page the visitor sees. */
export class LinkProblem extends Error {
  constructor(readonly reason: 'invalid' | 'expired' | 'gone') {
    super(reason);
    this.name = 'LinkProblem';
  }
}

function checkTextFields(fields: Record<string, unknown>) {
  let metadata: unknown = {};
  if (typeof fields.metadata === 'string' && fields.metadata.trim()) {
    try {
      metadata = JSON.parse(fields.metadata);
    } catch {
      throw new BadInputError('metadata must be JSON');
    }
  }
  const parsed = resourceCreateFieldsSchema.safeParse({
    title: fields.title ?? '',
    description: fields.description ?? '',
    category: fields.category || undefined,
    priority: fields.priority === undefined || fields.priority === '' ? undefined : fields.priority,
    require_email: fields.require_email === undefined ? undefined : String(fields.require_email) !== 'false',
    metadata: metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? metadata : {},
  });
  if (!parsed.success) throw new BadInputError(parsed.error.issues[0]!.message);
  return parsed.data;
}

export type ResourcesService = ReturnType<typeof createResourcesService>;
