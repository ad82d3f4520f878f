import type * as DuckDbBlocking from '@duckdb/duckdb-wasm/blocking';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DuckDbConnection } from '../../workers/businesses/ZoneBusinessesEngine';

/** DuckDB-WASM's Node build (same engine and SQL as the browser's), for tests of the DuckDB workers. */
export async function openNodeDuckDb(): Promise<DuckDbConnection> {
  const require = createRequire(import.meta.url);
  const duckdb = require('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs') as typeof DuckDbBlocking;
  const dist = dirname(require.resolve('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs'));
  const database = await duckdb.createDuckDB(
    {
      mvp: { mainModule: join(dist, 'duckdb-mvp.wasm'), mainWorker: join(dist, 'duckdb-node-mvp.worker.cjs') },
      eh: { mainModule: join(dist, 'duckdb-eh.wasm'), mainWorker: join(dist, 'duckdb-node-eh.worker.cjs') },
    },
    new duckdb.VoidLogger(),
    duckdb.NODE_RUNTIME,
  );
  await database.instantiate();
  return database.connect() as unknown as DuckDbConnection;
}
