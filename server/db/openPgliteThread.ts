import { existsSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Database, Queryable, QueryResult } from './Database';
import { DataDirectoryLock, LOCK_FILE, MINIMUM_FREE_BYTES, unwritable } from './DataDirectoryLock';
import { DatabaseTimeoutError } from './DatabaseTimeoutError';
import type {
  PgliteThreadReply,
  PgliteThreadRequest,
  PgliteThreadSettings,
  PgliteThreadStatus,
} from './pgliteThreadMessages';

/** PGlite run in a worker thread: the HTTP loop stays free, and a runaway statement can be stopped. */
export interface PgliteThreadDatabase extends Database {
  /**
   * Longest time one statement may run; past it the thread is stopped (which frees the work), the
   * statement fails with {@link DatabaseTimeoutError} and the database reopens. `undefined`: no limit
   * (imports, migrations).
   */
  statementTimeoutMs: number | undefined;
  /** How many times the thread was stopped and reopened. */
  readonly restarts: number;
  /** The data directory as a gzipped tarball (`dumpDataDir`). */
  dumpDataDirectory(): Promise<Uint8Array>;
}

export interface PgliteThreadOptions {
  dataDirectory?: string | undefined;
  loadDataDirectory?: Uint8Array | undefined;
  statementTimeoutMs?: number | undefined;
  /** Free space the data folder's disk must have at start (default {@link MINIMUM_FREE_BYTES}). */
  minimumFreeBytes?: number | undefined;
}

type Request = PgliteThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve: (reply: PgliteThreadReply & { ok: true }) => void;
  reject: (error: Error) => void;
}

const THREAD_FILE = new URL('./pgliteThread.ts', import.meta.url).href;
const TSX_API = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
).href;

let pgliteEngine: Promise<WebAssembly.Module> | undefined;

/** PGlite's WebAssembly engine, compiled once per process and shared by its threads (a reopened thread skips it). */
function compiledPgliteEngine(): Promise<WebAssembly.Module> {
  pgliteEngine ??= readFile(
    join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm'),
  ).then((bytes) => WebAssembly.compile(bytes));
  return pgliteEngine;
}

/** Empties `directory` except `kept`. */
function removeAllBut(directory: string, kept: string): void {
  for (const entry of readdirSync(directory)) {
    if (entry !== kept) rmSync(join(directory, entry), { recursive: true, force: true });
  }
}

/** Starts the thread through tsx, so the TypeScript thread file loads under `tsx`, vitest and the bench alike. */
function startThread(settings: PgliteThreadSettings): Promise<Worker> {
  const source =
    `import(${JSON.stringify(TSX_API)}).then((tsx) => tsx.tsImport(${JSON.stringify(THREAD_FILE)}, ${JSON.stringify(import.meta.url)}))` +
    `.catch((error) => require('node:worker_threads').parentPort.postMessage({ kind: 'failed', message: String(error && error.stack || error) }));`;
  const worker = new Worker(source, { eval: true, workerData: settings });
  return new Promise((resolve, reject) => {
    const onMessage = (status: PgliteThreadStatus) => {
      worker.off('error', onError);
      if (status.kind === 'ready') resolve(worker);
      else {
        reject(
          Object.assign(new Error(`Ouverture de la base embarquée impossible : ${status.message}`), {
            code: status.code,
            stopped: worker.terminate(),
          }),
        );
      }
    };
    const onError = (error: Error) => reject(error);
    worker.once('message', onMessage);
    worker.once('error', onError);
  });
}

/**
 * Opens PGlite + PostGIS in a worker thread. Statements run one at a time, as on PGlite's single
 * connection; a transaction holds the thread until it ends.
 */
