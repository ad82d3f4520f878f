import type { IsochroneBatchResponse, IsochroneFeature, IsochroneRequest } from '../core/routing/isochroneSchemas';
import { apiClient, type HttpClient } from './httpClient';

/** Spec §7: generate 45 s, batch 90 s. */
export const ISOCHRONE_TIMEOUT_MS = 45_000;
export const ISOCHRONE_BATCH_TIMEOUT_MS = 90_000;

/** The isochrone calls of spec §7 (`POST /api/isochrone/generate`, `/batch`). */
export function createIsochroneApi(client: HttpClient = apiClient) {
  return {
    generate: (request: IsochroneRequest, signal?: AbortSignal) =>
      client.request<IsochroneFeature>('/isochrone/generate', {
        method: 'POST',
        body: request,
        timeoutMs: ISOCHRONE_TIMEOUT_MS,
        ...(signal ? { signal } : {}),
      }),
    batch: (requests: IsochroneRequest[], signal?: AbortSignal) =>
      client.request<IsochroneBatchResponse>('/isochrone/batch', {
        method: 'POST',
        body: { requests },
        timeoutMs: ISOCHRONE_BATCH_TIMEOUT_MS,
        ...(signal ? { signal } : {}),
      }),
  };
}

export type IsochroneApi = ReturnType<typeof createIsochroneApi>;
