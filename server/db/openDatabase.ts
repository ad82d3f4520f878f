import type { Config } from '../config';
import type { Database } from './Database';
import { openPgliteThread } from './openPgliteThread';
import { openPostgres } from './openPostgres';

export interface OpenDatabaseOptions {
  /** Longest a statement may run (serving requests); none for imports and migrations. */
  statementTimeoutMs?: number | undefined;
  /**
   * Serving requests: on PostgreSQL, no parallel workers (see `parallelWorkersPerGather` in
   * `openPostgres`); imports and migrations keep them.
   */
  serving?: boolean | undefined;
}

/**
 * PostgreSQL when `DATABASE_URL` is set, else the embedded PGlite in `DATA_DIR`, run in a worker
 * thread so that no statement blocks the HTTP loop.
 */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDirectory'>,
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  return config.databaseUrl
    ? openPostgres({
        connectionString: config.databaseUrl,
        statementTimeoutMs: options.statementTimeoutMs,
        ...(options.serving ? { parallelWorkersPerGather: 0 } : {}),
      })
    : openPgliteThread({ dataDirectory: config.dataDirectory, statementTimeoutMs: options.statementTimeoutMs });
}

/** The statement limit for serving: a little shorter than the request deadline, so the work stops first. */
export function statementTimeoutFor(requestDeadlineMs: number): number {
  return Math.max(500, requestDeadlineMs - 1000);
}
