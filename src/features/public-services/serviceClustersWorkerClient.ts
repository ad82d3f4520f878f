import * as Comlink from 'comlink';
import type { ServiceClustersWorkerApi } from '../../../workers/public-services/serviceClustersWorkerApi';

let remote: Comlink.Remote<ServiceClustersWorkerApi> | null = null;

/** The public-services clusters worker, started on first use. */
export function serviceClustersWorker(): Comlink.Remote<ServiceClustersWorkerApi> {
  remote ??= Comlink.wrap<ServiceClustersWorkerApi>(
    new Worker(new URL('../../../workers/public-services/serviceClusters.worker.ts', import.meta.url), {
      type: 'module',
      name: 'zonalyse-public-services',
    }),
  );
  return remote;
}
