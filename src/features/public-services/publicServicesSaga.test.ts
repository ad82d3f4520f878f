import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
import type { SearchResponse, ServiceType } from '../../../kernel/public-services/publicServiceSchemas';
import type { PublicServicesApi, ServiceSearch } from './publicServicesApi';
import { publicServicesActions } from './publicServicesSlice';

const type = (count: number): ServiceType => ({
  type_service_local: 'D502',
  name: 'Crèche',
  count,
  with_coordinates: count,
  description: 'Crèches',
  category: 'sante',
  source: 'bpe',
  demo_positions: true,
});

/** An API recording the searches it receives and answering one service in the 11e. */
function recordingApi() {
  const searches: ServiceSearch[] = [];
  const api = {
    search: (search: ServiceSearch) => {
      searches.push(search);
      const answer: SearchResponse = {
        services: [
          {
            id: 'bpe-751114101-D502-1',
            nom: 'Crèche (position de démonstration)',
            type_service_local: 'D502',
            type_label: 'Crèche',
            category: 'sante',
            numero_voie: '1 rue Oberkampf',
            code_postal: '75011',
            nom_commune: 'Paris 11e Arrondissement',
            code_commune: '75111',
            telephone: null,
            adresse_courriel: null,
            site_internet: null,
            latitude: 48.864,
            longitude: 2.37,
            source: 'bpe',
            vintage: '2019',
            demo_position: true,
          },
        ],
        total: 1,
        limit: search.limit,
        offset: 0,
      };
      return Promise.resolve(answer);
    },
  } as unknown as PublicServicesApi;
  return { api, searches };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('showing a service type on the map', () => {
  it('asks for départements first above 2,000 services, then fetches with them (10,000 at most, with coordinates)', async () => {
    const { api, searches } = recordingApi();
    const store = createAppStore(undefined, { publicServicesApi: api });
    store.dispatch(publicServicesActions.typeDisplayRequested({ type: type(2_001) }));
    await settle();
    expect(store.getState().publicServices.departementRequest?.type_service_local).toBe('D502');
    expect(searches).toEqual([]);

    store.dispatch(publicServicesActions.typeDisplayRequested({ type: type(2_001), departements: ['75', '92'] }));
    await settle();
    expect(searches).toEqual([
      { serviceTypes: ['D502'], limit: 10_000, withCoordinatesOnly: true, departements: ['75', '92'] },
    ]);
    const displayed = store.getState().publicServices.displayedTypes.D502;
    expect(displayed?.services[0]?.address).toBe('1 rue Oberkampf, 75011 Paris 11e Arrondissement');
    expect(store.getState().toasts.at(-1)).toMatchObject({ type: 'success', title: '1 Crèche affichés' });
  });

  it('shows a type of 2,000 services or fewer directly', async () => {
    const { api, searches } = recordingApi();
    const store = createAppStore(undefined, { publicServicesApi: api });
    store.dispatch(publicServicesActions.typeDisplayRequested({ type: type(2_000) }));
    await settle();
    expect(store.getState().publicServices.departementRequest).toBeNull();
    expect(searches).toHaveLength(1);
  });
});
