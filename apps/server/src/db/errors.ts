/** The PostgreSQL error code (SQLSTATE) of a failed query, looking through Drizzle's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const FOREIGN_KEY_VIOLATION = '23503';
/** Text PostgreSQL cannot store: a NUL character in a text value (22021) or in JSON (22P05). */
export const UNSTORABLE_TEXT = ['22021', '22P05'];
export const UNIQUE_VIOLATION = '23505';

/** What may be logged of an unexpected error: never the query parameters (they hold personal data). */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const message = error.message.split('\nparams:')[0]!.slice(0, 500);
  return {
    type: error.name,
    message,
    code: pgErrorCode(error),
    stack: error.stack?.split('\n').slice(1, 6).join('\n'),
  };
}
