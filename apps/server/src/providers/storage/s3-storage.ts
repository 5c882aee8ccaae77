import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { RESOURCE_MAX_FILE_MB } from '@lantern/contracts';
import { assertSafeKey, StoredFileNotFoundError, type FileStorage } from './file-storage';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); AWS itself when absent. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle?: boolean;
  /** Folder inside the bucket all keys go under, e.g. `lantern`. */
  prefix?: string;
  /** Largest stream of unknown length held in memory before upload; the upload limit by default. */
  maxBufferedBytes?: number;
};

/** S3 refused or could not be reached. The message names the operation and key, never credentials. */
export class S3StorageError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly httpStatus: number | null,
  ) {
    super(message);
    this.name = 'S3StorageError';
  }
}

/** A stream of unknown length went over the limit; statusCode lets upload code answer 413. */
export class StoredFileTooLargeError extends Error {
  readonly statusCode = 413;
  constructor(readonly key: string) {
    super('The file is too large to store');
    this.name = 'StoredFileTooLargeError';
  }
}

type SdkError = { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };

/** Objects in an S3 bucket (or an S3-compatible service), under an optional key prefix. */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const prefix = options.prefix?.replace(/^\/+|\/+$/g, '') ?? '';
  if (prefix) assertSafeKey(prefix);
  const maxBufferedBytes = options.maxBufferedBytes ?? RESOURCE_MAX_FILE_MB * 1024 * 1024;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestHandler: { connectionTimeout: 10_000, socketTimeout: 120_000 },
    // Many S3-compatible services reject or mishandle the SDK's default CRC32 checksums and
    // aws-chunked uploads; ask for checksums only where the operation requires them there.
    ...(options.endpoint
      ? ({
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        } as const)
      : {}),
  });

  const objectKey = (key: string) => {
    assertSafeKey(key);
    return prefix ? `${prefix}/${key}` : key;
  };

  const failure = (operation: string, key: string, error: unknown) => {
    const e = error as SdkError;
    const code = e.name && e.name !== 'Error' ? e.name : (e.code ?? 'Error');
    const status = e.$metadata?.httpStatusCode ?? null;
    const detail = redact(e.message ?? '', options.secretAccessKey);
    const where = status ? `${code}, HTTP ${status}` : code;
    return new S3StorageError(`S3 ${operation} of "${key}" failed (${where}): ${detail}`, code, status);
  };

  return {
    kind: 's3',
    async put(key, body, meta) {
      const Key = objectKey(key);
      // With no length known, PutObject cannot stream (lib-storage's multipart Upload is not
      // installed), so the body is held in memory, at most maxBufferedBytes (the upload limit).
      const size = Buffer.isBuffer(body) ? body.length : meta.size;
      const payload = size === undefined ? await readAll(body as Readable, maxBufferedBytes, key) : body;
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key,
            Body: payload,
            ContentType: meta.contentType,
            ContentLength: Buffer.isBuffer(payload) ? payload.length : size,
          }),
        );
      } catch (error) {
        throw failure('put', key, error);
      }
    },
    async get(key) {
      const Key = objectKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key }));
        if (!(result.Body instanceof Readable)) throw new Error('GetObject answered without a stream body');
        return { body: result.Body, size: result.ContentLength ?? null };
      } catch (error) {
        if (isMissingKey(error)) throw new StoredFileNotFoundError(key);
        throw failure('get', key, error);
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key }));
      } catch (error) {
        // S3 answers 204 for a missing key; some compatible services answer NoSuchKey.
        if (isMissingKey(error)) return;
        throw failure('delete', key, error);
      }
    },
  };
}

/** NoSuchKey, or a 404 without a body (HEAD); a missing bucket is a configuration fault, not this. */
function isMissingKey(error: unknown): boolean {
  const e = error as SdkError;
  if (e.name === 'NoSuchKey') return true;
  return e.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket';
}

const redact = (text: string, secret: string) => (secret ? text.replaceAll(secret, '[redacted]') : text);

async function readAll(stream: Readable, maxBytes: number, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    total += buffer.length;
    // Leaving the loop early destroys the source stream.
    if (total > maxBytes) throw new StoredFileTooLargeError(key);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, total);
}
