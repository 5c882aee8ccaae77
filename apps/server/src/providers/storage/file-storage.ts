import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: a local folder under DATA_DIR by default, an S3-compatible bucket by
 * configuration. Keys are made by the server (never from a user's file name), e.g.
 * `resources/<resource id>/<file id>`.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the body under the key, replacing what was there. */
  put(key: string, body: Readable | Buffer, meta: { contentType: string; size?: number }): Promise<void>;
  /** The stored body as a stream; throws StoredFileNotFoundError when there is none. */
  get(key: string): Promise<{ body: Readable; size: number | null }>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export class StoredFileNotFoundError extends Error {
  constructor(readonly key: string) {
    super('The stored file was not found');
    this.name = 'StoredFileNotFoundError';
  }
}

/** Keys are paths of safe segments only: letters, digits, dot, dash and underscore. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (segments.some((s) => !/^[A-Za-z0-9._-]+$/.test(s) || s === '.' || s === '..'))
    throw new Error(`Unsafe storage key: ${key}`);
}
