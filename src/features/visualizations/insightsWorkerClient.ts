import * as Comlink from 'comlink';
import type { InsightsWorkerApi } from '../../../workers/visualizations/insightsWorkerApi';

let remote: Comlink.Remote<InsightsWorkerApi> | null = null;

/** The shared insights worker, started on first use. */
export function insightsWorker(): Comlink.Remote<InsightsWorkerApi> {
  remote ??= Comlink.wrap<InsightsWorkerApi>(
    new Worker(new URL('../../../workers/visualizations/visualizations.worker.ts', import.meta.url), {
      type: 'module',
      name: 'zonalyse-insights',
    }),
  );
  return remote;
}
