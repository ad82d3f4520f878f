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