export async function openPgliteThread(options: PgliteThreadOptions = {}): Promise<PgliteThreadDatabase> {
  const pgliteWasmModule = await compiledPgliteEngine();
  const lock = options.dataDirectory
    ? DataDirectoryLock.acquire(options.dataDirectory, options.minimumFreeBytes ?? MINIMUM_FREE_BYTES)
    : undefined;
  const newDatabase = options.dataDirectory !== undefined && !existsSync(join(options.dataDirectory, 'PG_VERSION'));
  const settings: PgliteThreadSettings = {
    dataDirectory: options.dataDirectory,
    loadDataDirectory: options.loadDataDirectory,
    pgliteWasmModule,
  };
  let thread: Promise<Worker>;
  let nextId = 1;
  let restarts = 0;
  let closed = false;
  const pending = new Map<number, Pending>();

  const failPending = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  let current: Worker | undefined;
  const attach = (worker: Worker) => {
    current = worker;
    worker.on('message', (reply: PgliteThreadReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply);
      else waiting.reject(Object.assign(new Error(reply.message), reply.code ? { code: reply.code } : {}));
      if (!reply.ok && reply.broken) {
        // PGlite failed inside and can no longer be trusted: the statements after it go to a new thread.
        failPending(new Error('La base embarquée a rencontré une erreur interne ; elle est rouverte.'));
        replace(worker);
      }
    });
    worker.on('exit', () => {
      if (closed || worker !== current) return;
      failPending(new Error('La base embarquée s’est arrêtée ; elle est rouverte.'));
      replace(worker);
    });
    return worker;
  };
  const open = () => startThread(settings).then(attach);
  /**
   * Stops `stopped` (if still running), then opens a new thread: later statements go to the new one.
   * The new thread opens the folder only once the old one has exited: `terminate()` only asks the
   * thread to stop, and until it has, its PGlite may still write pages the new one would be
   * recovering — two instances on one folder can leave it unreadable.
   */
  const replace = (stopped: Worker) => {
    if (closed || stopped !== current) return;
    current = undefined;
    restarts += 1;
    // After a restart the content is on disk; a tarball given at start was only the first content.
    if (options.dataDirectory) settings.loadDataDirectory = undefined;
    thread = stopped.terminate().then(open);
  };
  thread = open();
  try {
    await thread;
  } catch (error) {
    const failure = error as { code?: string; stopped?: Promise<number> };
    await failure.stopped;
    if (options.dataDirectory && failure.code) {
      // A database half created (the disk filled during its creation) is removed: the next start creates it whole.
      if (newDatabase) removeAllBut(options.dataDirectory, LOCK_FILE);
      lock?.release();
      throw unwritable(options.dataDirectory, error);
    }
    lock?.release();
    throw error;
  }

  const send = async (request: Request): Promise<PgliteThreadReply & { ok: true }> => {
    if (closed) throw new Error('Base fermée');
    const worker = await thread;
    const id = nextId++;
    const limit = database.statementTimeoutMs;
    return new Promise((resolve, reject) => {
      const timer =
        limit === undefined
          ? undefined
          : setTimeout(() => {
              if (!pending.has(id)) return;
              pending.delete(id);
              reject(new DatabaseTimeoutError(limit));
              failPending(new DatabaseTimeoutError(limit));
              // Terminating the thread is the only way to stop a statement running inside PGlite.
              replace(worker);
            }, limit);
      pending.set(id, {
        resolve: (reply) => {
          if (timer) clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          if (timer) clearTimeout(timer);
          reject(error);
        },
      });
      worker.postMessage({ ...request, id } as PgliteThreadRequest);
    });
  };

  const queryable: Queryable = {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const reply = await send({ kind: 'query', sql, params: [...params] });
      return { rows: reply.rows as Row[], affectedRows: reply.affectedRows };
    },
    async exec(sql: string): Promise<void> {
      await send({ kind: 'exec', sql });
    },
    async copyFrom(table: string, columns: readonly string[], csv: string): Promise<number> {
      if (csv.length === 0) return 0;
      return (await send({ kind: 'copy', table, columns: [...columns], csv })).affectedRows;
    },
  };

  // One statement (or one whole transaction) at a time, in arrival order.
  let queue: Promise<unknown> = Promise.resolve();
  let queued = 0;
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    queued += 1;
    const run = queue.then(job, job).finally(() => (queued -= 1));
    queue = run.catch(() => undefined);
    return run;
  };

  const database: PgliteThreadDatabase = {
    kind: 'pglite',
    statementTimeoutMs: options.statementTimeoutMs,
    get restarts() {
      return restarts;
    },
    query: (sql, params) => serial(() => queryable.query(sql, params)),
    exec: (sql) => serial(() => queryable.exec(sql)),
    copyFrom: (table, columns, csv) => serial(() => queryable.copyFrom(table, columns, csv)),
    transaction: (work) =>
      serial(async () => {
        await queryable.exec('BEGIN');
        try {
          const result = await work(queryable);
          await queryable.exec('COMMIT');
          return result;
        } catch (error) {
          await queryable.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    busy: () => queued > 0,
    dumpDataDirectory: () => serial(async () => (await send({ kind: 'dump' })).dump ?? new Uint8Array()),
    async close() {
      try {
        await serial(async () => {
          await send({ kind: 'close' }).catch(() => undefined);
          closed = true;
          await (await thread).terminate();
        });
      } finally {
        lock?.release();
      }
    },
  };
  return database;
}
