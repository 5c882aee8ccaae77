import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from './fake-s3';
import { StoredFileNotFoundError, type FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';
import {
  createS3Storage,
  S3StorageError,
  StoredFileTooLargeError,
  type S3StorageOptions,
} from './s3-storage';

const BUCKET = 'lantern-test';
const ACCESS_KEY_ID = 'AKIAFAKE0000TEST';
const SECRET = 'fake-secret-3f9a1c7e5b2d4068';

/** A backend under test, and a count of the I/O it has done (files written or requests made). */
type Backend = { storage: FileStorage; ioCount(): number; close(): Promise<void> };

async function startLocal(): Promise<Backend> {
  const root = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'lantern-storage-'));
  const countFiles = () => fs.readdirSync(root, { recursive: true }).length;
  return {
    storage: createLocalStorage(root),
    ioCount: countFiles,
    close: () => fs.promises.rm(root, { recursive: true, force: true }),
  };
}

const s3Options = (fake: FakeS3, overrides: Partial<S3StorageOptions> = {}): S3StorageOptions => ({
  bucket: BUCKET,
  region: 'us-east-1',
  endpoint: fake.url,
  accessKeyId: ACCESS_KEY_ID,
  secretAccessKey: SECRET,
  forcePathStyle: true,
  ...overrides,
});

async function startS3(): Promise<Backend> {
  const fake = await startFakeS3({ bucket: BUCKET, accessKeyId: ACCESS_KEY_ID });
  return {
    storage: createS3Storage(s3Options(fake)),
    ioCount: () => fake.requests.length,
    close: fake.close,
  };
}

async function readBody(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Every byte value, then random bytes: anything mangled by text handling shows. */
const binaryContent = (size: number) =>
  Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), crypto.randomBytes(size)]);

/** A stream in uneven chunks, as an upload arrives. */
const streamOf = (content: Buffer) =>
  Readable.from([content.subarray(0, 1000), content.subarray(1000, 70_000), content.subarray(70_000)]);

const PDF = { contentType: 'application/pdf' };

describe.each([
  { name: 'local storage', start: startLocal },
  { name: 'S3 storage', start: startS3 },
])('$name', ({ start }) => {
  let backend: Backend;
  let storage: FileStorage;
  beforeAll(async () => {
    backend = await start();
    storage = backend.storage;
  });
  afterAll(() => backend.close());

  it('gives back a Buffer body byte for byte', async () => {
    const content = binaryContent(200_000);
    await storage.put('resources/r1/buffer', content, { ...PDF, size: content.length });
    const { body, size } = await storage.get('resources/r1/buffer');
    expect((await readBody(body)).equals(content)).toBe(true);
    expect(size).toBe(content.length);
  });

  it('gives back a stream body of unknown length byte for byte', async () => {
    const content = binaryContent(300_000);
    await storage.put('resources/r1/stream', streamOf(content), PDF);
    const { body, size } = await storage.get('resources/r1/stream');
    expect((await readBody(body)).equals(content)).toBe(true);
    expect(size).toBe(content.length);
  });

  it('gives back a stream body of known length byte for byte', async () => {
    const content = binaryContent(150_000);
    await storage.put('resources/r1/sized-stream', streamOf(content), { ...PDF, size: content.length });
    const { body } = await storage.get('resources/r1/sized-stream');
    expect((await readBody(body)).equals(content)).toBe(true);
  });

  it('replaces what was stored under the same key', async () => {
    await storage.put('resources/r2/file', Buffer.from('first version, longer'), PDF);
    await storage.put('resources/r2/file', Buffer.from('second'), PDF);
    const { body } = await storage.get('resources/r2/file');
    expect((await readBody(body)).toString()).toBe('second');
  });

  it('says a key that was never stored is not found', async () => {
    await expect(storage.get('resources/none/missing')).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });

  it('says a deleted key is not found', async () => {
    await storage.put('resources/r3/file', Buffer.from('soon gone'), PDF);
    await storage.delete('resources/r3/file');
    await expect(storage.get('resources/r3/file')).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });

  it('deletes a key that is not there without complaint', async () => {
    await expect(storage.delete('resources/none/never-stored')).resolves.toBeUndefined();
  });

  it.each(['../../etc/passwd', 'a/../b', 'a//b', '/etc/passwd', 'resources/', ''])(
    'refuses the unsafe key %j before any I/O',
    async (key) => {
      const before = backend.ioCount();
      await expect(storage.put(key, Buffer.from('x'), PDF)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
      expect(backend.ioCount()).toBe(before);
    },
  );
});

describe('S3 storage on the fake bucket', () => {
  let fake: FakeS3;
  beforeAll(async () => {
    fake = await startFakeS3({ bucket: BUCKET, accessKeyId: ACCESS_KEY_ID });
  });
  afterAll(() => fake.close());

  it('stores the content type and puts keys under the prefix', async () => {
    const storage = createS3Storage(s3Options(fake, { prefix: 'tenant-a/' }));
    await storage.put('resources/r1/file', Buffer.from('%PDF-1.7'), PDF);
    expect(fake.objects.get('tenant-a/resources/r1/file')?.contentType).toBe('application/pdf');
    const { body } = await storage.get('resources/r1/file');
    expect((await readBody(body)).toString()).toBe('%PDF-1.7');
  });

  it('refuses a wrong access key with an error that keeps the secret out', async () => {
    const storage = createS3Storage(s3Options(fake, { accessKeyId: 'AKIAWRONG0000000' }));
    const error = await storage.put('resources/r1/file', Buffer.from('x'), PDF).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3StorageError);
    expect((error as S3StorageError).httpStatus).toBe(403);
    expect((error as Error).message).not.toContain(SECRET);
    expect(JSON.stringify(error)).not.toContain(SECRET);
    const getError = await storage.get('resources/r1/file').catch((e: unknown) => e);
    expect(getError).toBeInstanceOf(S3StorageError);
    expect((getError as Error).message).not.toContain(SECRET);
  });

  it('reports a missing bucket as a storage fault, not as a missing file', async () => {
    const storage = createS3Storage(s3Options(fake, { bucket: 'no-such-bucket' }));
    const error = await storage.get('resources/r1/file').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3StorageError);
    expect((error as S3StorageError).code).toBe('NoSuchBucket');
  });

  it('refuses a stream of unknown length over the limit and stores nothing', async () => {
    const storage = createS3Storage(s3Options(fake, { maxBufferedBytes: 100_000 }));
    const before = fake.requests.length;
    const error = await storage
      .put('resources/r9/too-big', streamOf(binaryContent(150_000)), PDF)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoredFileTooLargeError);
    expect((error as StoredFileTooLargeError).statusCode).toBe(413);
    expect(fake.requests.length).toBe(before);
    expect(fake.objects.has('resources/r9/too-big')).toBe(false);
  });

  it('passes on a failure of the incoming stream instead of storing part of it', async () => {
    const storage = createS3Storage(s3Options(fake));
    const broken = new Readable({ read() {} });
    broken.push(Buffer.from('the first part'));
    setImmediate(() => broken.destroy(new Error('upload cut off')));
    await expect(storage.put('resources/r9/cut', broken, PDF)).rejects.toThrow('upload cut off');
    expect(fake.objects.has('resources/r9/cut')).toBe(false);
  });
});
