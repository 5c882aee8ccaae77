/**
 * How the product sends email. Every message is also recorded in the outbox table (see the email
 * module), whatever the provider: `outbox` (the default) keeps it there and sends nothing;
 * `smtp` hands it to a mail server (nodemailer); MailerLite joins for campaigns.
 */
export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A fixed Message-ID (`<id@host>`): a retry of the same message is recognisable as such. */
  messageId?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
};

export interface EmailProvider {
  readonly name: 'outbox' | 'smtp' | 'mailerlite';
  /** Sends one message; throws EmailSendError when the provider refuses or cannot be reached. */
  send(message: OutgoingEmail): Promise<{ providerMessageId: string | null }>;
  close?(): Promise<void>;
}

export class EmailSendError extends Error {
  constructor(
    message: string,
    /** True when a later attempt may succeed (connection refused, timeout, 4xx SMTP answer). */
    readonly isTransient: boolean,
    /** True when the mail server refused the recipient's address itself (a 5xx hard bounce). */
    readonly recipientRejected = false,
  ) {
    super(message);
    this.name = 'EmailSendError';
  }
}

/** The default: nothing leaves the machine; the outbox table is the record. */
export function createOutboxProvider(): EmailProvider {
  return { name: 'outbox', send: async () => ({ providerMessageId: null }) };
}
