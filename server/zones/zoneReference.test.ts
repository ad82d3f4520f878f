import type { FastifyInstance } from 'fastify';
import type { MultiPolygon, Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { administrativeZone } from '../../kernel/zones/administrativeZone';
import { buildTestApp } from '../../tests/support/testApp';
import { proSessionCookie } from '../../tests/support/proSession';
import { openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';

/** A rectangle around République, cut across the 3e, 10e and 11e arrondissements (a drawn polygon). */
const DRAWN: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [2.3585, 48.8615],
      [2.3745, 48.8615],
      [2.3745, 48.8705],
      [2.3585, 48.8705],
      [2.3585, 48.8615],
    ],
  ],
};

/** Every analysis endpoint, with the rest of its body; `legacy` turns a zone into today's body. */
interface Endpoint {
  path: string;
  body?: Record<string, unknown>;
  /** Body fields that carry the zone in the endpoint's own older shape. */
  geometryField?: string;
}

const ENDPOINTS: Endpoint[] = [
  { path: '/api/v1/userzone-demographics/analyze' },
  { path: '/api/demographics' },
  { path: '/api/demographics/zone' },
  { path: '/api/v1/real-estate/zone-statistics', body: { sample_size: 20 } },
  { path: '/api/v1/real-estate/zone-transactions' },
  { path: '/api/v1/real-estate/search', body: { page_size: 20, include_statistics: true } },
  { path: '/api/real-estate', body: { sample_size: 20 } },
  { path: '/api/real-estate/zone', body: { sample_size: 20 } },
  { path: '/api/v1/business/zone-statistics' },
  { path: '/api/v1/business/zone-all-businesses', body: { limit: 50 } },
  { path: '/api/v1/business/division-businesses', body: { division_code: '56', limit: 50 } },
  { path: '/api/v1/business/naf-code-businesses', body: { naf_code: '56.10A', limit: 50 } },
  { path: '/api/naf_codes/business-analysis', body: { per_category_limit: 5 } },
  { path: '/api/v1/elasticsearch/search/polygon', body: { naf_codes: ['56'], limit: 50 } },
  { path: '/api/geosearch/enterprises-in-isochrone', body: { filters: { limit: 100 } } },
  { path: '/api/public-services/zone-analysis' },
  { path: '/api/public-services/within-polygon?limit=5000' },
  { path: '/api/public-services/served-population' },
];

/** Timings differ from one call to the next; everything else must be equal. */
function withoutTimings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimings);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !/(_time_ms|computation_ms)$/.test(key))
        .map(([key, inner]) => [key, withoutTimings(inner)]),
    );
  }
  return value;
}

