import { wrap, transfer, type Remote } from 'comlink';
import { apiClient, type HttpClient } from '../../api/httpClient';
import type { AggregatedDemographics } from '../../../kernel/demographics/aggregateDemographics';
import { ARROW_STREAM_TYPE } from '../../../kernel/demographics/demographicsRecord';
import { zoneReferenceOf, type Zone } from '../../../kernel/zones/Zone';
import type { DemographicsWorkerApi } from '../../../workers/demographics/demographicsWorkerApi';

/** 3 attempts with a linear 1 s back-off (1 s, then 2 s). */
export const DEMOGRAPHICS_ATTEMPTS = 3;
export const DEMOGRAPHICS_RETRY_DELAY_MS = 1_000;

/** How the saga analyses a zone (a test passes its own). */
export interface DemographicsApi {
  analyze(zone: Zone, signal: AbortSignal): Promise<AggregatedDemographics>;
}

let worker: Remote<DemographicsWorkerApi> | undefined;
function demographicsWorker(): Remote<DemographicsWorkerApi> {
  worker ??= wrap<DemographicsWorkerApi>(
    new Worker(new URL('../../../workers/demographics/demographics.worker.ts', import.meta.url), { type: 'module' }),
  );
  return worker;
}

/**
 * POST /api/v1/userzone-demographics/analyze as an Arrow stream, then aggregation in the Comlink
 * worker (the ArrayBuffer is transferred, the main thread neither parses nor aggregates).
 */
export function createDemographicsApi(client: HttpClient = apiClient): DemographicsApi {
  return {
    async analyze(zone, signal) {
      // The zone by reference: a territory unit by its code, a saved zone by its id, else its geometry.
      const reference = zoneReferenceOf(zone);
      if (!reference) throw new Error('Aucune géométrie fournie');
      const bytes = await client.post<ArrayBuffer>(
        '/v1/userzone-demographics/analyze',
        { zone: reference },
        {
          signal,
          responseType: 'arrayBuffer',
          headers: { Accept: ARROW_STREAM_TYPE },
          retries: DEMOGRAPHICS_ATTEMPTS - 1,
          retryDelayMs: DEMOGRAPHICS_RETRY_DELAY_MS,
          backoff: 'linear',
        },
      );
      return demographicsWorker().aggregateArrow(transfer(bytes, [bytes]));
    },
  };
}

export const demographicsApi: DemographicsApi = {
  analyze: (zone, signal) => createDemographicsApi().analyze(zone, signal),
};
