import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Paths whose next segment is a bearer token (download, approval-preview and unsubscribe links:
 * `/u/{token}` in every campaign email, and its click `/c/` and open-pixel `/o/` links),
 * with the separator also percent-encoded, as a mistyped link that 404s is logged as sent.
 */
const TOKEN_PATH =
  /(\/(?:api\/resources\/download|api\/campaigns\/preview|preview|api\/unsubscribe|unsubscribe|u|%75|c|%63|o|%6f)(?:\/|%2f))[^/?#&\s"'\\<>]+/gi;
/** Query parameters that carry a token or another secret. */
const TOKEN_PARAM = /([?&](?:[a-z_]*token|t|key|api_key|sig|signature|code|secret|password)=)[^&#\s"'\\]+/gi;

/** A log line with every link token replaced by [redacted]. */
export function redactLinkTokens(line: string): string {
  return line.replace(TOKEN_PATH, '$1[redacted]').replace(TOKEN_PARAM, '$1[redacted]');
}

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
      // On the whole written line, so a token is caught wherever it lands: the request's url,
      // a 'Route … not found' message, an error's text, a referer a module chose to log.
      hooks: { streamWrite: redactLinkTokens },
    },
    destination,
  );
}
