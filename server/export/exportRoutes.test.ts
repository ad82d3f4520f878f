import { execFileSync } from 'node:child_process';
import { crc32, deflateSync } from 'node:zlib';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { geojson as flatgeobuf } from 'flatgeobuf';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateDemographics } from '../../kernel/demographics/aggregateDemographics';
import type { DemographicsAnswer } from '../../kernel/demographics/demographicsRecord';
import type { ZoneStatistics } from '../../kernel/real-estate/realEstateSchemas';
import type { ZoneBusinessStatistics } from '../../kernel/businesses/businessSchemas';
import { METRIC_CATALOGUE } from '../../kernel/export/metricCatalogue';
import { LIMIT_REACHED_MESSAGE } from '../../kernel/subscription/tiers';
import { buildTestApp } from '../../tests/support/testApp';
import { tierSessionCookie } from '../../tests/support/proSession';
import { openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';
import { hashSecret, randomSecret } from '../account/secretTokens';
import {
  MAX_SHARE_REQUEST_BYTES,
  type ExportShareAnswer,
  type ExportShareCreated,
} from '../../kernel/export/exportShare';
import { insertExportShare } from './exportShareRepository';
import type { ServedPopulation } from '../../kernel/public-services/publicServiceSchemas';
import { choosePopulationKeys } from '../../kernel/public-services/populationKeys';
import { publicServiceCategory } from '../../kernel/public-services/publicServiceCategories';
import { nearestServiceSeconds, servedShares, snapResidences } from '../../kernel/public-services/walkingAccess';
import { roadGraphStoreFor } from '../isochrones/RoadGraphStore';
import { readRawCsv } from '../../tests/support/rawCsv';

/** The three figures the files must hold, as the API's own endpoints answer them for the 11e. */
interface ApiFigures {
  population: number;
  apartmentMedian: number;
  businesses: number;
}

const ELEVENTH = '75111';
const KEY_METRICS = ['population.total', 'real_estate.apartment.median', 'businesses.total'];

/** A real PNG of `width` × `height` pixels of one colour, as a data URL (what the map's canvas gives). */
function pngDataUrl(width: number, height: number): string {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0x31, 0x82, 0xbd]))]);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

const MAP_VIEW = {
  image: pngDataUrl(64, 40),
  width: 64,
  height: 40,
  bounds: { west: 2.36, south: 48.85, east: 2.4, north: 48.87 },
  zoom: 13.5,
};
const CHOROPLETH = {
  indicator: 'Densité de population',
  unit: 'hab./km²',
  level: 'IRIS',
  source: 'INSEE : recensement par IRIS',
  opacity: 70,
  classes: [
    { colour: '#eff3ff', label: '0 – 1 000' },
    { colour: '#08519c', label: '≥ 25 000' },
  ],
};

/** French number as the PDF prints it (thousands separated by a no-break space, read back as a space). */
const french = (value: number) =>
  new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(value).replace(/\s/g, ' ');

