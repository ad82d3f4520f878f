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
