import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an S3 bucket, for tests: the path-style REST calls the SDK makes for
 * PutObject, GetObject, HeadObject and DeleteObject, held in memory, with S3's XML error bodies.
 * It checks the access key id in the SigV4 Authorization header but not the signature itself.
 * Test support kept in src (no test-framework imports) so other modules' tests can start it.
 */
export type FakeS3Object = { body: Buffer; contentType: string };
export type FakeS3 = {
  /** Endpoint to give the client, with forcePathStyle: true, e.g. http://127.0.0.1:PORT */
  url: string;
  /** Objects by key (without the bucket). */
  objects: Map<string, FakeS3Object>;
  requests: { method: string; path: string }[];
  close(): Promise<void>;
};

type ErrorReply = { status: number; code: string; message: string; resource?: string };

const errorXml = (error: ErrorReply) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  `<Error><Code>${error.code}</Code><Message>${escapeXml(error.message)}</Message>` +
  (error.resource ? `<Resource>${escapeXml(error.resource)}</Resource>` : '') +
  `<RequestId>${crypto.randomUUID()}</RequestId></Error>`;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** The access key id from `AWS4-HMAC-SHA256 Credential=<id>/<date>/<region>/s3/aws4_request, ...`. */
function accessKeyIdOf(authorization: string | undefined): string | null {
  return authorization?.match(/Credential=([^/,\s]+)\//)?.[1] ?? null;
}

/**
 * Undoes `Content-Encoding: aws-chunked` framing (`<hex size>[;chunk-signature=…]\r\n<data>\r\n`,
 * ending with a zero chunk and trailers), which the SDK uses for streamed uploads with checksums.
 */
function decodeAwsChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', offset);
    if (lineEnd < 0) throw new Error('Malformed aws-chunked body');
    const size = parseInt(raw.subarray(offset, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (Number.isNaN(size)) throw new Error('Malformed aws-chunked body');
    if (size === 0) return Buffer.concat(parts);
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

function isAwsChunked(req: http.IncomingMessage): boolean {
  const encoding = String(req.headers['content-encoding'] ?? '');
  const sha = String(req.headers['x-amz-content-sha256'] ?? '');
  return encoding.split(',').some((e) => e.trim() === 'aws-chunked') || sha.startsWith('STREAMING-');
}

export async function startFakeS3(options: { bucket: string; accessKeyId: string }): Promise<FakeS3> {
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3['requests'] = [];

  function sendError(res: http.ServerResponse, method: string, error: ErrorReply) {
    // Like S3, a HEAD gets the status only.
    res.writeHead(error.status, { 'Content-Type': 'application/xml' });
    res.end(method === 'HEAD' ? undefined : errorXml(error));
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer) {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://fake.s3');
    const [bucketSegment = '', ...keySegments] = url.pathname.slice(1).split('/');
    const bucket = decodeURIComponent(bucketSegment);
    const key = keySegments.map(decodeURIComponent).join('/');
    requests.push({ method, path: decodeURIComponent(url.pathname) });

    const accessKeyId = accessKeyIdOf(req.headers.authorization);
    if (accessKeyId === null)
      return sendError(res, method, { status: 403, code: 'AccessDenied', message: 'Access Denied' });
    if (accessKeyId !== options.accessKeyId) {
      return sendError(res, method, {
        status: 403,
        code: 'InvalidAccessKeyId',
        message: 'The AWS Access Key Id you provided does not exist in our records.',
      });
    }
    if (bucket !== options.bucket) {
      return sendError(res, method, {
        status: 404,
        code: 'NoSuchBucket',
        message: 'The specified bucket does not exist',
        resource: `/${bucket}`,
      });
    }
    if (!key) {
      return sendError(res, method, {
        status: 501,
        code: 'NotImplemented',
        message: 'The fake S3 only serves object calls',
      });
    }

    if (method === 'PUT') {
      const body = isAwsChunked(req) ? decodeAwsChunked(raw) : raw;
      const contentType = String(req.headers['content-type'] ?? 'binary/octet-stream');
      objects.set(key, { body, contentType });
      res.writeHead(200, { ETag: etagOf(body) });
      return res.end();
    }
    if (method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    if (method === 'GET' || method === 'HEAD') {
      const stored = objects.get(key);
      if (!stored) {
        return sendError(res, method, {
          status: 404,
          code: 'NoSuchKey',
          message: 'The specified key does not exist.',
          resource: `/${bucket}/${key}`,
        });
      }
      res.writeHead(200, {
        'Content-Type': stored.contentType,
        'Content-Length': stored.body.length,
        ETag: etagOf(stored.body),
        'Last-Modified': new Date().toUTCString(),
      });
      return res.end(method === 'HEAD' ? undefined : stored.body);
    }
    return sendError(res, method, {
      status: 405,
      code: 'MethodNotAllowed',
      message: 'The specified method is not allowed against this resource.',
    });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks));
      } catch (error) {
        sendError(res, req.method ?? 'GET', {
          status: 400,
          code: 'InvalidRequest',
          message: (error as Error).message,
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // The SDK keeps connections alive; close them or close() waits for their idle timeout.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const etagOf = (body: Buffer) => `"${crypto.createHash('md5').update(body).digest('hex')}"`;
