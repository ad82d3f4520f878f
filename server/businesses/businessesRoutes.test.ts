import { booleanPointInPolygon } from '@turf/turf';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessesFromArrow } from '../../kernel/businesses/businessesArrow';
import type { BusinessList, ZoneBusinessStatistics } from '../../kernel/businesses/businessSchemas';
import { readRawCsv } from '../../tests/support/rawCsv';
import { buildTestApp } from '../../tests/support/testApp';
import { openDataDirectory, openEmptyDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';
import { runImports } from '../import/pipeline/runImports';
import { bdcomImporter } from '../import/sources/apur-bdcom/bdcomImporter';
import { irisImporter } from '../import/sources/iris/irisImporter';
import { nafImporter } from '../import/sources/naf/nafImporter';
import { osmRestaurantsImporter } from '../import/sources/osm-restaurants/osmRestaurantsImporter';
import { parisCommercantsImporter } from '../import/sources/paris-commercants/parisCommercantsImporter';
import { sireneImporter } from '../import/sources/sirene/sireneImporter';

const quiet = { write: () => true, isTTY: false };
const ELEVENTH = '75111';

interface RawElement {
  type: string;
  id: number;
  lat?: number;
  lon?: number;
  nodes?: number[];
  members?: { type: string; ref: number; role: string }[];
  tags?: Record<string, string>;
}

/** The OSM restaurants inside the IRIS contours of the 11e, from the raw Overpass answer and the raw IGN file. */
function rawOsmRestaurantsOfEleventh(): number {
  const answer = JSON.parse(
    gunzipSync(
      readFileSync(join(openDataDirectory(), 'osm/osm-paris-restaurants-overpass-2024-12-19.json.gz')),
    ).toString(),
  ) as { elements: RawElement[] };
  const byId = new Map(answer.elements.map((element) => [`${element.type}/${element.id}`, element]));
  const nodesOf = (element: RawElement): number[] =>
    element.type === 'way'
      ? (element.nodes ?? [])
      : (element.members ?? [])
          .filter((member) => member.role !== 'inner')
          .flatMap((member) => byId.get(`way/${member.ref}`)?.nodes ?? []);
  const contours = (
    JSON.parse(readFileSync(join(openDataDirectory(), 'iris/iris-75-paris.geojson'), 'utf8')) as {
      features: { properties: { INSEE_COM: string }; geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon }[];
    }
  ).features;
  const eleventh = contours.filter((feature) => feature.properties.INSEE_COM === ELEVENTH);
  let count = 0;
  for (const element of answer.elements) {
    if (element.tags?.amenity !== 'restaurant') continue;
    let point: [number, number];
    if (element.type === 'node') point = [element.lon ?? 0, element.lat ?? 0];
    else {
      const nodes = [...new Set(nodesOf(element))].map((id) => byId.get(`node/${id}`) as RawElement);
      point = [
        nodes.reduce((sum, node) => sum + (node.lon ?? 0), 0) / nodes.length,
        nodes.reduce((sum, node) => sum + (node.lat ?? 0), 0) / nodes.length,
      ];
    }
    if (eleventh.some((feature) => booleanPointInPolygon(point, feature.geometry))) count += 1;
  }
  return count;
}

describe.each(testDatabaseKinds())('businesses endpoints on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
    await runImports(
      database,
      [irisImporter, nafImporter, sireneImporter, osmRestaurantsImporter, bdcomImporter, parisCommercantsImporter],
      { openDataDirectory: openDataDirectory(), departements: ['75'] },
      { output: quiet },
    );
    // Two demo rows in the 11e: a restaurant (56.10A, covered by OSM: not counted) and a clothes shop (counted).
    await database.exec(`INSERT INTO establishments (siret, denomination, commune_code, departement_code, naf_code, etat,
        longitude, latitude, geometry, iris_code, source, source_vintage) VALUES
      ('DEMO-test-1', 'Restaurant (établissement de démonstration)', '75111', '75', '56.10A', 'A', 2.38, 48.86,
        ST_SetSRID(ST_MakePoint(2.38, 48.86), 4326), '751114101', 'demo-bpe', 'BPE 2019'),
      ('DEMO-test-2', 'Habillement (établissement de démonstration)', '75111', '75', '47.71Z', 'A', 2.38, 48.86,
        ST_SetSRID(ST_MakePoint(2.38, 48.86), 4326), '751114101', 'demo-bpe', 'BPE 2019')`);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const post = async <T>(url: string, payload: unknown) => {
    const response = await app.inject({ method: 'POST', url, payload: payload as object });
    return { status: response.statusCode, body: response.json<T>() };
  };

  it('counts the OSM restaurants of the 11e as the raw file placed in the IRIS contours does', async () => {
    const { status, body } = await post<ZoneBusinessStatistics>('/api/v1/business/zone-statistics', {
      commune_code: ELEVENTH,
    });
    expect(status).toBe(200);
    const osm = body.sources.find((source) => source.source === 'osm');
    expect(osm?.count).toBe(rawOsmRestaurantsOfEleventh());
    expect(osm).toMatchObject({ label: 'OpenStreetMap', vintage: 'OSM 2024-12-19', demo: false });
    // The demo restaurant steps aside (OSM lists the restaurants), the demo clothes shop stays, labelled.
    expect(body.demo_count).toBe(1);
    expect(body.total_businesses).toBe(body.sources.reduce((sum, source) => sum + source.count, 0));
    const restaurants = body.top_naf_categories.find((category) => category.naf_code === '56');
    expect(restaurants).toMatchObject({ section_code: 'I', division_label: 'Restauration' });
    expect(restaurants?.subcategories.map((entry) => entry.naf_code)).toContain('56.10A');
  });

  it('lists the BDCOM boulangeries of the 11e, each once, with no demo row', async () => {
    const raw = readRawCsv(
      join(openDataDirectory(), 'commerces/apur-bdcom-commerces-alimentaires-paris.csv'),
      ';',
    ).rows;
    const expected = raw.filter((row) => row.ARRO === '11' && row.CODACT === 'CA103').length;
    expect(expected).toBeGreaterThan(20);
    const { body } = await post<BusinessList>('/api/v1/business/naf-code-businesses', {
      commune_code: ELEVENTH,
      naf_code: '10.71C',
      limit: 500,
    });
    expect(body.businesses.filter((business) => business.source === 'apur-bdcom')).toHaveLength(expected);
    expect(body.businesses.some((business) => business.demo)).toBe(false);
    expect(new Set(body.businesses.map((business) => business.id)).size).toBe(body.businesses.length);
    expect(body.total_count).toBe(body.businesses.length);
    // A shop of the Ville de Paris list at the same house number is folded into its BDCOM shop front.
    const merged = body.businesses.filter((business) => business.also_in.length > 0);
    expect(merged.length).toBeGreaterThan(0);
    for (const business of merged) {
      expect(business.source).toBe('apur-bdcom');
      expect(business.also_in[0]?.source).toBe('paris-commercants');
      expect(business.denomination).not.toBeNull();
    }
  });

  it('breaks a Bas-Rhin commune down by headcount band and NAF section as the raw Sirene file does', async () => {
    const raw = readRawCsv(
      join(openDataDirectory(), 'sirene/sirene-etab-ul-67-entzheim-wolfisheim-2021.geocoded.csv'),
      ',',
    ).rows.filter((row) => row.codeCommuneEtablissement === '67124' && row.etatAdministratifEtablissement === 'A');
    const sectionOf = new Map(
      readRawCsv(join(openDataDirectory(), 'naf/naf2008_5_niveaux.csv'), ';').rows.map((row) => [row.NIV5, row.NIV1]),
    );
    const bands: Record<string, string[]> = {
      tpe: ['00', '01', '02', '03'],
      pme: ['11', '12', '21', '22', '31'],
      eti: ['32', '41', '42', '51'],
      ge: ['52', '53'],
    };
    const expectedSizes: Record<string, number> = { tpe: 0, pme: 0, eti: 0, ge: 0, inconnu: 0 };
    const expectedSections = new Map<string, number>();
    for (const row of raw) {
      const size =
        Object.keys(bands).find((key) => bands[key]?.includes(row.trancheEffectifsEtablissement ?? '')) ?? 'inconnu';
      expectedSizes[size] = (expectedSizes[size] ?? 0) + 1;
      const section = sectionOf.get(row.activitePrincipaleEtablissement ?? '') ?? 'NC';
      expectedSections.set(section, (expectedSections.get(section) ?? 0) + 1);
    }
    const { body } = await post<ZoneBusinessStatistics>('/api/v1/business/zone-statistics', { commune_code: '67124' });
    expect(body.total_businesses).toBe(raw.length);
    expect(
      Object.fromEntries(Object.entries(body.employee_size_breakdown).map(([key, entry]) => [key, entry.count])),
    ).toEqual(expectedSizes);
    expect(new Map(body.section_breakdown.map((entry) => [entry.section_code, entry.count]))).toEqual(expectedSections);
    expect(body.sources).toEqual([
      { source: 'sirene', label: 'Sirene (INSEE)', vintage: '2021', count: raw.length, demo: false },
    ]);
  });

  it('pages the zone list by 50 with a search text, and sends the whole zone as Arrow', async () => {
    const first = await post<BusinessList>('/api/v1/business/zone-all-businesses', {
      commune_code: ELEVENTH,
      limit: 50,
      offset: 0,
    });
    const second = await post<BusinessList>('/api/v1/business/zone-all-businesses', {
      commune_code: ELEVENTH,
      limit: 50,
      offset: 50,
      skip_count: true,
    });
    expect(first.body.returned_count).toBe(50);
    expect(second.body.total_count).toBe(-1);
    expect(new Set([...first.body.businesses, ...second.body.businesses].map((business) => business.id)).size).toBe(
      100,
    );
    const searched = await post<BusinessList>('/api/v1/business/zone-all-businesses', {
      commune_code: ELEVENTH,
      search_query: 'roquette',
    });
    expect(searched.body.total_count).toBeGreaterThan(0);
    for (const business of searched.body.businesses)
      expect(`${business.address} ${business.denomination}`.toLowerCase()).toContain('roquette');
    const arrow = await app.inject({
      method: 'POST',
      url: '/api/v1/business/zone-all-businesses',
      payload: { commune_code: ELEVENTH, limit: 250_000 },
      headers: { accept: 'application/vnd.apache.arrow.stream' },
    });
    expect(arrow.statusCode, arrow.body.slice(0, 200)).toBe(200);
    const rows = businessesFromArrow(new Uint8Array(arrow.rawPayload));
    expect(rows.length).toBe(first.body.total_count);
    expect(Number(arrow.headers['x-total-count'])).toBe(rows.length);
  });

  it('finds a restaurant by a misspelled, unaccented name and searches by NAF code in a polygon', async () => {
    const fuzzy = await app.inject('/api/v1/elasticsearch/search/fuzzy?query=creperie%20bretone&limit=20');
    const found = fuzzy.json<{ data: BusinessList }>().data.businesses;
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]?.denomination?.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()).toContain('creperie');
    const polygon = await post<{ data: BusinessList }>('/api/v1/elasticsearch/search/polygon', {
      polygon: {
        coordinates: [
          [
            [2.37, 48.85],
            [2.39, 48.85],
            [2.39, 48.87],
            [2.37, 48.87],
            [2.37, 48.85],
          ],
        ],
      },
      naf_codes: ['56.10A'],
      limit: 100,
    });
    expect(polygon.body.data.returned_count).toBeGreaterThan(0);
    for (const business of polygon.body.data.businesses) {
      expect(business.naf_code).toBe('56.10A');
      expect(business.longitude).toBeGreaterThanOrEqual(2.37);
      expect(business.latitude).toBeLessThanOrEqual(48.87);
    }
  });

  it('answers 400 with a French message naming the field', async () => {
    const cases: [string, string, unknown, string][] = [
      [
        'POST',
        '/api/v1/business/naf-code-businesses',
        { commune_code: ELEVENTH, naf_code: '99.99Z' },
        '« naf_code » : code NAF inconnu',
      ],
      [
        'POST',
        '/api/v1/business/zone-statistics',
        { geometry: { type: 'Polygon', coordinates: [] } },
        '« geometry.coordinates » : géométrie vide',
      ],
      [
        'POST',
        '/api/v1/business/zone-statistics',
        { geometry: { type: 'Polygon', coordinates: [[]] } },
        '« geometry » : géométrie vide',
      ],
      ['POST', '/api/v1/business/zone-statistics', {}, 'Aucune géométrie fournie'],
      ['POST', '/api/v1/business/zone-all-businesses', { commune_code: ELEVENTH, offset: -50 }, '« offset »'],
      ['POST', '/api/enterprise-search/search-by-name', { name: ' a ' }, '« name » : au moins 2 caractères'],
      ['GET', '/api/v1/elasticsearch/search/fuzzy?query=x', undefined, '« query » : au moins 2 caractères'],
      ['GET', '/api/naf_codes/search-businesses?naf_codes=AB', undefined, '« naf_codes.0 »'],
    ];
    for (const [method, url, payload, message] of cases) {
      const response = await app.inject({
        method: method as 'GET' | 'POST',
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ detail: string }>().detail).toContain(message);
    }
  });

  it('says a home category is not available where no loaded source lists it, instead of counting 0', async () => {
    // The premises, read from the raw files: OpenStreetMap gives Paris its restaurants; no file gives a bar
    // (56.30Z) in Paris, nor in the Bas-Rhin Sirene extract, which does list estate agencies (68.31Z).
    const sirene = readRawCsv(
      join(openDataDirectory(), 'sirene/sirene-etab-ul-67-entzheim-wolfisheim-2021.geocoded.csv'),
      ',',
    ).rows.filter((row) => row.etatAdministratifEtablissement === 'A');
    expect(sirene.filter((row) => row.activitePrincipaleEtablissement === '56.30Z')).toHaveLength(0);
    expect(sirene.filter((row) => row.activitePrincipaleEtablissement === '68.31Z').length).toBeGreaterThan(0);
    type Analysis = { categories: { category: string; count: number; available: boolean }[] };
    const analysis = async (commune_code: string) => {
      const { status, body } = await post<Analysis>('/api/naf_codes/business-analysis', {
        commune_code,
        per_category_limit: 1,
      });
      expect(status).toBe(200);
      return new Map(body.categories.map((category) => [category.category, category]));
    };
    const eleventh = await analysis(ELEVENTH);
    expect(eleventh.get('restaurants')).toMatchObject({ available: true });
    expect(eleventh.get('restaurants')?.count).toBeGreaterThan(100);
    expect(eleventh.get('bars')).toMatchObject({ available: false, count: 0 });
    expect(eleventh.get('real_estate')).toMatchObject({ available: false, count: 0 });
    const basRhin = await analysis('67124');
    expect(basRhin.get('real_estate')).toMatchObject({ available: true });
    expect(basRhin.get('bars')).toMatchObject({ available: false, count: 0 });
  });

  it('serves the NAF catalogue, the home categories and the health of what is loaded', async () => {
    const catalogue = (await app.inject('/api/naf_codes/all')).json<{
      stats: { subclasses: number; sections: number };
    }>();
    expect(catalogue.stats).toMatchObject({ sections: 21, subclasses: 732 });
    const categories = (await app.inject('/api/v1/business/categories')).json<{ categories: unknown[] }>();
    expect(categories.categories).toHaveLength(10);
    const health = (await app.inject('/api/sirene/health')).json<{
      status: string;
      sources: { source: string; counted: number }[];
    }>();
    expect(health.status).toBe('healthy');
    expect(health.sources.map((source) => source.source)).toEqual([
      'apur-bdcom',
      'demo-bpe',
      'osm',
      'paris-commercants',
      'sirene',
    ]);
    const stats = (await app.inject('/api/sirene/cache/stats')).json<{ entries: number }>();
    expect(stats.entries).toBeGreaterThan(0);
    expect((await app.inject({ method: 'POST', url: '/api/sirene/cache/clear' })).json()).toMatchObject({
      status: 'ok',
    });
    expect((await app.inject('/api/sirene/cache/stats')).json()).toMatchObject({ entries: 0 });
  });
});
