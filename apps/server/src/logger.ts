import pino, { type DestinationStream, type Logger } from 'pino';

/** Structured logs; anything that could carry a secret is redacted before it is written. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.currentPassword',
          '*.newPassword',
          '*.token',
          '*.twoFactorCode',
          '*.code',
          '*.secret',
          '*.backupCodes',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
