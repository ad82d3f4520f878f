import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
import { zoneGeometry } from '../../../kernel/zones/Zone';
import { untilState as until } from '../../../tests/support/untilState';
import type { GeocodingApi } from '../geocoding/geocodingApi';
import type { IsochronesApi, IsochroneRequest } from '../isochrones/isochronesApi';
import { defaultZoneParameters } from './zoneCreation';
import { zoneCreationActions } from './zoneCreationSlice';

const roquette = { label: '52 Rue de la Roquette 75011 Paris', center: [2.3736, 48.8544] as [number, number] };
const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [2.37, 48.85],
      [2.38, 48.85],
      [2.38, 48.86],
      [2.37, 48.86],
      [2.37, 48.85],
    ],
  ],
};

/** The geocoder and the isochrone engine answered in memory; the requests they got are kept. */
function services() {
  const generated: IsochroneRequest[] = [];
  const geocodingApi = {
    search: (query: string) => Promise.resolve(query.includes('Roquette') ? [roquette] : []),
  } as unknown as GeocodingApi;
  const isochronesApi = {
    generate: (request: IsochroneRequest) => {
      generated.push(request);
      return Promise.resolve({ feature: { type: 'Feature', geometry: square, properties: {} } });
    },
  } as unknown as IsochronesApi;
  return { geocodingApi, isochronesApi, generated };
}

describe('zoneCreationSaga', () => {
  const parameters = defaultZoneParameters(new Date('2026-11-25T10:00:00Z'));
  const isochrone = {
    transportMode: parameters.transportMode,
    travelTime: 10,
    zoneType: 'time' as const,
    zoneDistance: 1000,
  };

  it('says in French when a typed address is not found, and sends no isochrone', async () => {
    const { generated, ...apis } = services();
    const store = createAppStore(undefined, apis);
    store.dispatch(
      zoneCreationActions.creationRequested({
        address: 'nulle part',
        place: null,
        parameters,
        isochrone,
        previewed: null,
      }),
    );
    const state = await until(store, (root) => root.zoneCreation.addressError !== null);
    expect(state.zoneCreation.addressError).toBe('Aucune adresse trouvée pour: nulle part');
    expect(state.zoneCreation.status).toBe('idle');
    expect(generated).toEqual([]);
  });

  it('geocodes a typed address, computes the isochrone from its point and adds the zone', async () => {
    const { generated, ...apis } = services();
    const store = createAppStore(undefined, apis);
    store.dispatch(
      zoneCreationActions.creationRequested({
        address: '52 rue de la Roquette',
        place: null,
        parameters,
        isochrone,
        previewed: null,
      }),
    );
    const state = await until(store, (root) => root.zoneCreation.created !== null);
    expect(state.zoneCreation.geocoded).toEqual(roquette);
    expect(generated.map((request) => request.coordinates)).toEqual([roquette.center]);
    expect(state.zones.zones.map((zone) => zone.id)).toContain(state.zoneCreation.created?.id);
    const created = state.zoneCreation.created;
    expect(created ? zoneGeometry(created) : undefined).toEqual(square);
  });
});
