import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/ApiError';
import { createAppStore } from '../../app/store';
import type { ClustersResponse } from '../../../kernel/real-estate/realEstateSchemas';
import { untilState as until } from '../../../tests/support/untilState';
import type { RealEstateApi } from './realEstateApi';
import { realEstateActions, type ClustersView } from './realEstateSlice';

const view = (zoom: number): ClustersView => ({ bounds: { north: 48.9, south: 48.8, east: 2.4, west: 2.3 }, zoom });
const answer = (zoom: number): ClustersResponse => ({
  clusters: [],
  total_transactions: zoom * 100,
  zoom_level: zoom,
  search_time_ms: 3,
});

describe('realEstateSaga — price clusters of the map view', () => {
  it('keeps only the latest view’s answer, aborting the request of the view it replaces', async () => {
    const signals: AbortSignal[] = [];
    const pending: ((response: ClustersResponse) => void)[] = [];
    const api = {
      clusters: (_bounds: unknown, zoom: number, signal?: AbortSignal) => {
        if (signal) signals.push(signal);
        return new Promise<ClustersResponse>((resolve) => pending.push(() => resolve(answer(zoom))));
      },
    } as unknown as RealEstateApi;
    const store = createAppStore(undefined, { realEstateApi: api });

    store.dispatch(realEstateActions.clustersRequested(view(12)));
    store.dispatch(realEstateActions.clustersRequested(view(14)));
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
    pending[0]?.(answer(12));
    pending[1]?.(answer(14));
    const ready = await until(store, (state) => state.realEstate.clusters.status === 'ready');
    expect(ready.realEstate.clusters.response?.zoom_level).toBe(14);
  });

  it('reports a failure with the server’s message and forgets the clusters when the layer is hidden', async () => {
    const api = {
      clusters: () => Promise.reject(new ApiError('Zoom hors limites', 400, 'BAD_REQUEST')),
    } as unknown as RealEstateApi;
    const store = createAppStore(undefined, { realEstateApi: api });
    store.dispatch(realEstateActions.clustersRequested(view(3)));
    const failed = await until(store, (state) => state.realEstate.clusters.status === 'error');
    expect(failed.realEstate.clusters.error).toBe('Zoom hors limites');
    store.dispatch(realEstateActions.clustersCleared());
    expect(store.getState().realEstate.clusters).toEqual({ status: 'idle', response: null, error: null });
  });
});