describe.each(testDatabaseKinds())('the zone reference on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let owner = '';
  let stranger = '';
  let eleventh: Polygon | MultiPolygon;

  const post = async (path: string, payload: unknown, cookie = owner) => {
    const response = await app.inject({ method: 'POST', url: path, headers: { cookie }, payload: payload as object });
    return { status: response.statusCode, json: () => response.json<unknown>(), body: response.body };
  };
  const figures = async (path: string, payload: unknown) => {
    const response = await post(path, payload);
    expect(response.status, `${path} ${response.body.slice(0, 300)}`).toBe(200);
    return withoutTimings(response.json());
  };

  beforeAll(async () => {
    database = await openDemoDatabase(kind);
    app = await buildTestApp(database);
    // Demographics sends every figure to a Pro user only; the zones are this user's.
    owner = await proSessionCookie(database);
    stranger = await proSessionCookie(database);
    const boundary = await app.inject('/api/admin-zones/commune/75111/geometry');
    const feature = boundary.json<{ geometry: Polygon | MultiPolygon; properties: Record<string, unknown> }>();
    eleventh = feature.geometry;
    // Both zones saved as the client saves them: the tree's commune, and a drawn polygon.
    const territory = administrativeZone(
      { level: 'commune', code: '75111', name: 'Paris 11e Arrondissement' },
      { type: 'Feature', geometry: feature.geometry, properties: feature.properties },
    );
    expect((await post('/api/user-zones', territory)).status).toBe(201);
    const drawn = {
      id: 'drawn-republique',
      name: 'Polygone 1',
      address: 'Polygone dessiné',
      coordinates: [2.3665, 48.866],
      transportMode: 'driving',
      travelTime: 0,
      zoneType: 'time',
      zoneDistance: 0,
      geometry: { type: 'Feature', geometry: DRAWN, properties: {} },
      properties: { type: 'drawn', points: DRAWN.coordinates[0]?.slice(0, 4).map(([lng, lat]) => [lat, lng]) },
    };
    expect((await post('/api/user-zones', drawn)).status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** The body of an endpoint for a zone reference. */
  const withZone = (endpoint: Endpoint, zone: unknown) => ({ ...endpoint.body, zone });

  /** Today's body of an endpoint for a geometry (what the client sent before the reference). */
  function withGeometry(endpoint: Endpoint, geometry: Polygon | MultiPolygon): Record<string, unknown> {
    if (endpoint.path.endsWith('/zone')) {
      return { ...endpoint.body, zone: { geometry: { type: 'Feature', geometry, properties: {} } } };
    }
    if (endpoint.path.includes('search/polygon'))
      return { ...endpoint.body, polygon: { coordinates: geometry.coordinates } };
    if (endpoint.path.includes('enterprises-in-isochrone')) return { ...endpoint.body, isochrone_geometry: geometry };
    if (endpoint.path.includes('within-polygon')) return { ...endpoint.body, polygon: geometry };
    return { ...endpoint.body, geometry };
  }

  it.each(ENDPOINTS)('$path: a saved drawn polygon by id = its geometry = today’s body', async (endpoint) => {
    const saved = await figures(endpoint.path, withZone(endpoint, { kind: 'saved', id: 'drawn-republique' }));
    const geometry = await figures(endpoint.path, withZone(endpoint, { kind: 'geometry', geometry: DRAWN }));
    const today = await figures(endpoint.path, withGeometry(endpoint, DRAWN));
    expect(saved).toEqual(geometry);
    expect(saved).toEqual(today);
  });

  it.each(ENDPOINTS)('$path: the saved 11e by id = the territory reference 75111', async (endpoint) => {
    const saved = await figures(endpoint.path, withZone(endpoint, { kind: 'saved', id: 'commune-75111' }));
    const territory = await figures(
      endpoint.path,
      withZone(endpoint, { kind: 'territory', level: 'commune', code: '75111' }),
    );
    expect(saved).toEqual(territory);
  });

  it('answers the 11e as a territory as the client’s codes and boundary did', async () => {
    const byReference = (path: string, body: Record<string, unknown> = {}) =>
      figures(path, { ...body, zone: { kind: 'territory', level: 'commune', code: '75111' } });
    // Real estate and businesses took the commune code, demographics the boundary and the code.
    expect(await byReference('/api/v1/real-estate/zone-statistics', { sample_size: 20 })).toEqual(
      await figures('/api/v1/real-estate/zone-statistics', { commune_code: '75111', sample_size: 20 }),
    );
    expect(await byReference('/api/v1/business/zone-statistics')).toEqual(
      await figures('/api/v1/business/zone-statistics', { commune_code: '75111' }),
    );
    expect(await byReference('/api/v1/userzone-demographics/analyze')).toEqual(
      await figures('/api/v1/userzone-demographics/analyze', {
        geometry: eleventh,
        administrative: { level: 'commune', code: '75111' },
      }),
    );
    expect(await byReference('/api/public-services/zone-analysis')).toEqual(
      await figures('/api/public-services/zone-analysis', { geometry: eleventh }),
    );
  });

  it('counts the arrondissements of Paris in the commune 75056', async () => {
    const paris = (await figures('/api/v1/real-estate/zone-statistics', {
      zone: { kind: 'territory', level: 'commune', code: '75056' },
      sample_size: 0,
    })) as { total_transactions: number };
    const eleventhSales = (await figures('/api/v1/real-estate/zone-statistics', {
      zone: { kind: 'territory', level: 'commune', code: '75111' },
      sample_size: 0,
    })) as { total_transactions: number };
    expect(eleventhSales.total_transactions).toBeGreaterThan(0);
    expect(paris.total_transactions).toBeGreaterThan(eleventhSales.total_transactions);
    const businesses = (await figures('/api/v1/business/zone-statistics', {
      zone: { kind: 'territory', level: 'commune', code: '75056' },
    })) as { total_businesses: number };
    const eleventhBusinesses = (await figures('/api/v1/business/zone-statistics', {
      zone: { kind: 'territory', level: 'commune', code: '75111' },
    })) as { total_businesses: number };
    expect(businesses.total_businesses).toBeGreaterThan(eleventhBusinesses.total_businesses);
    const demographics = (await figures('/api/v1/userzone-demographics/analyze', {
      zone: { kind: 'territory', level: 'commune', code: '75056' },
    })) as { metadata: { iris_count: number; selection: string } };
    expect(demographics.metadata.selection).toBe('administrative');
    expect(demographics.metadata.iris_count).toBeGreaterThan(900);
  });

  it.each(ENDPOINTS)('$path: a bad reference is a 400 naming the field', async (endpoint) => {
    const cases: [unknown, string][] = [
      [{ kind: 'saved' }, '« zone.id »'],
      [{ kind: 'territory', level: 'commune', code: '7511' }, '« zone.code » : code commune INSEE attendu'],
      [{ kind: 'territory', level: 'canton', code: '7511' }, '« zone.level »'],
      [
        { kind: 'geometry', geometry: { type: 'Polygon', coordinates: [DRAWN.coordinates[0]?.slice(0, 4)] } },
        '« zone.geometry.coordinates.0 » : anneau non fermé',
      ],
      [{ kind: 'planet' }, '« zone'],
    ];
    for (const [zone, message] of cases) {
      const response = await post(endpoint.path, withZone(endpoint, zone));
      expect(response.status, `${JSON.stringify(zone)} ${response.body.slice(0, 200)}`).toBe(400);
      expect((response.json() as { detail: string }).detail).toContain(message);
    }
  });

  it('answers 404 for another owner’s saved zone and for an unknown territory unit', async () => {
    const foreign = await post(
      '/api/v1/business/zone-statistics',
      { zone: { kind: 'saved', id: 'drawn-republique' } },
      stranger,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Zone introuvable : drawn-republique', code: 'NOT_FOUND' });
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/public-services/zone-analysis',
      payload: { zone: { kind: 'saved', id: 'commune-75111' } },
    });
    expect(anonymous.statusCode).toBe(404);
    const unknown = await post('/api/v1/real-estate/zone-statistics', {
      zone: { kind: 'territory', level: 'commune', code: '75999' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toMatchObject({ detail: 'Commune introuvable : 75999' });
  });
});
