import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
import type { AggregatedDemographics } from '../../../kernel/demographics/aggregateDemographics';
import type { Zone } from '../../../kernel/zones/Zone';
import type { DemographicsApi } from './demographicsApi';
import { demographicsErrorMessage } from './demographicsSaga';
import { demographicsActions } from './demographicsSlice';
import { untilState as until } from '../../../tests/support/untilState';

const zone = (id: string): Zone => ({
  id,
  name: `Zone ${id}`,
  address: '',
  coordinates: [2.37, 48.86],
  transportMode: 'driving',
  travelTime: 15,
  zoneType: 'time',
  zoneDistance: 0,
  geometry: {
    type: 'Feature',
    properties: {},
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [2.36, 48.86],
          [2.38, 48.86],
          [2.38, 48.87],
          [2.36, 48.86],
        ],
      ],
    },
  },
  color: '#FF9800',
  properties: {},
});

/** A scripted analysis service: each call waits until the test settles it. */
function scriptedApi() {
  const calls: {
    zoneId: string;
    signal: AbortSignal;
    resolve: (value: unknown) => void;
    reject: (error: Error) => void;
  }[] = [];
  const api: DemographicsApi = {
    analyze: (target, signal) =>
      new Promise<AggregatedDemographics>((resolve, reject) => {
        calls.push({ zoneId: target.id, signal, resolve: resolve as (value: unknown) => void, reject });
      }),
  };
  return { api, calls };
}


const figures = (label: string) => ({ analysis_metadata: { source: label } }) as unknown as AggregatedDemographics;

describe('demographics saga', () => {
  it('loads the zones, serves them from the 5-minute cache, and reloads when forced', async () => {
    const { api, calls } = scriptedApi();
    const store = createAppStore(undefined, { demographicsApi: api });
    store.dispatch(demographicsActions.demographicsRequested({ zones: [zone('a'), zone('b')] }));
    expect(store.getState().demographics.byZone.a?.status).toBe('loading');
    expect(calls.map((call) => call.zoneId)).toEqual(['a', 'b']);
    calls[0]?.resolve(figures('A'));
    calls[1]?.resolve(figures('B'));
    await until(store, (state) => state.demographics.byZone.b?.status === 'loaded');
    store.dispatch(demographicsActions.demographicsRequested({ zones: [zone('a')] }));
    expect(calls).toHaveLength(2);
    store.dispatch(demographicsActions.demographicsRequested({ zones: [zone('a')], force: true }));
    expect(calls).toHaveLength(3);
  });

  it('aborts the request in flight when a new one comes, keeping no half state', async () => {
    const { api, calls } = scriptedApi();
    const store = createAppStore(undefined, { demographicsApi: api });
    store.dispatch(demographicsActions.demographicsRequested({ zones: [zone('a')] }));
    store.dispatch(demographicsActions.demographicsRequested({ zones: [zone('b')] }));
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.signal.aborted).toBe(false);
    expect(store.getState().demographics.byZone.a).toBeUndefined();
    calls[1]?.resolve(figures('B'));
    const state = await until(store, (current) => current.demographics.byZone.b?.status === 'loaded');
    expect(state.demographics.byZone.b?.data?.analysis_metadata.source).toBe('B');
  });

  it('shows error toast when the load fails', async () => {
    const { api, calls } = scriptedApi();
    const store = createAppStore(undefined, { demographicsApi: api });
    store.dispatch(demographicsActions.demographicsRequested({ zones: [zone('a')] }));
    calls[0]?.reject(new Error('HTTP 500: Internal Server Error'));
    const state = await until(store, (current) => current.toasts.length > 0);
    expect(state.demographics.byZone.a?.status).toBe('error');
    expect(state.toasts.at(-1)).toMatchObject({
      type: 'error',
      title: 'Erreur lors du chargement des données démographiques: HTTP 500: Internal Server Error',
    });
    expect(demographicsErrorMessage('x')).toBe('Erreur lors du chargement des données démographiques: x');
  });
});
