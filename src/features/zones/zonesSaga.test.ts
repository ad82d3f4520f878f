import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { Database } from '../../../server/db/Database';
import { openEmptyDatabase } from '../../../tests/support/testDatabase';
import { HttpClient } from '../../api/httpClient';
import { createZonesApi } from './zonesApi';
import { createAppStore } from '../../app/store';
import type { Zone } from '../../../kernel/zones/Zone';
import { zonesActions } from './zonesSlice';
import { untilState as until } from '../../../tests/support/untilState';

/** A browser-like fetch: keeps the cookies the server sets (the anonymous_zone_id cookie). */
function fetchWithCookies(): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name && value !== undefined) jar.set(name.trim(), value);
    }
    return response;
  };
}

const zone = (id: string): Zone => ({
  id,
  name: `Zone ${id}`,
  address: '10 Rue de Rivoli 75004 Paris',
  coordinates: [2.356, 48.855],
  transportMode: 'walking',
  travelTime: 15,
  zoneType: 'time',
  zoneDistance: 1000,
  departureTime: null,
  geometry: {
    type: 'Feature',
    properties: {},
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [2.35, 48.85],
          [2.36, 48.85],
          [2.36, 48.86],
          [2.35, 48.85],
        ],
      ],
    },
  },
  color: '#4CAF50',
  properties: {},
});

describe('zones saga against the real /api/user-zones server', () => {
  let database: Database;
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    database = await openEmptyDatabase('pglite');
    const config = loadConfig({ LOG_LEVEL: 'silent', TILE_CACHE_DIR: 'off', ANONYMOUS_ZONE_LIMIT: '2' });
    app = await buildApp({ database, config }, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const visitorStore = (baseUrl = `${origin}/api`) => {
    const client = new HttpClient({ baseUrl, fetch: fetchWithCookies(), sleep: () => Promise.resolve() });
    return createAppStore({}, { zonesApi: createZonesApi(client) });
  };

  it('adds optimistically, saves, re-syncs, and a new page load finds the zones', async () => {
    const fetchImplementation = fetchWithCookies();
    const client = new HttpClient({ baseUrl: `${origin}/api`, fetch: fetchImplementation });
    const store = createAppStore({}, { zonesApi: createZonesApi(client) });
    store.dispatch(zonesActions.zoneCreateRequested(zone('a')));
    // Optimistic: in the list and selected before the server answers.
    expect(store.getState().zones.zones.map((item) => item.id)).toEqual(['a']);
    expect(store.getState().zones.syncStatus).toBe('syncing');
    expect(store.getState().layout.activeZoneId).toBe('a');
    const saved = await until(store, (state) => state.zones.syncStatus === 'idle' && state.zones.loaded);
    expect(saved.zones.zones[0]).toMatchObject({ id: 'a', color: '#4CAF50', createdAt: expect.any(String) });

    const reloaded = createAppStore({}, { zonesApi: createZonesApi(client) });
    reloaded.dispatch(zonesActions.zonesLoadRequested());
    const state = await until(reloaded, (current) => current.zones.loaded);
    expect(state.zones.zones.map((item) => item.id)).toEqual(['a']);
    expect(state.zones.zones[0]?.geometry.type).toBe('Feature');

    reloaded.dispatch(zonesActions.zoneDeleteRequested('a'));
    expect(reloaded.getState().zones.zones).toEqual([]);
    await until(reloaded, (current) => current.zones.syncStatus === 'idle');
    const third = createAppStore({}, { zonesApi: createZonesApi(client) });
    third.dispatch(zonesActions.zonesLoadRequested());
    expect((await until(third, (current) => current.zones.loaded)).zones.zones).toEqual([]);
  });

  it('removes the zone again with the server’s message when the save is refused', async () => {
    const store = visitorStore();
    store.dispatch(zonesActions.zoneCreateRequested(zone('one')));
    await until(store, (state) => state.zones.syncStatus === 'idle' && state.zones.loaded);
    store.dispatch(zonesActions.zoneCreateRequested(zone('two')));
    await until(store, (state) => state.zones.syncStatus === 'idle' && state.zones.zones.length === 2);
    store.dispatch(zonesActions.zoneCreateRequested(zone('three')));
    const state = await until(store, (current) => current.zones.syncStatus === 'error');
    expect(state.zones.zones.map((item) => item.id)).toEqual(['one', 'two']);
    expect(state.zones.syncError).toBe('Limite atteinte. Passez à une offre supérieure pour continuer.');
    expect(state.zones.lastFailure).toMatchObject({ zoneId: 'three' });
    expect(state.layout.selectedZones).not.toContain('three');

    // Clear-all succeeds and the server agrees.
    store.dispatch(zonesActions.zonesClearRequested());
    expect(store.getState().zones.zones).toEqual([]);
    await until(store, (current) => current.zones.syncStatus === 'idle');
    store.dispatch(zonesActions.zonesLoadRequested());
    await until(store, (current) => current.zones.loaded && current.zones.syncStatus === 'idle');
    expect(store.getState().zones.zones).toEqual([]);
  });

  it('restores deleted and cleared zones when the server cannot be reached, and retries only after an error', async () => {
    const unreachable = 'http://127.0.0.1:9/api';
    const store = visitorStore(unreachable);
    store.dispatch(zonesActions.zoneAdded(zone('p')));
    store.dispatch(zonesActions.zoneAdded(zone('q')));
    store.dispatch(zonesActions.zoneAdded(zone('r')));
    store.dispatch({ type: 'layout/zoneSelected', payload: 'q' });

    store.dispatch(zonesActions.zoneDeleteRequested('q'));
    expect(store.getState().zones.zones.map((item) => item.id)).toEqual(['p', 'r']);
    let state = await until(store, (current) => current.zones.syncStatus === 'error');
    expect(state.zones.zones.map((item) => item.id)).toEqual(['p', 'q', 'r']);
    expect(state.zones.syncError).toBe('Failed to delete zone from backend');
    expect(state.layout.selectedZones).toEqual(['q']);

    store.dispatch(zonesActions.syncStatusChanged({ status: 'idle' }));
    store.dispatch(zonesActions.zonesClearRequested());
    expect(store.getState().zones.zones).toEqual([]);
    state = await until(store, (current) => current.zones.syncStatus === 'error');
    expect(state.zones.zones.map((item) => item.id)).toEqual(['p', 'q', 'r']);
    expect(state.zones.syncError).toBe('Failed to clear zones from backend');

    store.dispatch(zonesActions.zoneCreateRequested(zone('s')));
    state = await until(
      store,
      (current) => current.zones.lastFailure?.zoneId === 's' && current.zones.syncStatus === 'error',
    );
    expect(state.zones.syncError).toBe('Failed to save zone to backend');
    expect(state.zones.zones.map((item) => item.id)).toEqual(['p', 'q', 'r']);

    // Retry runs only in the error status: it syncs (the list of an unreachable server is empty).
    store.dispatch(zonesActions.zonesRetryRequested());
    state = await until(store, (current) => current.zones.syncStatus === 'idle');
    expect(state.zones.zones).toEqual([]);
    store.dispatch(zonesActions.zoneAdded(zone('t')));
    store.dispatch(zonesActions.zonesRetryRequested());
    expect(store.getState().zones.zones.map((item) => item.id)).toEqual(['t']);
  });
});
