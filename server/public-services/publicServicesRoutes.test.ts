import { booleanPointInPolygon } from '@turf/turf';
import type { FastifyInstance } from 'fastify';
import type { MultiPolygon } from 'geojson';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpePublicServiceFamily } from '../../kernel/public-services/publicServiceFamilies';
import type {
  PublicServiceStatistics,
  SearchResponse,
  ServedPopulation,
  ServiceCategory,
  ZoneAnalysis,
} from '../../kernel/public-services/publicServiceSchemas';
import { readRawCsv } from '../../tests/support/rawCsv';
import { buildTestApp } from '../../tests/support/testApp';
import { openDataDirectory, openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';

/** School types the Paris schools file holds with real positions (left out of the BPE rows in Paris). */
const SCHOOL_BPE_TYPES = new Set(['C101', 'C102', 'C104', 'C105', 'C201']);

/** The schools of the raw Paris file: name, INSEE code and point. */
function rawSchools() {
  const { rows } = readRawCsv(
    join(openDataDirectory(), 'public_services/paris-etablissements-scolaires-2022-2023-merged.csv'),
    ';',
  );
  return rows.map((row) => {
    const [latitude, longitude] = (row.GEO_POINT_2D ?? '').split(',').map(Number);
    return {
      name: row.LIBELLE_ETABLISSEMENT ?? '',
      commune: row['CODE_INSEE NUMBER'] ?? '',
      point: [longitude, latitude] as [number, number],
    };
  });
}

/** Raw BPE 2019 public-service counts of the 11e, per IRIS and type (schools left out, as in Paris). */
function rawBpeEleventh(): Map<string, Map<string, number>> {
  const { rows } = readRawCsv(join(openDataDirectory(), 'bpe/bpe19_ensemble_75.csv'), ';');
  const byIris = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const type = row.TYPEQU ?? '';
    if (row.DEPCOM !== '75111' || !bpePublicServiceFamily(type) || SCHOOL_BPE_TYPES.has(type)) continue;
    const iris = (row.DCIRIS ?? '').replace('_', '');
    const counts = byIris.get(iris) ?? new Map<string, number>();
    counts.set(type, (counts.get(type) ?? 0) + Number(row.NB_EQUIP));
    byIris.set(iris, counts);
  }
  return byIris;
}

