import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analysis, Potential } from '../../kernel/market/marketSchemas';
import type { BusinessList } from '../../kernel/businesses/businessSchemas';
import { buildTestApp } from '../../tests/support/testApp';
import { tierSessionCookie } from '../../tests/support/proSession';
import { openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';

/** Place Léon-Blum, 11e arrondissement. */
const SITE: [number, number] = [2.3797, 48.8574];
const ZONE_ID = 'isochrone-leon-blum-10-min';
const MARKET_METRICS = [
  'market.potential.residents',
  'market.potential.households',
  'market.potential.income_estimate',
  'market.competitors.bakeries',
  'market.huff.bakeries.residents',
  'market.huff.bakeries.share',
];

describe.each(testDatabaseKinds())('market figures in the export on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let pro = '';
  let potential: Potential['bands'][number];
  let analysis: Analysis;
  let bakeries: number;

  const post = async <T>(url: string, payload: object): Promise<T> => {
    const response = await app.inject({ method: 'POST', url, headers: { cookie: pro }, payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  beforeAll(async () => {
    database = await openDemoDatabase(kind);
    app = await buildTestApp(database);
    pro = await tierSessionCookie(database, 'pro');
    // A walking isochrone of 10 minutes around the site, saved as the panels save it.
    const around = await post<Potential>('/api/market/potential', {
      coordinates: SITE,
      mode: 'walking',
      minutes: [10],
    });
    const saved = await app.inject({
      method: 'POST',
      url: '/api/user-zones',
      headers: { cookie: pro },
      payload: {
        id: ZONE_ID,
        name: 'Place Léon-Blum à pied 10 min',
        coordinates: SITE,
        transportMode: 'walking',
        travelTime: 10,
        zoneType: 'time',
        geometry: {
          type: 'FeatureCollection',
          features: [{ type: 'Feature', geometry: around.bands[0]?.geometry, properties: {} }],
        },
        properties: { type: 'isochrone' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    // The API's own answers for that zone and that site.
    const zone = { kind: 'saved', id: ZONE_ID };
    potential = (await post<Potential>('/api/market/potential', { zone })).bands[0] as Potential['bands'][number];
    analysis = await post<Analysis>('/api/market/analysis', {
      coordinates: SITE,
      sector: 'bakeries',
      mode: 'walking',
      minutes: 10,
    });
    const list = await post<{ data: BusinessList }>('/api/v1/elasticsearch/search/polygon', {
      zone,
      naf_codes: ['10.71C', '10.71D', '47.24Z'],
      limit: 1,
    });
    bakeries = list.data.total_count;
    // The demo territory has residents, income and bakeries there: otherwise the test would be vacuous.
    expect(potential.residents).toBeGreaterThan(10_000);
    expect(potential.income_estimate).toBeGreaterThan(0);
    expect(bakeries).toBeGreaterThan(5);
    expect(analysis.captured.residents).toBeGreaterThan(0);
  }, 240_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('writes the potential, the competitors and the Huff capture of the zone in the CSV, with source and vintage', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/export',
      headers: { cookie: pro },
      payload: { zone_ids: [ZONE_ID], metric_ids: MARKET_METRICS, format: 'csv' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
    const [header, ...rows] = lines.map((line) => line.split(';'));
    expect(header).toEqual(['Zone', 'Métrique', 'Valeur', 'Unité', 'Source', 'Millésime']);
    const row = (label: string) => rows.find((cells) => cells[1] === label) as string[];
    const value = (label: string) => Number((row(label)[2] as string).replace(/\s/g, '').replace(',', '.'));

    expect(value('Potentiel : habitants')).toBe(Math.round(potential.residents as number));
    expect(value('Potentiel : ménages (résidences principales quand le nombre de ménages n’est pas publié)')).toBe(
      Math.round(potential.households as number),
    );
    expect(value('Potentiel : revenu disponible estimé (médiane par unité de consommation × habitants)')).toBe(
      Math.round(potential.income_estimate as number),
    );
    expect(value('Concurrents : Boulangeries et pâtisseries (10.71C, 10.71D, 47.24Z)')).toBe(bakeries);
    const captured = 'Huff, Boulangeries et pâtisseries : habitants captés par un site au point de départ';
    expect(value(captured)).toBe(Math.round(analysis.captured.residents));
    expect(value('Huff, Boulangeries et pâtisseries : part de marché du site dans sa zone de chalandise')).toBe(
      Math.round((analysis.captured.share_of_area as number) * 1_000) / 10,
    );
    expect(row(captured)[4]).toContain('Modèle de Huff');
    expect(row('Potentiel : habitants')[4]).toContain('Recensement');
    // Every market figure says its vintage.
    expect(rows.every((cells) => (cells[5] ?? '').length > 0)).toBe(true);

    // No loaded source lists bars in Paris: 'non disponible', not 0.
    const bars = await app.inject({
      method: 'POST',
      url: '/api/export',
      headers: { cookie: pro },
      payload: { zone_ids: [ZONE_ID], metric_ids: ['market.competitors.bars'], format: 'csv' },
    });
    expect(bars.statusCode, bars.body).toBe(200);
    const barsRow = bars.rawPayload.subarray(3).toString('utf8').trim().split('\r\n')[1]?.split(';') ?? [];
    expect(barsRow.slice(1, 3)).toEqual(['Concurrents : Bars et cafés (56.30Z)', 'non disponible']);
  }, 120_000);

  it('puts them on a Géomarketing sheet of the XLSX, as numbers', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/export',
      headers: { cookie: pro },
      payload: { zone_ids: [ZONE_ID], metric_ids: MARKET_METRICS, format: 'xlsx' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Géomarketing', 'Sources']);
    const sheet = workbook.getWorksheet('Géomarketing') as ExcelJS.Worksheet;
    const values = new Map<string, unknown>();
    sheet.eachRow((row) => values.set(String(row.getCell(2).value), row.getCell(3).value));
    expect(values.get('Potentiel : habitants')).toBe(Math.round(potential.residents as number));
    expect(values.get('Huff, Boulangeries et pâtisseries : habitants captés par un site au point de départ')).toBe(
      Math.round(analysis.captured.residents),
    );
  }, 120_000);
});
