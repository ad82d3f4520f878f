import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessList } from '../../../kernel/businesses/businessSchemas';
import type { Zone } from '../../../kernel/zones/Zone';
import { openNodeDuckDb } from '../../../tests/support/nodeDuckDb';
import { buildTestApp } from '../../../tests/support/testApp';
import { openDemoDatabase } from '../../../tests/support/testDatabase';
import { untilState as until } from '../../../tests/support/untilState';
import { ZoneBusinessesEngine } from '../../../workers/businesses/ZoneBusinessesEngine';
import type { Database } from '../../../server/db/Database';
import { HttpClient } from '../../api/httpClient';
import { createAppStore } from '../../app/store';
import { createBusinessesApi } from './businessesApi';
import { businessesActions } from './businessesSlice';

const ELEVENTH: Zone = {
  id: 'zone-75111',
  name: 'Paris 11e Arrondissement',
  address: '',
  coordinates: [2.38, 48.86],
  transportMode: 'walking',
  travelTime: 0,
  zoneType: 'distance',
  zoneDistance: 0,
  geometry: { type: 'Feature', geometry: { type: 'Point', coordinates: [2.38, 48.86] }, properties: {} },
  color: '#000000',
  properties: { type: 'administrative', level: 'commune', code: '75111' },
};

describe('businesses saga against our server (demo territory) and DuckDB', () => {
  let database: Database;
  let app: FastifyInstance;
  let client: HttpClient;
  const saved: { name: string; content: string }[] = [];
  beforeAll(async () => {
    database = await openDemoDatabase('pglite');
    app = await buildTestApp(database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    client = new HttpClient({
      baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`,
      sleep: () => Promise.resolve(),
    });
  }, 600_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const store = () =>
    createAppStore(
      {},
      {
        businessesApi: createBusinessesApi(client, undefined),
        openBusinessesEngine: async (arrow) => ZoneBusinessesEngine.fromArrow(await openNodeDuckDb(), arrow),
        saveFile: (name, content) => saved.push({ name, content }),
      },
    );

  it('loads the statistics and the zone into DuckDB; the list, its filters, the CSV and a map layer agree with the server', async () => {
    const app = store();
    app.dispatch(businessesActions.zoneAnalysisRequested({ zone: ELEVENTH }));
    const loaded = await until(app, (state) => state.businesses.listPage.status === 'loaded');
    const statistics = loaded.businesses.statistics.data;
    expect(statistics?.total_businesses).toBeGreaterThan(1000);
    // The Arrow table holds exactly the counted establishments of the statistics.
    expect(loaded.businesses.engine.rowCount).toBe(statistics?.total_businesses);
    expect(loaded.businesses.listPage.data?.total).toBe(statistics?.total_businesses);
    expect(loaded.businesses.listPage.data?.businesses).toHaveLength(50);

    // NAF prefix filter in DuckDB = the server's count for that code.
    const server = await client.post<BusinessList>('/v1/business/naf-code-businesses', {
      commune_code: '75111',
      naf_code: '10.71C',
      limit: 1,
    });
    app.dispatch(businessesActions.listQueryChanged({ nafPrefix: '10.71C', sort: 'headcount', descending: true }));
    const filtered = await until(
      app,
      (state) => state.businesses.listPage.status === 'loaded' && state.businesses.listQuery.nafPrefix === '10.71C',
    );
    expect(filtered.businesses.listPage.data?.total).toBe(server.total_count);
    expect(filtered.businesses.listPage.data?.businesses.every((business) => business.naf_code === '10.71C')).toBe(
      true,
    );

    app.dispatch(businessesActions.csvExportRequested({ date: '2026-11-25' }));
    await until(app, (state) => state.toasts.some((toast) => /exportées/.test(toast.title)));
    const csv = saved.at(-1);
    expect(csv?.name).toBe('entreprises_zone_2026-11-25.csv');
    expect(csv?.content.slice(1).trimEnd().split('\r\n')).toHaveLength(server.total_count + 1);

    app.dispatch(
      businessesActions.mapLayerToggled({
        key: 'division:56',
        label: 'Restauration',
        source: { kind: 'query', query: { sort: 'name', descending: false, page: 0, pageSize: 50, nafPrefix: '56' } },
      }),
    );
    const shown = await until(app, (state) => Boolean(state.businesses.mapLayers['division:56']));
    const division = statistics?.top_naf_categories.find((category) => category.division_code === '56');
    expect(shown.businesses.mapLayers['division:56']?.businesses.length).toBe(division?.count);
  }, 300_000);

  it('a name under 2 characters is refused by the server with a French message naming the field', async () => {
    const app = store();
    app.dispatch(businessesActions.nameSearchRequested({ name: 'a' }));
    const failed = await until(app, (state) => state.businesses.search.status === 'error');
    expect(failed.businesses.search.error).toMatch(/name.*au moins 2 caractères/);
  });
});