describe.each(testDatabaseKinds())('public-services endpoints on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let eleventh: MultiPolygon;
  beforeAll(async () => {
    database = await openDemoDatabase(kind);
    app = await buildTestApp(database);
    const { rows } = await database.query<{ geometry: string }>(
      `SELECT ST_AsGeoJSON(geometry) AS geometry FROM communes WHERE code = '75111'`,
    );
    eleventh = JSON.parse(rows[0]?.geometry as string) as MultiPolygon;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const get = async <T>(url: string): Promise<T> => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body.slice(0, 400)).toBe(200);
    return response.json<T>();
  };
  const post = async <T>(url: string, payload: object): Promise<T> => {
    const response = await app.inject({ method: 'POST', url, payload });
    expect(response.statusCode, response.body.slice(0, 400)).toBe(200);
    return response.json<T>();
  };

  it('finds in the 11e exactly the schools of the raw Paris file: postcode 75011 and point in the polygon', async () => {
    const schools = rawSchools();
    const inPolygon = schools.filter((school) => booleanPointInPolygon(school.point, eleventh));
    const withPostcode = schools.filter((school) => school.commune === '75111');
    expect(inPolygon.length).toBeGreaterThan(40);
    expect(new Set(inPolygon.map((school) => school.name))).toEqual(new Set(withPostcode.map((school) => school.name)));

    const analysis = await post<ZoneAnalysis>('/api/public-services/zone-analysis', { geometry: eleventh });
    const education = analysis.categories.find((category) => category.category === 'education');
    const fromSchoolsFile = education?.services.filter((service) => service.source === 'ecoles') ?? [];
    expect(fromSchoolsFile.map((service) => service.name).sort()).toEqual(
      inPolygon.map((school) => school.name).sort(),
    );
    expect(fromSchoolsFile.every((service) => service.postal_code === '75011' && !service.demo_position)).toBe(true);
    expect(fromSchoolsFile[0]?.vintage).toBe('2022-2023');
    expect(education?.count).toBe(education?.services.length);

    // The search by postcode and school types finds the same schools.
    const types = ['MAT', 'ELE', 'POL', 'COL'].map((type) => `service_types[]=${type}`).join('&');
    const search = await get<SearchResponse>(`/api/public-services/search?${types}&commune=75011&limit=1000`);
    expect(search.total).toBe(withPostcode.length);
    expect(search.services.every((service) => service.category === 'education' && service.source === 'ecoles')).toBe(
      true,
    );
  });

  it('counts in one IRIS of the 11e the BPE public-service equipments of the raw file, flagged as demo positions', async () => {
    const raw = rawBpeEleventh();
    // Equipments are placed at BAN addresses of their IRIS; a few BAN addresses lie a few metres outside
    // the polygon of the IRIS they are attached to (corner lots across a boundary street): their
    // equipments are outside the zone. Among the IRIS without such addresses, the one of the 11e with
    // the most public-service equipments (a real IRIS, not the commune's 0000 code).
    const { rows: straddling } = await database.query<{ code: string }>(
      `SELECT DISTINCT a.iris_code AS code FROM ban_addresses a JOIN iris i ON i.code = a.iris_code
       WHERE a.code_insee = '75111' AND NOT ST_Intersects(i.geometry, a.geometry)`,
    );
    const excluded = new Set(straddling.map((row) => row.code));
    const [irisCode, expected] = [...raw.entries()]
      .filter(([code]) => !code.endsWith('0000') && !excluded.has(code))
      .sort(
        ([a, left], [b, right]) =>
          [...right.values()].reduce((sum, n) => sum + n, 0) - [...left.values()].reduce((sum, n) => sum + n, 0) ||
          a.localeCompare(b),
      )[0] as [string, Map<string, number>];
    const { rows } = await database.query<{ geometry: string }>(
      'SELECT ST_AsGeoJSON(geometry) AS geometry FROM iris WHERE code = $1',
      [irisCode],
    );
    const analysis = await post<ZoneAnalysis>('/api/public-services/zone-analysis', {
      geometry: JSON.parse(rows[0]?.geometry as string) as MultiPolygon,
    });
    const bpe = analysis.categories
      .flatMap((category) => category.services)
      .filter((service) => service.source === 'bpe');
    const own = new Map<string, number>();
    for (const service of bpe) {
      // Ids are bpe-{BPE IRIS code}-{type}-{n}: the equipments of the IRIS itself, or the commune's
      // equipments not located at IRIS level (code 751110000) placed at one of its addresses.
      const [, code, type] = service.id.split('-');
      expect([irisCode, '751110000']).toContain(code);
      if (code === irisCode) own.set(type as string, (own.get(type as string) ?? 0) + 1);
      expect(service.demo_position).toBe(true);
      expect(service.name).toContain('position de démonstration');
      expect(service.vintage).toBe('2019');
    }
    expect(own).toEqual(expected);
    expect(analysis.sources.find((source) => source.source === 'bpe')?.demo_positions).toBe(true);
  });

  it('lists the nine categories with their types, counts and descriptions, and consistent statistics', async () => {
    const { categories } = await get<{ categories: ServiceCategory[] }>('/api/public-services/service-categories');
    expect(categories.map((category) => category.category_id)).toEqual([
      'administration',
      'justice',
      'finances',
      'sante',
      'education',
      'emploi',
      'logement',
      'culture',
      'securite',
    ]);
    const police = categories
      .find((category) => category.category_id === 'securite')
      ?.services.find((type) => type.type_service_local === 'A101');
    expect(police).toMatchObject({ name: 'Police', demo_positions: true, source: 'bpe' });
    expect(police?.description).toContain('position');
    const statistics = await get<PublicServiceStatistics>('/api/public-services/statistics');
    const total = categories.reduce((sum, category) => sum + category.service_count, 0);
    expect(statistics.total_services).toBe(total);
    expect(statistics.coordinate_coverage).toBe(Math.round((statistics.with_coordinates / total) * 1000) / 10);
    expect(statistics.service_types).toBe(categories.reduce((sum, category) => sum + category.services.length, 0));
    expect(statistics.communes).toBeGreaterThanOrEqual(20);
  });

  it('answers nearby (nearest first, within the radius) and within a polygon', async () => {
    const nearby = await get<{ services: { distance_m: number }[] }>(
      '/api/public-services/nearby?latitude=48.8589&longitude=2.3799&radius=0.5&limit=50',
    );
    expect(nearby.services.length).toBeGreaterThan(0);
    const distances = nearby.services.map((service) => service.distance_m);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(500);
    const square = [
      [2.37, 48.855],
      [2.39, 48.855],
      [2.39, 48.865],
      [2.37, 48.865],
    ];
    const within = await post<SearchResponse>('/api/public-services/within-polygon?service_types[]=A101', {
      polygon: square,
    });
    expect(within.services.every((service) => service.type_service_local === 'A101')).toBe(true);
    for (const service of within.services) {
      expect(service.longitude).toBeGreaterThanOrEqual(2.37);
      expect(service.latitude).toBeLessThanOrEqual(48.865);
    }
  });

  it('gives the served population of the 11e: shares grow with time, rates against Paris', async () => {
    const served = await post<ServedPopulation>('/api/public-services/served-population', { geometry: eleventh });
    expect(served.population).toBeGreaterThan(50_000);
    expect(served.paris_population).toBeGreaterThan(served.population);
    expect(served.method).toContain('réseau piéton');
    for (const category of served.categories) {
      expect(category.within_5).toBeLessThanOrEqual(category.within_10);
      expect(category.within_10).toBeLessThanOrEqual(category.within_15);
      expect(category.within_15).toBeLessThanOrEqual(1);
    }
    const education = served.categories.find((category) => category.category === 'education');
    expect(education?.within_10).toBeGreaterThan(0.9);
    expect(education?.rate_per_10000).toBeCloseTo(((education?.services_in_zone ?? 0) / served.population) * 10_000, 1);
  });

  it('refuses bad input with a French message naming the field', async () => {
    const cases: [string, string, object | undefined, string][] = [
      ['GET', '/api/public-services/search?service_types[]=INCONNU', undefined, 'service_types'],
      [
        'GET',
        `/api/public-services/search?${['01', '02', '03', '04', '05', '06'].map((code) => `departements[]=${code}`).join('&')}`,
        undefined,
        'departements',
      ],
      ['GET', '/api/public-services/search?offset=-1', undefined, 'offset'],
      ['GET', '/api/public-services/search?limit=20000', undefined, 'limit'],
      ['GET', '/api/public-services/nearby?latitude=48.85&longitude=2.35&radius=0', undefined, 'radius'],
      ['GET', '/api/public-services/nearby?latitude=48.85&longitude=2.35&radius=5000', undefined, 'radius'],
      [
        'POST',
        '/api/public-services/within-polygon',
        {
          polygon: [
            [2.3, 48.8],
            [2.4, 48.8],
          ],
        },
        'polygon',
      ],
      [
        'POST',
        '/api/public-services/zone-analysis',
        { geometry: { type: 'Point', coordinates: [2.3, 48.8] } },
        'geometry',
      ],
    ];
    for (const [method, url, payload, field] of cases) {
      const response = await app.inject({ method: method as 'GET' | 'POST', url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ detail: string }>().detail, url).toContain(`« ${field}`);
    }
  });
});
