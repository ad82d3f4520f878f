/** What the main thread gives the PGlite worker thread when it starts it. */
export interface PgliteThreadSettings {
  dataDirectory?: string | undefined;
  /** A tarball made by `dumpDataDir`, loaded as the starting content (tests). */
  loadDataDirectory?: Uint8Array | undefined;
  /** PGlite's engine, compiled once per process and shared by its threads. */
  pgliteWasmModule: WebAssembly.Module;
}

/** A request from the main thread to the PGlite worker thread. */
export type PgliteThreadRequest =
  | { id: number; kind: 'query'; sql: string; params: unknown[] }
  | { id: number; kind: 'exec'; sql: string }
  | { id: number; kind: 'copy'; table: string; columns: string[]; csv: string }
  | { id: number; kind: 'dump' }
  | { id: number; kind: 'close' };

/** The worker thread's answer to one request. */
export type PgliteThreadReply =
  | { id: number; ok: true; rows: unknown[]; affectedRows: number; dump?: Uint8Array }
  | {
      id: number;
      ok: false;
      message: string;
      code?: string | undefined;
      /** PGlite met an internal failure: its state cannot be trusted, the thread must be replaced. */
      broken?: boolean | undefined;
    };

/** The first message of the worker thread. */
export type PgliteThreadStatus =
  | { kind: 'ready' }
  | {
      kind: 'failed';
      message: string;
      /** The operating system's error code (`ENOSPC`…) when PGlite's file system refused a write. */
      code?: string | undefined;
    };
