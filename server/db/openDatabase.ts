import type { Config } from '../config';
import type { Database } from './Database';
import { openPglite } from './openPglite';
import { openPostgres } from './openPostgres';

/** PostgreSQL when `DATABASE_URL` is set, the embedded PGlite in `DATA_DIR` otherwise. */
export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDirectory'>): Promise<Database> {
  return config.databaseUrl
    ? openPostgres({ connectionString: config.databaseUrl })
    : openPglite({ dataDirectory: config.dataDirectory });
}
