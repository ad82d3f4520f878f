import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
import { untilState } from '../../../tests/support/untilState';
import type { MarketApi } from './marketApi';
import { marketActions } from './marketSlice';

const potential = {
  coordinates: [2.38, 48.857],
  mode: 'walking',
  bands: [],
  method: '',
  sources: [],
  computation_ms: 1,
};
const competition = { competitors: [], families: [] };
const analysis = { captured: { residents: 10 } };

/** An in-memory market API recording what the saga asks. */
function recordingApi(place: [number, number] | undefined) {
  const calls: { name: string; body: unknown }[] = [];
  const api = {
    potential: async (body: unknown) => (calls.push({ name: 'potential', body }), potential),
    competition: async (body: unknown) => (calls.push({ name: 'competition', body }), competition),
    analysis: async (body: unknown) => (calls.push({ name: 'analysis', body }), analysis),
    gyms: async (body: unknown) => (
      calls.push({ name: 'gyms', body }),
      { gyms: [], returned_count: 0, total_count: 0, search_time_ms: 1 }
    ),
    gymChains: async () => (
      calls.push({ name: 'gymChains', body: null }),
      { chains: [{ key: 'basic-fit', name: 'Basic-Fit', count: 2 }], independent_count: 5, method: '' }
    ),
    place: async (text: string) => (
      calls.push({ name: 'place', body: text }),
      place ? { label: 'Adresse trouvée', center: place } : undefined
    ),
  } as unknown as MarketApi;
  return { api, calls };
}

const request = {
  sector: 'bakeries' as const,
  mode: 'walking' as const,
  minutes: 10,
  lambda: 2,
  ownOutlets: ['123'],
};

describe('marketSaga', () => {
  it('geocodes an address then asks potential, competition and the Huff model for that point', async () => {
    const { api, calls } = recordingApi([2.38, 48.857]);
    const store = createAppStore(undefined, { marketApi: api });
    store.dispatch(marketActions.studyRequested({ ...request, site: { kind: 'address', text: '1 place Léon Blum' } }));
    await untilState(store, (state) => state.market.status === 'loaded');
    expect(calls.map((entry) => entry.name)).toEqual(['place', 'potential', 'competition', 'analysis']);
    expect(calls[3]?.body).toMatchObject({
      coordinates: [2.38, 48.857],
      sector: 'bakeries',
      minutes: 10,
      own_outlets: ['123'],
    });
    expect(store.getState().market.results?.site.label).toBe('Adresse trouvée');
  });

  it('reports an unknown address in French without asking for the analyses', async () => {
    const { api, calls } = recordingApi(undefined);
    const store = createAppStore(undefined, { marketApi: api });
    store.dispatch(marketActions.studyRequested({ ...request, site: { kind: 'address', text: 'nulle part' } }));
    await untilState(store, (state) => state.market.status === 'error');
    expect(store.getState().market.error).toBe('Aucune adresse trouvée pour: nulle part');
    expect(calls.map((entry) => entry.name)).toEqual(['place']);
  });

  it('searches gyms with the chosen chain, independents as a flag, and reads the chains once', async () => {
    const { api, calls } = recordingApi(undefined);
    const store = createAppStore(undefined, { marketApi: api });
    const gyms = { longitude: 2.38, latitude: 48.857, label: 'Centre de la carte', maxDistanceKm: 2, name: ' fit ' };
    store.dispatch(marketActions.gymsRequested({ ...gyms, chain: 'basic-fit' }));
    await untilState(store, (state) => state.market.gyms.status === 'loaded');
    expect(calls.map((entry) => entry.name)).toEqual(['gyms', 'gymChains']);
    expect(calls[0]?.body).toEqual({
      coordinates: [2.38, 48.857],
      maxDistance: 2,
      chains: ['basic-fit'],
      independent_only: false,
      name: 'fit',
      limit: 200,
    });
    expect(store.getState().market.gyms.chains?.independent_count).toBe(5);

    store.dispatch(marketActions.gymsRequested({ ...gyms, name: '', chain: 'independent' }));
    await untilState(store, (state) => state.market.gyms.status === 'loaded');
    expect(calls.map((entry) => entry.name)).toEqual(['gyms', 'gymChains', 'gyms']);
    expect(calls[2]?.body).toMatchObject({ chains: [], independent_only: true });
    expect(calls[2]?.body).not.toHaveProperty('name');
  });
});
