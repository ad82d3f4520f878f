import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFromStream } from 'pg-copy-streams';
import { copyStatement, REQUIRED_EXTENSIONS, type Database, type Queryable, type QueryResult } from './Database';
import { TYPE_PARSERS } from './typeParsers';

const typeOverrides = new pg.TypeOverrides();
for (const [oid, parse] of Object.entries(TYPE_PARSERS)) typeOverrides.setTypeParser(Number(oid), parse);

function queryableOver(runner: pg.Pool | pg.PoolClient, acquire: () => Promise<pg.PoolClient>): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await runner.query(sql, [...params]);
      return { rows: result.rows as Row[], affectedRows: result.rowCount ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await runner.query(sql);
    },
    async copyFrom(table: string, columns: readonly string[], csv: string): Promise<number> {
      if (csv.length === 0) return 0;
      const client = await acquire();
      try {
        const stream = client.query(copyFromStream(copyStatement(table, columns, 'STDIN')));
        await pipeline(Readable.from([csv]), stream);
        return Number(stream.rowCount);
      } finally {
        if (client !== runner) client.release();
      }
    },
  };
}

export interface PostgresOptions {
  connectionString: string;
  /** Optional schema put first in `search_path` (tests use one schema each). */
  schema?: string | undefined;
  maxConnections?: number | undefined;
  /** `statement_timeout` of every connection: PostgreSQL cancels a statement running longer. */
  statementTimeoutMs?: number | undefined;
  /**
   * `max_parallel_workers_per_gather` of every connection; PostgreSQL's own setting when absent. Serving
   * sets 0: many small statements run side by side, and a parallel plan's workers then cost more CPU than
   * they save (200 simulated users on 2 cores: p99 12.8 s with them, 2.4 s without).
   */
  parallelWorkersPerGather?: number | undefined;
}

function connectionOptions(options: PostgresOptions): string | undefined {
  const settings = [
    ...(options.schema ? [`-c search_path=${options.schema},public`] : []),
    ...(options.statementTimeoutMs ? [`-c statement_timeout=${Math.round(options.statementTimeoutMs)}`] : []),
    ...(options.parallelWorkersPerGather !== undefined
      ? [`-c max_parallel_workers_per_gather=${Math.max(0, Math.round(options.parallelWorkersPerGather))}`]
      : []),
  ];
  return settings.length > 0 ? settings.join(' ') : undefined;
}

/** Opens a pool on PostgreSQL + PostGIS and creates the required extensions if missing. */
export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const maxConnections = options.maxConnections ?? 10;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: maxConnections,
    types: typeOverrides,
    ...(connectionOptions(options) ? { options: connectionOptions(options) } : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  // A client checked out when its connection drops (a PostgreSQL restart, `pg_terminate_backend`) emits
  // 'error' besides failing its query: without a listener that event would end the process.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  for (const name of REQUIRED_EXTENSIONS) {
    await pool.query(`CREATE EXTENSION IF NOT EXISTS ${name} SCHEMA public`);
  }
  if (options.schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
  const base = queryableOver(pool, () => pool.connect());
  return {
    ...base,
    kind: 'postgresql',
    async transaction<T>(work: (transaction: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(queryableOver(client, () => Promise.resolve(client)));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    busy: () => pool.waitingCount > 0 || (pool.idleCount === 0 && pool.totalCount >= maxConnections),
  };
}
