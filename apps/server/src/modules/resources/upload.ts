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
  type Resource,
} from '@lantern/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, BadInputError } from '../../http/errors';
import type { FileStorage } from '../../providers/storage/file-storage';
import { assertSafeContent, contentChecksFor } from '../../security/upload-checks';
import { cleanFilename } from '../../security/upload-filename';
import type { Actor } from '../audit/audit.service';
import {
  getResourceRow,
  recordResourceEvent,
  toResource,
  type ResourceSegmentsReader,
} from './resource-records';
import type { ResourcesRepository } from './resources.repository';

// Creating a resource from a multipart upload: its text fields, its segments, then its files,
// each checked by name, size and real content before it is stored.

export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string; mimetype: string; file: Readable };

export type UploadDeps = {
  repo: ResourcesRepository;
  storage: FileStorage;
  segments: ResourceSegmentsReader;
  /** A new resource may change what enrolments are recommended. */
  forgetRecommendations: () => void;
};

type StoredFile = { id: string; filename: string; fileType: string; size: number; storageKey: string };
type FilePart = Extract<UploadPart, { type: 'file' }>;

const SNIFF_BYTES = 4100;

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
const isUuidShaped = (text: string) => /^[0-9a-f-]{36}$/i.test(text);

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

function throwIfCutOff(part: FilePart) {
  if ((part.file as Readable & { truncated?: boolean }).truncated)
    throw Object.assign(new Error('too large'), { statusCode: 413 });
}

/** The file's allowed type by its name; a name that is not allowed is refused before reading. */
function expectedTypeOf(part: FilePart, filename: string) {
  const expected = CONTENT_TYPES[extensionOf(filename)];
  if (hasAllowedResourceExtension(filename) && expected) return expected;
  part.file.resume();
  throw new BadInputError(`${filename}: ${RESOURCE_MESSAGES.skipped}${RESOURCE_FILE_EXTENSIONS.join(', ')}`);
}

/** Stores one uploaded file after checking its name, size and real content type. */
async function storeUpload(storage: FileStorage, resourceId: string, part: FilePart): Promise<StoredFile> {
  const filename = cleanFilename(part.filename);
  const expected = expectedTypeOf(part, filename);
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
        `${filename} is not really a ${extensionOf(filename)} file (its content does not match its name)`,
      );
    }
    // PDFs and zip archives are read whole (at most the upload limit) and checked before storing.
    const checks = contentChecksFor(head, detected?.mime, { refusesActivePdf: true });
    if (checks.length > 0) {
      const content = await readAll(whole);
      throwIfCutOff(part);
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
      { contentType: expected.serveAs },
    );
    throwIfCutOff(part);
    return { id, filename, fileType: expected.serveAs, size, storageKey };
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    if (isTooLarge(error)) throw new AppError(413, `${filename} is larger than ${RESOURCE_MAX_FILE_MB} MB`);
    throw error;
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

type Upload = { fields: Record<string, unknown>; segmentIds: string[]; stored: StoredFile[] };

/**
 * Reads the parts in order into `upload`: text fields, repeated segment_ids, then the files, each
 * stored as it comes. The text fields are checked before the first file is read, so a bad form
 * stores nothing; `upload.stored` says what to remove if anything fails.
 */
async function readParts(
  storage: FileStorage,
  resourceId: string,
  parts: AsyncIterable<UploadPart>,
  upload: Upload,
) {
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname === 'segment_ids' || part.fieldname === 'segment_ids[]') {
        upload.segmentIds.push(
          ...String(part.value)
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        );
      } else upload.fields[part.fieldname] = part.value;
      continue;
    }
    if (upload.stored.length >= RESOURCE_MAX_FILES) {
      part.file.resume();
      throw new BadInputError(`At most ${RESOURCE_MAX_FILES} files per resource`);
    }
    if (upload.stored.length === 0) checkTextFields(upload.fields);
    upload.stored.push(await storeUpload(storage, resourceId, part));
  }
}

/** The chosen segments, all existing, and the primary one (the one named, else the first). */
async function chosenSegments(segments: ResourceSegmentsReader, upload: Upload) {
  const chosen = [...new Set(upload.segmentIds)];
  if (chosen.length === 0) throw new BadInputError(RESOURCE_MESSAGES.segments);
  if (chosen.some((s) => !isUuidShaped(s))) throw new BadInputError('segment_ids: must be segment ids');
  const known = await segments.existingSegmentIds(chosen);
  if (known.length !== chosen.length) throw new BadInputError('segment_ids: a segment does not exist');
  const named = upload.fields.primary_segment_id;
  const primary = typeof named === 'string' && chosen.includes(named) ? named : chosen[0]!;
  return { chosen, primary };
}

/**
 * Creates a resource from a multipart upload. Every file is checked and stored first; the rows
 * are written in one transaction only when everything is right, and stored files are removed
 * again on any failure. The creation is recorded in the audit log.
 */
export async function createResourceFromUpload(
  deps: UploadDeps,
  parts: AsyncIterable<UploadPart>,
  actor: Actor,
): Promise<Resource> {
  const { repo, storage, segments } = deps;
  const id = crypto.randomUUID();
  const upload: Upload = { fields: {}, segmentIds: [], stored: [] };
  try {
    await readParts(storage, id, parts, upload);
    const input = checkTextFields(upload.fields);
    if (upload.stored.length === 0) throw new BadInputError(RESOURCE_MESSAGES.files);
    const { chosen, primary } = await chosenSegments(segments, upload);
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
        upload.stored.map((f, position) => ({ ...f, resourceId: id, position })),
      );
      await repo.assignSegments(tx, id, chosen, primary, false);
    });
    deps.forgetRecommendations();
  } catch (error) {
    await Promise.all(upload.stored.map((f) => storage.delete(f.storageKey).catch(() => undefined)));
    throw error;
  }
  const resource = toResource(await getResourceRow(deps, id));
  await recordResourceEvent(repo, actor, 'resource.created', {
    resourceId: resource.id,
    files: resource.file_count,
  });
  return resource;
}
