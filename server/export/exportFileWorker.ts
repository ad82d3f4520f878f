import { parentPort } from 'node:worker_threads';
import type { ExportDocument } from '../../kernel/export/exportDocument';
import { buildExportFile } from './buildExportFile';

/** The file-building thread: one document in, its file out (transferred, not copied). */
const port = parentPort;
if (!port) throw new Error('exportFileWorker must run in a worker thread');
port.on('message', (message: { id: number; document: ExportDocument }) => {
  buildExportFile(message.document).then(
    (file) => port.postMessage({ id: message.id, ok: true, file }, [file.buffer as ArrayBuffer]),
    (error: unknown) =>
      port.postMessage({
        id: message.id,
        ok: false,
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});
port.postMessage({ kind: 'ready' });
// Load the workbook and PDF writers now, while no file is waiting (a failure shows on first use).
void import('./xlsxExport').catch(() => undefined);
void import('./pdfExport').catch(() => undefined);
