import { parentPort, workerData } from 'node:worker_threads';
import { STATEMENT_TOO_COMPLEX } from './DatabaseTimeoutError';
import { openPglite, type PgliteDatabase } from './openPglite';
import type { PgliteThreadReply, PgliteThreadRequest, PgliteThreadSettings } from './pgliteThreadMessages';

/**
 * The worker-thread side of {@link openPgliteThread}: one PGlite opened here, every statement run
 * here, so a slow query never blocks the HTTP event loop of the main thread.
 */
async function serve(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('pgliteThread doit tourner dans un worker_thread');
  const settings = workerData as PgliteThreadSettings;
  let database: PgliteDatabase;
  try {
    database = await openPglite({
      dataDirectory: settings.dataDirectory,
      loadDataDirectory: settings.loadDataDirectory
        ? new Blob([new Uint8Array(settings.loadDataDirectory)])
        : undefined,
      lockDataDirectory: false,
      pgliteWasmModule: settings.pgliteWasmModule,
    });
  } catch (error) {
    // PGlite may throw a plain object (an Emscripten exit status): its fields tell more than `[object Object]`.
    const message = error instanceof Error ? error.message : JSON.stringify(error) ?? String(error);
    port.postMessage({ kind: 'failed', message, code: fileSystemErrorCode(error) });
    return;
  }
  const internalFailures = watchInternalFailures(database.pglite);
  port.postMessage({ kind: 'ready' });
  port.on('message', (request: PgliteThreadRequest) => {
    void answer(database, request).then((reply) => {
      const failure = internalFailures.take();
      port.postMessage(failure ? brokenReply(request.id, failure) : reply);
    });
  });
}

/**
 * Watches for the failures PGlite swallows. Postgres's own errors leave its main loop as Emscripten's
 * longjmp (a number, or the string `unwind`) and PGlite handles them; a JavaScript or WebAssembly `Error`
 * thrown from inside Postgres — the engine's stack exhausted by a deeply nested value (`'[[[…'::jsonb`), an
 * abort — is caught and ignored by PGlite, which then answers wrong results (no rows) and later fails every
 * statement (`cannot drop active portal`, `ERRORDATA_STACK_SIZE exceeded`). Seen here, the thread is replaced.
 */
function watchInternalFailures(pglite: PgliteDatabase['pglite']): { take(): Error | undefined } {
  const module = pglite.Module as unknown as Record<string, unknown>;
  const loopOnce = module._PostgresMainLoopOnce as () => unknown;
  let failure: Error | undefined;
  module._PostgresMainLoopOnce = () => {
    try {
      return loopOnce();
    } catch (error) {
      if (error instanceof Error) failure ??= error;
      throw error;
    }
  };
  return {
    take() {
      const taken = failure;
      failure = undefined;
      return taken;
    },
  };
}

/** The answer to a statement during which PGlite failed inside: too complex (as PostgreSQL says it), and broken. */
function brokenReply(id: number, failure: Error): PgliteThreadReply {
  const tooDeep = failure instanceof RangeError;
  return {
    id,
    ok: false,
    message: tooDeep
      ? 'Requête trop complexe pour la base embarquée (valeur trop imbriquée)'
      : `Erreur interne de la base embarquée : ${failure.message}`,
    code: tooDeep ? STATEMENT_TOO_COMPLEX : undefined,
    broken: true,
  };
}

/** Emscripten's numbers for the file-system errors that make a data folder unusable. */
const EMSCRIPTEN_ERRNO: Record<number, string> = { 2: 'EACCES', 19: 'EDQUOT', 51: 'ENOSPC', 63: 'EPERM', 69: 'EROFS' };

/** The operating system's code of an Emscripten `ErrnoError` (PGlite's file system), if it is one. */
function fileSystemErrorCode(error: unknown): string | undefined {
  const failure = error as { name?: unknown; errno?: unknown } | null;
  if (failure?.name !== 'ErrnoError' || typeof failure.errno !== 'number') return undefined;
  return EMSCRIPTEN_ERRNO[failure.errno];
}

async function answer(database: PgliteDatabase, request: PgliteThreadRequest): Promise<PgliteThreadReply> {
  try {
    switch (request.kind) {
      case 'query': {
        const result = await database.query(request.sql, request.params);
        return { id: request.id, ok: true, rows: result.rows, affectedRows: result.affectedRows };
      }
      case 'exec':
        await database.exec(request.sql);
        return { id: request.id, ok: true, rows: [], affectedRows: 0 };
      case 'copy': {
        const loaded = await database.copyFrom(request.table, request.columns, request.csv);
        return { id: request.id, ok: true, rows: [], affectedRows: loaded };
      }
      case 'dump': {
        const dump = await database.pglite.dumpDataDir('gzip');
        return { id: request.id, ok: true, rows: [], affectedRows: 0, dump: new Uint8Array(await dump.arrayBuffer()) };
      }
      case 'close':
        await database.pglite.close();
        return { id: request.id, ok: true, rows: [], affectedRows: 0 };
    }
  } catch (error) {
    const failure = error as { message?: string; code?: string };
    return { id: request.id, ok: false, message: failure.message ?? String(error), code: failure.code };
  }
}

void serve();
