import * as Comlink from 'comlink';
import type { BusinessMarkersWorkerApi } from '../../../workers/businesses/businessMarkersWorkerApi';

let remote: Comlink.Remote<BusinessMarkersWorkerApi> | null = null;

/** The businesses markers worker (locations + supercluster), started on first use. */
export function businessMarkersWorker(): Comlink.Remote<BusinessMarkersWorkerApi> {
  remote ??= Comlink.wrap<BusinessMarkersWorkerApi>(
    new Worker(new URL('../../../workers/businesses/businessMarkers.worker.ts', import.meta.url), {
      type: 'module',
      name: 'zonalyse-businesses',
    }),
  );
  return remote;
}
