import net from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the sink received it: the envelope, the headers that matter, the parsed bodies. */
export type SinkMessage = {
  to: string[];
  from: string;
  messageId: string;
  subject: string;
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
  html: string;
  text: string;
  receivedAt: number;
};

export type SmtpSinkOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Answers a recipient's RCPT TO with this SMTP refusal (e.g. 550 for a hard bounce, 451 to retry). */
  refuse?: (address: string) => { code: number; message: string } | null;
  /** Skips parsing (bodies empty): for benchmarks that only count Message-IDs. */
  headersOnly?: boolean;
};

/**
 * A real SMTP server on localhost (smtp-server, no auth, no TLS) that keeps what it receives:
 * the campaign sender's tests, the send benchmark and the journeys deliver to it.
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}) {
  const messages: SinkMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const envelope = {
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        };
        parse(raw, options.headersOnly ?? false)
          .then((parsed) => {
            messages.push({ ...envelope, ...parsed, receivedAt: Date.now() });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  // A sender killed mid-message resets its connection: that is the sender's fault, not the sink's.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** How many messages carry each Message-ID (exactly-once checks). */
    countsByMessageId(): Map<string, number> {
      const counts = new Map<string, number>();
      for (const m of messages) counts.set(m.messageId, (counts.get(m.messageId) ?? 0) + 1);
      return counts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

async function parse(raw: Buffer, headersOnly: boolean) {
  if (headersOnly) {
    const head = raw.subarray(0, Math.max(0, raw.indexOf('\r\n\r\n'))).toString('utf8');
    const header = (name: string) =>
      new RegExp(`^${name}:[ \\t]*(.*(?:\\r\\n[ \\t].*)*)`, 'im')
        .exec(head)?.[1]
        ?.replace(/\r\n[ \t]+/g, ' ') ?? null;
    return {
      messageId: header('Message-ID') ?? '',
      subject: header('Subject') ?? '',
      listUnsubscribe: header('List-Unsubscribe'),
      listUnsubscribePost: header('List-Unsubscribe-Post'),
      html: '',
      text: '',
    };
  }
  const mail = await simpleParser(raw);
  // The raw header lines, as a mail client sees them (mailparser turns some into objects).
  const header = (name: string) =>
    mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]*:\s*/, '') ?? null;
  return {
    messageId: mail.messageId ?? '',
    subject: mail.subject ?? '',
    listUnsubscribe: header('list-unsubscribe'),
    listUnsubscribePost: header('list-unsubscribe-post'),
    html: typeof mail.html === 'string' ? mail.html : '',
    text: mail.text ?? '',
  };
}
