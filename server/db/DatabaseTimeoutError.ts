/** A statement ran past the database's time limit and was stopped. */
export class DatabaseTimeoutError extends Error {
  override name = 'DatabaseTimeoutError';
  readonly code = 'DATABASE_TIMEOUT';

  constructor(readonly limitMs: number) {
    super(`Requête arrêtée après ${limitMs} ms`);
  }
}

/** PostgreSQL's `query_canceled` (statement_timeout) or our own thread stop. */
export function isDatabaseTimeout(error: unknown): boolean {
  return error instanceof DatabaseTimeoutError || (error as { code?: unknown } | null)?.code === '57014';
}

/** PostgreSQL's `statement_too_complex` (SQLSTATE 54001): a value nested too deeply for the database's stack. */
export const STATEMENT_TOO_COMPLEX = '54001';

/** A statement the database refused as too complex (too deeply nested), on either engine. */
export function isStatementTooComplex(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === STATEMENT_TOO_COMPLEX;
}

/** Node's errors when the database's server cannot be reached or drops the connection. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The database cannot answer for now: PostgreSQL shutting down, restarting or refusing connections
 * (SQLSTATE classes 57P and 08) or its server unreachable, or the connection lost in the middle.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('57P') || code.startsWith('08') || CONNECTION_ERRORS.has(code))) {
    return true;
  }
  return (
    typeof message === 'string' &&
    /^(Connection terminated( unexpectedly)?|Client has encountered a connection error and is not queryable)$/.test(
      message,
    )
  );
}
