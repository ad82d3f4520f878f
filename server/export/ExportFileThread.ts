import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExportDocument } from '../../kernel/export/exportDocument';

const WORKER_FILE = new URL('./exportFileWorker.ts', import.meta.url).href;
const TSX_API = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
).href;

type Reply = { id: number; ok: true; file: Uint8Array } | { id: number; ok: false; message: string };

/**
 * Builds export files in a worker thread (started on first use, then kept): writing an XLSX or laying
 * out a PDF takes hundreds of milliseconds of CPU that must not block the HTTP loop.
 */
export class ExportFileThread {
  private worker: Promise<Worker> | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (file: Uint8Array) => void; reject: (error: Error) => void }>();

  private start(): Promise<Worker> {
    const source =
      `import(${JSON.stringify(TSX_API)}).then((tsx) => tsx.tsImport(${JSON.stringify(WORKER_FILE)}, ${JSON.stringify(import.meta.url)}))` +
      `.catch((error) => require('node:worker_threads').parentPort.postMessage({ kind: 'failed', message: String(error && error.stack || error) }));`;
    const worker = new Worker(source, { eval: true });
    worker.unref();
    return new Promise((resolve, reject) => {
      worker.once('message', (status: { kind: string; message?: string }) => {
        if (status.kind !== 'ready') {
          void worker.terminate();
          reject(new Error(`Fil de construction des exports indisponible : ${status.message ?? ''}`));
          return;
        }
        worker.on('message', (reply: Reply) => {
          const waiting = this.pending.get(reply.id);
          if (!waiting) return;
          this.pending.delete(reply.id);
          if (reply.ok) waiting.resolve(reply.file);
          else waiting.reject(new Error(reply.message));
        });
        resolve(worker);
      });
      worker.once('error', (error) => {
        for (const waiting of this.pending.values()) waiting.reject(error);
        this.pending.clear();
        this.worker = undefined;
        reject(error);
      });
    });
  }

  /** Starts the thread ahead of the first file (its libraries take a moment to load). */
  warm(): void {
    if (this.worker) return;
    this.worker = this.start();
    this.worker.catch(() => {
      this.worker = undefined;
    });
  }

  async build(document: ExportDocument): Promise<Uint8Array> {
    this.worker ??= this.start();
    const worker = await this.worker;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, document });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker).terminate();
  }
}
