import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailSendError, type EmailProvider, type OutgoingEmail } from './email-provider';
import { createSmtpProvider } from './smtp-provider';

const USER = 'mailer';
const PASSWORD = 'pa55-s3cret-9d2f';
const FROM = 'Lantern <hello@lantern.test>';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on a free port: the test user, and recipients it refuses by name. */
async function startSmtpServer() {
  const received: Received[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) return callback(null, { user: USER });
      // A careless server that echoes what it was sent: the provider must still not repeat it.
      callback(
        Object.assign(new Error(`Bad login ${auth.username}:${auth.password}`), { responseCode: 535 }),
      );
    },
    onRcptTo(address, _session, callback) {
      const [local] = address.address.split('@');
      if (local === 'rejected') return callback(refusal(550, '5.1.1 No such mailbox'));
      if (local === 'busy') return callback(refusal(450, '4.2.1 Mailbox busy, try again later'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    port,
    received,
    connectionCount: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const refusal = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode });

/** A port nothing listens on: bound, then released. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Headers (unfolded, lower-case names) and body of one MIME entity. */
function parseEntity(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headerLines = raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n');
  const headers = new Map(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  return { headers, body: raw.slice(split + 4) };
}

function decodeBody(body: string, transferEncoding = '7bit'): string {
  if (/base64/i.test(transferEncoding))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(transferEncoding)) {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes);
  }
  return body;
}

/** The decoded parts of a multipart message, by content type. */
function partsOf(raw: string): Map<string, string> {
  const { headers, body } = parseEntity(raw);
  const boundary = headers.get('content-type')?.match(/boundary="?([^";]+)"?/)?.[1];
  if (!boundary) throw new Error('The message is not multipart');
  const parts = body.split(`--${boundary}`).slice(1, -1);
  return new Map(
    parts.map((part) => {
      const entity = parseEntity(part.replace(/^\r\n/, ''));
      const type = (entity.headers.get('content-type') ?? '').split(';')[0]!.trim();
      return [type, decodeBody(entity.body, entity.headers.get('content-transfer-encoding'))];
    }),
  );
}

const welcome = (to: string): OutgoingEmail => ({
  to,
  subject: 'Your guide to speech therapy',
  text: 'Hello Maya, here is the guide you asked for.',
  html: '<p>Hello Maya, here is <a href="https://lantern.test/d/abc">the guide</a> you asked for.</p>',
});

async function sendError(provider: EmailProvider, message: OutgoingEmail): Promise<EmailSendError> {
  const error = await provider.send(message).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(EmailSendError);
  return error as EmailSendError;
}

describe('SMTP email provider', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let provider: EmailProvider;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    provider = createSmtpProvider({ url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${smtp.port}`, from: FROM });
  });
  afterAll(async () => {
    await provider.close?.();
    await smtp.close();
  });

  it('delivers a message with its sender, recipient, subject, text and HTML', async () => {
    const { providerMessageId } = await provider.send(welcome('parent@example.com'));

    const message = smtp.received.at(-1)!;
    expect(message.from).toBe('hello@lantern.test');
    expect(message.to).toEqual(['parent@example.com']);
    const { headers } = parseEntity(message.raw);
    expect(headers.get('from')).toBe('Lantern <hello@lantern.test>');
    expect(headers.get('to')).toBe('parent@example.com');
    expect(headers.get('subject')).toBe('Your guide to speech therapy');
    expect(headers.get('message-id')).toBe(providerMessageId);
    const parts = partsOf(message.raw);
    expect(parts.get('text/plain')).toContain('Hello Maya, here is the guide you asked for.');
    expect(parts.get('text/html')).toContain('<a href="https://lantern.test/d/abc">the guide</a>');
  });

  it('reuses its pooled connection for messages sent one after another', async () => {
    const before = smtp.connectionCount();
    for (const n of [1, 2, 3]) await provider.send(welcome(`parent${n}@example.com`));
    expect(smtp.connectionCount() - before).toBeLessThanOrEqual(1);
  });

  it('reports a recipient refused with 550 as a permanent failure', async () => {
    const error = await sendError(provider, welcome('rejected@example.com'));
    expect(error.isTransient).toBe(false);
    expect(error.message).toContain('550');
  });

  it('reports a recipient deferred with 450 as a transient failure', async () => {
    const error = await sendError(provider, welcome('busy@example.com'));
    expect(error.isTransient).toBe(true);
    expect(error.message).toContain('450');
  });

  it('reports a server that is not listening as a transient failure, quickly', async () => {
    const url = `smtp://${USER}:${PASSWORD}@127.0.0.1:${await freePort()}`;
    const unreachable = createSmtpProvider({ url, from: FROM });
    const startedAt = Date.now();
    const error = await sendError(unreachable, welcome('parent@example.com'));
    await unreachable.close?.();
    expect(error.isTransient).toBe(true);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(error.message).not.toContain(PASSWORD);
  });

  it('keeps the password of the URL out of error messages, even when the server echoes it', async () => {
    const wrongPassword = `${PASSWORD}-old`;
    const misconfigured = createSmtpProvider({
      url: `smtp://${USER}:${encodeURIComponent(wrongPassword)}@127.0.0.1:${smtp.port}`,
      from: FROM,
    });
    const error = await sendError(misconfigured, welcome('parent@example.com'));
    await misconfigured.close?.();
    expect(error.message).toContain('535');
    expect(error.message).not.toContain(PASSWORD);
    expect(error.isTransient).toBe(false);
  });
});