describe.each(testDatabaseKinds())('POST /api/export on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let pro = '';
  let otherPro = '';
  let light = '';
  let free = '';
  let eleventh: unknown;
  let api: ApiFigures;
  const folder = mkdtempSync(join(tmpdir(), 'zonalyse-export-'));

  const saveZone = async (cookie: string, id: string, code: string, name: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user-zones',
      headers: { cookie },
      payload: {
        id,
        name,
        coordinates: [2.38, 48.86],
        geometry: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: eleventh, properties: {} }] },
        properties: { type: 'administrative', level: 'commune', code },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
  };

  const exportFile = (cookie: string, payload: object) =>
    app.inject({ method: 'POST', url: '/api/export', headers: cookie ? { cookie } : {}, payload });

  beforeAll(async () => {
    database = await openDemoDatabase(kind);
    app = await buildTestApp(database);
    // As the panel does on opening: reading the catalogue starts the file-building thread.
    const catalogue = await app.inject({ method: 'GET', url: '/api/export/metrics' });
    expect(catalogue.json<{ metrics: unknown[] }>().metrics).toHaveLength(METRIC_CATALOGUE.length);
    [pro, otherPro, light, free] = await Promise.all([
      tierSessionCookie(database, 'pro'),
      tierSessionCookie(database, 'pro'),
      tierSessionCookie(database, 'light'),
      tierSessionCookie(database, 'free'),
    ]);
    const { rows } = await database.query<{ geometry: string }>(
      `SELECT ST_AsGeoJSON(geometry) AS geometry FROM communes WHERE code = $1`,
      [ELEVENTH],
    );
    eleventh = JSON.parse(rows[0]?.geometry ?? 'null');
    await saveZone(pro, 'commune-75111', ELEVENTH, 'Paris 11e Arrondissement');
    await saveZone(light, 'commune-75111', ELEVENTH, 'Paris 11e Arrondissement');
    await saveZone(otherPro, 'commune-75111-other', ELEVENTH, 'Zone d’un autre');

    // The API's figures, from the endpoints the panels call.
    const demographics = await app.inject({
      method: 'POST',
      url: '/api/v1/userzone-demographics/analyze',
      headers: { cookie: pro },
      payload: { geometry: eleventh, administrative: { level: 'commune', code: ELEVENTH } },
    });
    const realEstate = await app.inject({
      method: 'POST',
      url: '/api/v1/real-estate/zone-statistics',
      payload: { commune_code: ELEVENTH, include_sample_transactions: false },
    });
    const businesses = await app.inject({
      method: 'POST',
      url: '/api/v1/business/zone-statistics',
      payload: { commune_code: ELEVENTH },
    });
    const population = aggregateDemographics(demographics.json<DemographicsAnswer>()).population.total;
    const apartmentMedian = realEstate
      .json<ZoneStatistics>()
      .market_snapshot?.by_type.find((entry) => entry.type_local === 'Appartement')?.median;
    api = {
      population: population as number,
      apartmentMedian: apartmentMedian as number,
      businesses: businesses.json<ZoneBusinessStatistics>().total_businesses,
    };
    // The demo territory has all three bases for the 11e: a missing one would make the test vacuous.
    expect(api.population).toBeGreaterThan(100_000);
    expect(api.apartmentMedian).toBeGreaterThan(3_000);
    expect(api.businesses).toBeGreaterThan(1_000);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('writes a CSV for Excel fr-FR: BOM, `;`, decimal comma, one row per zone × metric with the API’s figures', async () => {
    const response = await exportFile(pro, {
      zone_ids: ['commune-75111'],
      metric_ids: [...KEY_METRICS, 'businesses.area'],
      format: 'csv',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="zonalyse-export-paris-11e-arrondissement-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
    const [header, ...rows] = lines.map((line) => line.split(';'));
    expect(header).toEqual(['Zone', 'Métrique', 'Valeur', 'Unité', 'Source', 'Millésime']);
    expect(rows).toHaveLength(4);
    const value = (label: string) => {
      const row = rows.find((cells) => cells[1] === label) as string[];
      return Number((row[2] as string).replace(',', '.'));
    };
    expect(value('Population')).toBe(Math.round(api.population));
    expect(value('Prix médian au m² des appartements')).toBe(Math.round(api.apartmentMedian));
    expect(value('Établissements')).toBe(api.businesses);
    const area = rows.find((cells) => cells[1] === 'Surface de la zone') as string[];
    expect(area[2]).toMatch(/^\d+,\d{2}$/);
    expect(rows.every((cells) => cells[0] === 'Paris 11e Arrondissement' && (cells[5] ?? '').length > 0)).toBe(true);
  });

  it('writes an XLSX read back by exceljs: a sheet per category, numbers typed as numbers, frozen header, Sources', async () => {
    const response = await exportFile(pro, { zone_ids: ['commune-75111'], metric_ids: KEY_METRICS, format: 'xlsx' });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Démographie',
      'Entreprises',
      'Immobilier (DVF)',
      'Sources',
    ]);
    const cellOf = (sheetName: string, label: string) => {
      const sheet = workbook.getWorksheet(sheetName) as ExcelJS.Worksheet;
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.getRow(1).getCell(3).value).toBe('Paris 11e Arrondissement');
      let found: ExcelJS.Cell | undefined;
      sheet.eachRow((row) => {
        if (row.getCell(2).value === label) found = row.getCell(3);
      });
      return found as ExcelJS.Cell;
    };
    const population = cellOf('Démographie', 'Population');
    expect(typeof population.value).toBe('number');
    expect(population.value).toBe(Math.round(api.population));
    expect(population.numFmt).toBe('#,##0');
    const median = cellOf('Immobilier (DVF)', 'Prix médian au m² des appartements');
    expect(median.value).toBe(Math.round(api.apartmentMedian));
    expect(median.numFmt).toContain('€/m²');
    expect(cellOf('Entreprises', 'Établissements').value).toBe(api.businesses);
    const sources = workbook.getWorksheet('Sources') as ExcelJS.Worksheet;
    const licences: unknown[] = [];
    sources.eachRow((row) => licences.push(row.getCell(4).value));
    expect(licences).toContain('Licence Ouverte 2.0 (Etalab)');
  });

  it('writes the PDF study with every metric: text extracted by pdftotext holds the API’s figures', async () => {
    const response = await exportFile(pro, {
      zone_ids: ['commune-75111'],
      metric_ids: METRIC_CATALOGUE.map((metric) => metric.id),
      format: 'pdf',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const path = join(folder, `etude-${kind}.pdf`);
    writeFileSync(path, response.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(
      /[\u00a0\u202f]/g,
      ' ',
    );
    expect(text).toContain('Étude de marché locale');
    expect(text).toContain('Chiffres clés');
    expect(text).toContain('Fond : limites des communes et arrondissements');
    expect(text).toContain('Annexe — méthode');
    expect(text).toContain('Reproductibilité');
    expect(text).toMatch(/Page 1 sur \d+/);
    expect(text).toMatch(new RegExp(`Population \\(\\d+\\)\\s+${french(Math.round(api.population))} habitants`));
    expect(text).toMatch(
      new RegExp(`Prix médian au m² des appartements \\(\\d+\\)\\s+${french(Math.round(api.apartmentMedian))} €/m²`),
    );
    expect(text).toMatch(new RegExp(`Établissements \\(\\d+\\)\\s+${french(api.businesses)} établissements`));
    const fonts = execFileSync('pdffonts', [path], { encoding: 'utf8' });
    expect(fonts).toMatch(/NotoSans.*yes/);
    // A section's footnotes never sit on a page of their own: the page that holds them holds table rows too.
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    const footnotePages = pages.filter((page) => /^\s*\(1\) /m.test(page));
    expect(footnotePages.length).toBeGreaterThan(3);
    for (const page of footnotePages) expect(page).toMatch(/Indicateur\s+Paris 11e/);
  });

  it('exports the coverage by walking time as the served population answers it, recomputed from the street graph', async () => {
    const ids = ['public_services.walking.education.10', 'public_services.walking.sante.5'];
    const response = await exportFile(pro, { zone_ids: ['commune-75111'], metric_ids: ids, format: 'csv' });
    expect(response.statusCode, response.body).toBe(200);
    const path = join(folder, `walking-${kind}.csv`);
    writeFileSync(path, response.rawPayload);
    const { rows } = readRawCsv(path, ';');
    const exported = (label: string) => {
      const row = rows.find((cells) => cells['Métrique'] === label) as Record<string, string>;
      expect(row['Unité']).toBe('%');
      expect(row['Millésime']).toMatch(/ ; recensement \d{4}$/);
      return Number((row['Valeur'] as string).replace(',', '.'));
    };
    const education = exported('Éducation à 10 min à pied ou moins (part des habitants)');
    const health = exported('Santé et action sociale à 5 min à pied ou moins (part des habitants)');

    // The endpoint's answer for the same zone.
    const served = (
      await app.inject({
        method: 'POST',
        url: '/api/public-services/served-population',
        payload: { geometry: eleventh },
      })
    ).json<ServedPopulation>();
    const share = (id: string, key: 'within_5' | 'within_10') =>
      (served.categories.find((category) => category.category === id)?.[key] ?? Number.NaN) * 100;
    expect(education).toBeCloseTo(share('education', 'within_10'), 1);
    expect(health).toBeCloseTo(share('sante', 'within_5'), 1);

    // Recomputed here: the 11e's BAN addresses, each an equal part of its IRIS's census population, walked on the
    // street graph to the nearest service of the category (one search from all services of the category).
    const keys = choosePopulationKeys(
      (
        await database.query<{ vintage: number; key: string }>(
          `SELECT DISTINCT s.vintage::int AS vintage, key FROM insee_iris_statistics s, jsonb_object_keys(s."values") key`,
        )
      ).rows,
    );
    if (!keys) throw new Error('no census population in the demo territory');
    const { rows: residences } = await database.query<{ longitude: number; latitude: number; weight: number }>(
      `WITH zone AS (SELECT geometry FROM communes WHERE code = $1),
       population AS (SELECT iris_code, sum((s."values"->>key)::float8) AS population
                      FROM insee_iris_statistics s, unnest($3::text[]) key WHERE s.vintage = $2 GROUP BY iris_code),
       addresses AS (SELECT iris_code, count(*) AS count FROM ban_addresses GROUP BY iris_code)
       SELECT ST_X(a.geometry) AS longitude, ST_Y(a.geometry) AS latitude,
              p.population / n.count AS weight
       FROM ban_addresses a, zone, population p, addresses n
       WHERE ST_Intersects(a.geometry, zone.geometry) AND p.iris_code = a.iris_code AND n.iris_code = a.iris_code
         AND p.population > 0`,
      [ELEVENTH, keys.vintage, keys.keys],
    );
    const { rows: services } = await database.query<{ family: string; type_code: string | null; x: number; y: number }>(
      `SELECT family, type_code, ST_X(geometry) AS x, ST_Y(geometry) AS y FROM public_services WHERE geometry IS NOT NULL`,
    );
    const engine = await roadGraphStoreFor(database).get();
    const snapped = snapResidences(
      engine,
      residences.map((row) => ({
        longitude: Number(row.longitude),
        latitude: Number(row.latitude),
        weight: Number(row.weight),
      })),
    );
    const recomputed = (id: string, minutes: number) => {
      const points = services
        .filter((row) => publicServiceCategory(row.family, row.type_code) === id)
        .map((row): [number, number] => [Number(row.x), Number(row.y)]);
      const seconds = nearestServiceSeconds(engine, points, 15 * 60);
      return (servedShares(snapped, seconds, [minutes * 60])[0] ?? Number.NaN) * 100;
    };
    expect(residences.length).toBeGreaterThan(1_000);
    expect(education).toBeCloseTo(recomputed('education', 10), 1);
    expect(health).toBeCloseTo(recomputed('sante', 5), 1);
    // Not a degenerate figure: some residents are farther than 5 minutes from a health service, most are within 10 of a school.
    expect(education).toBeGreaterThan(50);
    expect(health).toBeLessThan(100);
  });

  it('writes the zone and its IRIS with their figures as GeoJSON and FlatGeobuf, read back', async () => {
    const metricIds = [...KEY_METRICS, 'population.15_64'];
    const geojson = await exportFile(pro, { zone_ids: ['commune-75111'], metric_ids: metricIds, format: 'geojson' });
    expect(geojson.statusCode, geojson.body).toBe(200);
    expect(geojson.headers['content-type']).toContain('application/geo+json');
    expect(geojson.headers['x-export-file-name']).toMatch(/^zonalyse-export-paris-11e-arrondissement-.*\.geojson$/);
    const collection = geojson.json<{
      metrics: { id: string; unit: string; vintage: string | null }[];
      features: { geometry: { type: string }; properties: Record<string, string | number | null> }[];
    }>();
    expect(collection.metrics.map((metric) => metric.id)).toEqual(metricIds);
    const [zone, ...iris] = collection.features;
    expect(zone?.properties).toMatchObject({
      niveau: 'zone',
      nom: 'Paris 11e Arrondissement',
      'population.total': Math.round(api.population),
      'real_estate.apartment.median': Math.round(api.apartmentMedian),
      'businesses.total': api.businesses,
    });
    // The 11e's IRIS, whole, each with its own census figures; the other domains are not split by IRIS.
    expect(iris.length).toBeGreaterThan(40);
    expect(collection.features.every((feature) => feature.geometry.type === 'MultiPolygon')).toBe(true);
    expect(iris.every((feature) => feature.properties.niveau === 'iris' && feature.properties.couverture === 1)).toBe(
      true,
    );
    expect(iris.every((feature) => feature.properties['businesses.total'] === null)).toBe(true);
    const irisPopulation = iris.reduce((sum, feature) => sum + Number(feature.properties['population.total'] ?? 0), 0);
    expect(Math.abs(irisPopulation - api.population)).toBeLessThan(iris.length);

    const fgb = await exportFile(pro, { zone_ids: ['commune-75111'], metric_ids: metricIds, format: 'fgb' });
    expect(fgb.statusCode, fgb.body).toBe(200);
    const features: { properties?: Record<string, unknown> }[] = [];
    for await (const feature of flatgeobuf.deserialize(new Uint8Array(fgb.rawPayload)) as AsyncGenerator<{
      properties?: Record<string, unknown>;
    }>)
      features.push(feature);
    expect(features).toHaveLength(collection.features.length);
    expect(features[0]?.properties?.['population.total']).toBe(Math.round(api.population));
    expect(features[0]?.properties?.['businesses.total']).toBe(api.businesses);
    expect(features[0]?.properties?.nom).toBe('Paris 11e Arrondissement');
    expect(features.slice(1).map((feature) => feature.properties?.code)).toEqual(
      iris.map((feature) => feature.properties.code),
    );
    // A metric missing for a feature is absent (null), never 0; the present ones stay numbers.
    expect(features[1]?.properties?.['businesses.total'] ?? null).toBeNull();
    expect(typeof features[1]?.properties?.['population.total']).toBe('number');
  });

  it('answers 400 in French naming the field for no zone, no metric or an unknown metric id', async () => {
    const noZone = await exportFile(pro, { zone_ids: [], metric_ids: KEY_METRICS, format: 'csv' });
    expect(noZone.statusCode).toBe(400);
    expect(noZone.json().detail).toBe('corps « zone_ids » : sélectionnez au moins une zone');
    const noMetric = await exportFile(pro, { zone_ids: ['commune-75111'], metric_ids: [], format: 'csv' });
    expect(noMetric.statusCode).toBe(400);
    expect(noMetric.json().detail).toBe('corps « metric_ids » : sélectionnez au moins une métrique');
    const unknown = await exportFile(pro, {
      zone_ids: ['commune-75111'],
      metric_ids: ['population.total', 'population.licornes'],
      format: 'pdf',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe('corps « metric_ids » : métrique inconnue « population.licornes »');
  });

  it('answers 404 for a zone of another user', async () => {
    const response = await exportFile(pro, {
      zone_ids: ['commune-75111-other'],
      metric_ids: KEY_METRICS,
      format: 'csv',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('Zone introuvable : commune-75111-other');
  });

  it('refuses anonymous visitors and the Free tier with the product’s message, and counts a Light export', async () => {
    for (const cookie of ['', free]) {
      const refused = await exportFile(cookie, { zone_ids: ['commune-75111'], metric_ids: KEY_METRICS, format: 'csv' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe(LIMIT_REACHED_MESSAGE);
    }
    const usage = async () =>
      (await app.inject({ method: 'GET', url: '/api/payments/usage', headers: { cookie: light } })).json<{
        exports_used: number;
      }>().exports_used;
    const before = await usage();
    const response = await exportFile(light, {
      zone_ids: ['commune-75111'],
      metric_ids: ['population.total', 'revenue.median'],
      format: 'csv',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await usage()).toBe(before + 1);
    // Light does not open the income tab: the figure says so instead of a number.
    expect(response.rawPayload.toString('utf8')).toContain(
      'Revenu disponible médian par unité de consommation;réservé à l’offre Pro',
    );
  });

  it('writes the special entries: the map as displayed and the choropleth shown, in the PDF and the workbook', async () => {
    const metricIds = ['population.total', 'special.map_view', 'special.choropleth'];
    const pdf = await exportFile(pro, {
      zone_ids: ['commune-75111'],
      metric_ids: metricIds,
      format: 'pdf',
      map_view: MAP_VIEW,
      choropleth: CHOROPLETH,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const path = join(folder, `carte-${kind}.pdf`);
    writeFileSync(path, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    expect(text).toContain('La carte telle qu’affichée');
    expect(text).toContain('64 × 40 px, zoom 13,5');
    expect(text).toContain('Densité de population (hab./km²) — niveau IRIS, opacité 70 %');
    expect(text).toContain('à partir de 25 000 hab./km²');
    expect(execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' })).toMatch(/\s64\s+40\s+rgb/);

    const xlsx = await exportFile(pro, {
      zone_ids: ['commune-75111'],
      metric_ids: metricIds,
      format: 'xlsx',
      map_view: MAP_VIEW,
      choropleth: null,
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const map = workbook.getWorksheet('Carte') as ExcelJS.Worksheet;
    const cells: unknown[] = [];
    map.eachRow((row) => cells.push(row.getCell(1).value, row.getCell(2).value));
    expect(cells).toContain('aucune visualisation appliquée à la carte');
    expect(map.getImages()).toHaveLength(1);

    // Only special entries in a CSV: nothing to write, said in French.
    const csv = await exportFile(pro, { zone_ids: ['commune-75111'], metric_ids: ['special.map_view'], format: 'csv' });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().detail).toMatch(/^corps « metric_ids » : la vue de la carte et la choroplèthe/);
    const badImage = await exportFile(pro, {
      zone_ids: ['commune-75111'],
      metric_ids: metricIds,
      format: 'pdf',
      map_view: { ...MAP_VIEW, image: 'data:image/jpeg;base64,AAAA' },
    });
    expect(badImage.statusCode).toBe(400);
    expect(badImage.json().detail).toContain('map_view.image');
  });

  describe('shareable read-only link', () => {
    const share = (cookie: string, payload: object) =>
      app.inject({ method: 'POST', url: '/api/export/shares', headers: cookie ? { cookie } : {}, payload });
    const read = (token: string) => app.inject({ method: 'GET', url: `/api/export/shares/${token}` });

    it('freezes the figures with their sources and vintages, read back without an account', async () => {
      const created = await share(pro, {
        zone_ids: ['commune-75111'],
        metric_ids: [...KEY_METRICS, 'revenue.median', 'public_services.total'],
        expires_in_days: 30,
      });
      expect(created.statusCode, created.body).toBe(201);
      const { token, path, expires_at } = created.json<ExportShareCreated>();
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(path).toBe(`/partage/${token}`);
      expect(Date.parse(expires_at ?? '') - Date.now()).toBeGreaterThan(29 * 86_400_000);
      // Only the token's hash is kept.
      const { rows } = await database.query<{ token_hash: string }>('SELECT token_hash FROM export_shares');
      expect(rows.map((row) => row.token_hash)).toContain(hashSecret(token));
      expect(rows.map((row) => row.token_hash)).not.toContain(token);

      const answer = await read(token);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      const { snapshot } = answer.json<ExportShareAnswer>();
      expect(snapshot.zones).toEqual([{ name: 'Paris 11e Arrondissement', place: 'Commune 75111' }]);
      const metric = (id: string) => snapshot.metrics.find((entry) => entry.id === id);
      expect(metric('population.total')).toMatchObject({
        label: 'Population',
        unit: 'habitants',
        category_label: 'Démographie',
        producer: 'INSEE',
      });
      expect(metric('population.total')?.readings[0]?.value).toBeCloseTo(api.population, 6);
      expect(metric('population.total')?.readings[0]?.vintage).toBeTruthy();
      expect(metric('real_estate.apartment.median')?.readings[0]?.value).toBe(api.apartmentMedian);
      expect(metric('real_estate.apartment.median')?.readings[0]?.vintage).toMatch(/^DVF \d{4}/);
      expect(metric('businesses.total')?.readings[0]?.value).toBe(api.businesses);
      expect(metric('public_services.total')?.source_label).toContain('service-public.fr');
      expect(snapshot.datasets.length).toBeGreaterThan(0);
      expect(Math.abs(Date.parse(snapshot.frozen_at) - Date.now())).toBeLessThan(600_000);
    });

    it('keeps what the tier may not see out of the snapshot, and counts the link as an export', async () => {
      const usage = async () =>
        (await app.inject({ method: 'GET', url: '/api/payments/usage', headers: { cookie: light } })).json<{
          exports_used: number;
        }>().exports_used;
      const before = await usage();
      const created = await share(light, { zone_ids: ['commune-75111'], metric_ids: ['revenue.median'] });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json<ExportShareCreated>().expires_at).toBeNull();
      expect(await usage()).toBe(before + 1);
      const { snapshot } = (await read(created.json<ExportShareCreated>().token)).json<ExportShareAnswer>();
      expect(snapshot.metrics[0]?.readings[0]).toEqual({ value: null, vintage: null, locked: 'pro' });
    });

    it('answers 404 for an unknown or malformed token and 410 once expired', async () => {
      const unknown = await read(randomSecret());
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().detail).toBe('Lien de partage introuvable : vérifiez l’adresse reçue');
      expect((await read('pas-un-jeton')).statusCode).toBe(404);
      const token = randomSecret();
      const { rows } = await database.query<{ id: string }>('SELECT id FROM users LIMIT 1');
      await insertExportShare(database, {
        tokenHash: hashSecret(token),
        userId: rows[0]?.id as string,
        snapshot: { frozen_at: '2026-01-01T00:00:00.000Z', app_version: '0', zones: [], metrics: [], datasets: [] },
        createdAt: new Date('2026-01-01T00:00:00Z'),
        expiresAt: new Date('2026-01-08T00:00:00Z'),
      });
      const expired = await read(token);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().detail).toMatch(/^Ce lien de partage a expiré/);
    });

    it('refuses anonymous and Free, a zone of another user, bad fields and a body too large', async () => {
      for (const cookie of ['', free]) {
        const refused = await share(cookie, { zone_ids: ['commune-75111'], metric_ids: KEY_METRICS });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().detail).toBe(LIMIT_REACHED_MESSAGE);
      }
      expect((await share(pro, { zone_ids: ['commune-75111-other'], metric_ids: KEY_METRICS })).statusCode).toBe(404);
      const noMetric = await share(pro, { zone_ids: ['commune-75111'], metric_ids: [] });
      expect(noMetric.statusCode).toBe(400);
      expect(noMetric.json().detail).toBe('corps « metric_ids » : sélectionnez au moins une métrique');
      const badExpiry = await share(pro, {
        zone_ids: ['commune-75111'],
        metric_ids: KEY_METRICS,
        expires_in_days: 4000,
      });
      expect(badExpiry.statusCode).toBe(400);
      expect(badExpiry.json().detail).toBe('corps « expires_in_days » : au plus 365 jours');
      const tooLarge = await share(pro, {
        zone_ids: ['commune-75111'],
        metric_ids: KEY_METRICS,
        padding: 'x'.repeat(MAX_SHARE_REQUEST_BYTES),
      });
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().detail).toBe('corps « body » : trop volumineux (limite 32 ko)');
    });
  });
});
