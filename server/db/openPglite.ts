import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { postgis } from './postgisBundle';
import { copyStatement, REQUIRED_EXTENSIONS, type Database, type Queryable, type QueryResult } from './Database';
import { DataDirectoryLock } from './DataDirectoryLock';
import { TYPE_PARSERS } from './typeParsers';

type PgliteRunner = Pick<Transaction, 'query' | 'exec'>;

function queryableOver(runner: PgliteRunner): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await runner.query<Row>(sql, [...params]);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await runner.exec(sql);
    },
    async copyFrom(table: string, columns: readonly string[], csv: string): Promise<number> {
      if (csv.length === 0) return 0;
      const result = await runner.query(copyStatement(table, columns, "'/dev/blob'"), [], {
        blob: new Blob([csv]),
      });
      return result.affectedRows ?? 0;
    },
  };
}

export interface PgliteOptions {
  /** Folder of the persistent database; `undefined` opens an in-memory database. */
  dataDirectory?: string | undefined;
  /** A tarball made by `dumpDataDir`, loaded as the starting content. */
  loadDataDirectory?: Blob | undefined;
  /** Take the folder's lock file (default); the worker thread of {@link openPgliteThread} leaves it to its parent. */
  lockDataDirectory?: boolean | undefined;
  /** PGlite's engine already compiled (by another thread of this process), instead of compiling it again. */
  pgliteWasmModule?: WebAssembly.Module | undefined;
}

/** The PGlite instance behind a database, for the few callers that need PGlite itself (dumps). */
export interface PgliteDatabase extends Database {
  readonly pglite: PGlite;
}

/**
 * Opens PGlite 0.5.8 with PostGIS, pg_trgm and unaccent, creating the extensions at once. A persistent
 * folder is locked so that only one process opens it.
 */
export async function openPglite(options: PgliteOptions = {}): Promise<PgliteDatabase> {
  const lock =
    options.dataDirectory && options.lockDataDirectory !== false
      ? DataDirectoryLock.acquire(options.dataDirectory)
      : undefined;
  try {
    const pglite = await PGlite.create({
      ...(options.dataDirectory ? { dataDir: options.dataDirectory } : {}),
      ...(options.loadDataDirectory ? { loadDataDir: options.loadDataDirectory } : {}),
      ...(options.pgliteWasmModule ? { pgliteWasmModule: options.pgliteWasmModule } : {}),
      extensions: { postgis, pg_trgm, unaccent },
      parsers: TYPE_PARSERS,
    });
    await pglite.exec(REQUIRED_EXTENSIONS.map((name) => `CREATE EXTENSION IF NOT EXISTS ${name};`).join('\n'));
    const base = queryableOver(pglite);
    return {
      ...base,
      kind: 'pglite',
      pglite,
      transaction: (work) => pglite.transaction((transaction) => work(queryableOver(transaction))),
      async close() {
        try {
          await pglite.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
