import { ApiError } from '../../api/ApiError';
import type { ExportRequest } from '../../../kernel/export/exportSchemas';
import {
  exportShareAnswerSchema,
  exportShareCreatedSchema,
  type ExportShareAnswer,
  type ExportShareCreated,
} from '../../../kernel/export/exportShare';

/** The built file and the name the server gave it. */
export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

/** Bytes received so far and the total when the server said it (Content-Length). */
export type ExportProgress = (received: number, total: number | null) => void;

/** Export calls: `POST /api/export` (the file, with its progress), and saving it as a download. */
/** The `{detail, code}` of a failed answer as an ApiError. */
async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as { detail?: unknown; code?: unknown };
  const message = typeof body.detail === 'string' ? body.detail : `HTTP ${response.status}: ${response.statusText}`;
  return new ApiError(
    message,
    response.status,
    typeof body.code === 'string' ? body.code : `HTTP_${response.status}`,
    body,
  );
}

export function createExportApi(baseUrl = '/api', fetchImplementation: typeof fetch = (...args) => fetch(...args)) {
  /** A JSON call of the export API (network failures as ApiError). */
  async function json(path: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImplementation(`${baseUrl}${path}`, { credentials: 'include', ...init });
    } catch (error) {
      throw ApiError.network(error instanceof Error ? error.message : 'Erreur réseau');
    }
    if (!response.ok) throw await failure(response);
    return response.json();
  }
  return {
    /** Freezes the chosen figures of the zones behind a new read-only link (`POST /api/export/shares`). */
    async createShare(request: {
      zone_ids: string[];
      metric_ids: string[];
      expires_in_days: number | null;
    }): Promise<ExportShareCreated> {
      return exportShareCreatedSchema.parse(
        await json('/export/shares', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(request),
        }),
      );
    },
    /** The frozen study behind a link, without an account. */
    async readShare(token: string): Promise<ExportShareAnswer> {
      return exportShareAnswerSchema.parse(
        await json(`/export/shares/${encodeURIComponent(token)}`, { method: 'GET', credentials: 'omit' }),
      );
    },
    /** The full address of an app path (the link to hand over). */
    absoluteUrl(path: string): string {
      return new URL(path, window.location.origin).toString();
    },
    /** Puts a text on the clipboard. */
    async copyText(text: string): Promise<void> {
      await navigator.clipboard.writeText(text);
    },
    /** Reads the server's catalogue, which also readies its file builder (called when the panel opens). */
    async prepare(): Promise<void> {
      await fetchImplementation(`${baseUrl}/export/metrics`, { credentials: 'include' }).catch(() => undefined);
    },
    async exportFile(request: ExportRequest, onProgress: ExportProgress): Promise<ExportedFile> {
      let response: Response;
      try {
        response = await fetchImplementation(`${baseUrl}/export`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', Accept: '*/*' },
          body: JSON.stringify(request),
        });
      } catch (error) {
        throw ApiError.network(error instanceof Error ? error.message : 'Erreur réseau');
      }
      if (!response.ok) throw await failure(response);
      const fileName = response.headers.get('X-Export-File-Name') ?? `zonalyse-export.${request.format}`;
      const length = Number(response.headers.get('Content-Length'));
      const total = Number.isFinite(length) && length > 0 ? length : null;
      const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
      if (!response.body) return { blob: new Blob([await response.arrayBuffer()], { type }), fileName };
      const reader = response.body.getReader();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        onProgress(received, total);
      }
      return { blob: new Blob(chunks, { type }), fileName };
    },
    /** Hands the file to the browser as a download. */
    saveFile({ blob, fileName }: ExportedFile): void {
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.style.display = 'none';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  };
}

export const exportApi = createExportApi();
export type ExportApi = ReturnType<typeof createExportApi>;
