import { tableFromIPC } from 'apache-arrow';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClustersResponse, ZoneStatistics } from '../../kernel/real-estate/realEstateSchemas';
import { readRawCsv } from '../../tests/support/rawCsv';
import { buildTestApp } from '../../tests/support/testApp';
import { openDataDirectory, openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';

const YEAR_2024 = { date_from: '2024-01-01', date_to: '2024-12-31' };

/** Recomputed from the raw 2024 file, independently of the importer: sales and single-apartment €/m² of 75111. */
function rawEleventh(): { sales: number; median: number; singleApartments: number } {
  const rows = readRawCsv(join(openDataDirectory(), 'dvf/geo-dvf-75-paris-2024.csv.gz'), ',').rows.filter(
    (row) => row.code_commune === '75111',
  );
  const mutations = new Map<string, Record<string, string>[]>();
  for (const row of rows) mutations.set(row.id_mutation ?? '', [...(mutations.get(row.id_mutation ?? '') ?? []), row]);
  let sales = 0;
  const pricesPerM2: number[] = [];
  for (const lots of mutations.values()) {
    if (lots[0]?.nature_mutation !== 'Vente') continue;
    sales += 1;
    const premises = new Map<string, Record<string, string>>();
    for (const lot of lots) {
      if (['Appartement', 'Maison', 'Local industriel. commercial ou assimilé'].includes(lot.type_local ?? '')) {
        premises.set([lot.id_parcelle, lot.lot1_numero, lot.type_local, lot.surface_reelle_bati].join('|'), lot);
      }
    }
    const [only] = [...premises.values()];
    const price = Number(lots[0]?.valeur_fonciere);
    const surface = Number(only?.surface_reelle_bati);
    if (premises.size === 1 && only?.type_local === 'Appartement' && price > 0 && surface > 0) {
      pricesPerM2.push(price / surface);
    }
  }
  pricesPerM2.sort((a, b) => a - b);
  const middle = (pricesPerM2.length - 1) / 2;
  const median = ((pricesPerM2[Math.floor(middle)] as number) + (pricesPerM2[Math.ceil(middle)] as number)) / 2;
  return { sales, median, singleApartments: pricesPerM2.length };
}

describe.each(testDatabaseKinds())('real-estate endpoints on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openDemoDatabase(kind);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'POST', url, payload: payload as object, headers });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    return response;
  };

  it('matches the raw file for the 11e arrondissement in 2024: sales and median €/m² of single apartments', async () => {
    const expected = rawEleventh();
    const response = await post('/api/v1/real-estate/zone-statistics', {
      commune_code: '75111',
      sample_size: 0,
      filters: { ...YEAR_2024, nature_mutation: ['Vente'] },
    });
    const statistics = response.json<ZoneStatistics>();
    expect(Math.abs(statistics.total_transactions - expected.sales) / expected.sales).toBeLessThanOrEqual(0.005);
    const apartments = statistics.market_snapshot?.by_type.find((row) => row.type_local === 'Appartement');
    // Mutations spanning two arrondissements are counted once, in the commune of their first row.
    expect(
      Math.abs((apartments?.count ?? 0) - expected.singleApartments) / expected.singleApartments,
    ).toBeLessThanOrEqual(0.005);
    expect(Math.abs((apartments?.median as number) - expected.median) / expected.median).toBeLessThanOrEqual(0.005);
    // The temporal series covers the twelve months and adds up to the total.
    expect(statistics.temporal_series).toHaveLength(12);
    expect(statistics.temporal_series.reduce((sum, month) => sum + month.count, 0)).toBe(statistics.total_transactions);
    expect(statistics.market_snapshot?.departement_code).toBe('75');
    expect(statistics.market_snapshot?.departement_median_price_per_m2).toBeGreaterThan(5000);
  });

  it('counts mutations, not rows, hides averages below three sales, and breaks down by type and nature', async () => {
    const response = await post('/api/v1/real-estate/zone-statistics', {
      commune_code: '75111',
      sample_size: 200,
      filters: YEAR_2024,
    });
    const statistics = response.json<ZoneStatistics>();
    const { rows } = await database.query<{ rows: number; mutations: number }>(
      `SELECT count(*)::int AS rows, count(DISTINCT id_mutation)::int AS mutations FROM dvf_rows
       WHERE code_commune = '75111' AND date_mutation BETWEEN '2024-01-01' AND '2024-12-31'`,
    );
    // A mutation spanning two arrondissements counts in the commune of its first row.
    expect(Math.abs(statistics.total_transactions - (rows[0]?.mutations ?? 0))).toBeLessThanOrEqual(5);
    expect(rows[0]?.rows).toBeGreaterThan(statistics.total_transactions);
    const typeTotal = statistics.property_type_breakdown.reduce((sum, row) => sum + row.count, 0);
    expect(typeTotal).toBe(statistics.total_transactions);
    // An average price is published only from three priced sales on: never for a group of fewer than three.
    const breakdowns = [...statistics.property_type_breakdown, ...statistics.mutation_type_breakdown];
    expect(breakdowns.filter((row) => row.count < 3 && row.avg_price !== null)).toEqual([]);
    const published = breakdowns.filter((row) => row.count >= 3 && row.avg_price !== null);
    expect(published.length).toBeGreaterThan(0);
    // Whole mutations, most recent first, about 200 lots.
    const lots = statistics.sample_transactions as { id_mutation: string; date_mutation: string }[];
    expect(lots.length).toBeGreaterThanOrEqual(190);
    expect(lots[0]?.date_mutation).toBe('2024-12-31');
    const dates = lots.map((lot) => lot.date_mutation);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('gives the same counts for the commune code, its IRIS codes and its geometry', async () => {
    const { rows: iris } = await database.query<{ code: string }>(`SELECT code FROM iris WHERE commune_code = '75111'`);
    const { rows: geometry } = await database.query<{ geojson: string }>(
      `SELECT ST_AsGeoJSON(ST_Union(geometry)) AS geojson FROM iris WHERE commune_code = '75111'`,
    );
    const total = async (zone: object) =>
      (
        await post('/api/v1/real-estate/zone-statistics', { ...zone, sample_size: 0, filters: YEAR_2024 })
      ).json<ZoneStatistics>().total_transactions;
    const byCode = await total({ commune_code: '75111' });
    const byIris = await total({ iris_codes: iris.map((row) => row.code) });
    const byGeometry = await total({ geometry: JSON.parse(geometry[0]?.geojson ?? '{}') as object });
    expect(Math.abs(byIris - byCode) / byCode).toBeLessThan(0.01);
    expect(Math.abs(byGeometry - byCode) / byCode).toBeLessThan(0.01);
    // Département first, then commune.
    expect(await total({ department_code: '75', commune_code: '75111' })).toBeGreaterThan(byCode * 10);
  });

  it('sends all the lots of a zone as Arrow', async () => {
    const response = await post(
      '/api/v1/real-estate/zone-transactions',
      { commune_code: '75111', filters: YEAR_2024 },
      { accept: 'application/vnd.apache.arrow.stream' },
    );
    expect(response.headers['content-type']).toContain('application/vnd.apache.arrow.stream');
    const table = tableFromIPC(response.rawPayload);
    const { rows } = await database.query<{ rows: number }>(
      `SELECT count(*)::int AS rows FROM dvf_rows r JOIN dvf_mutations m ON m.vintage = r.vintage AND m.id_mutation = r.id_mutation
       WHERE m.code_commune = '75111' AND m.date_mutation BETWEEN '2024-01-01' AND '2024-12-31'`,
    );
    expect(table.numRows).toBe(rows[0]?.rows);
    expect(table.schema.fields.map((field) => field.name)).toEqual(
      expect.arrayContaining(['id', 'id_mutation', 'valeur_fonciere', 'type_local', 'group_type_local', 'latitude']),
    );
  });

  it('searches with filters, sorts by date and paginates by 50', async () => {
    const filters = { type_local: ['Appartement'], rooms_min: 2, rooms_max: 3, price_max: 500000, ...YEAR_2024 };
    const first = (
      await post('/api/v1/real-estate/search', { commune_code: '75111', filters, include_statistics: true })
    ).json<{
      transactions: {
        date_mutation: string;
        valeur_fonciere: number;
        nombre_pieces_principales: number;
        type_local: string;
        id: number;
      }[];
      total: number;
      total_pages: number;
      page: number;
    }>();
    expect(first.transactions).toHaveLength(50);
    expect(first.total_pages).toBe(Math.ceil(first.total / 50));
    for (const transaction of first.transactions) {
      expect(transaction.type_local).toBe('Appartement');
      expect(transaction.valeur_fonciere).toBeLessThanOrEqual(500000);
      expect(transaction.nombre_pieces_principales).toBeGreaterThanOrEqual(2);
      expect(transaction.nombre_pieces_principales).toBeLessThanOrEqual(3);
    }
    const dates = first.transactions.map((transaction) => transaction.date_mutation);
    expect([...dates].sort().reverse()).toEqual(dates);
    const last = (
      await post('/api/v1/real-estate/search', { commune_code: '75111', filters, page: first.total_pages })
    ).json<{ transactions: unknown[] }>();
    expect(last.transactions.length).toBe(first.total - (first.total_pages - 1) * 50);

    const detail = await app.inject(`/api/v1/real-estate/transaction/${first.transactions[0]?.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: first.transactions[0]?.id, type_local: 'Appartement' });
    const missing = await app.inject('/api/v1/real-estate/transaction/999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ detail: 'Transaction non trouvée' });
  });

  it('validates the request bodies and answers 400 naming the field', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/real-estate/zone-statistics',
      payload: { commune_code: '75111', filters: { rooms_min: 0 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toContain('filters.rooms_min');
    // Past the integer column's range: refused, not a 500 from the statement.
    const huge = await app.inject({
      method: 'POST',
      url: '/api/real-estate/coordinates',
      payload: { latitude: 48.86, longitude: 2.38, radius: 0.5, filters: { rooms_min: Number.MAX_SAFE_INTEGER } },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json<{ detail: string }>().detail).toContain('filters.rooms_min');
    const noZone = await app.inject({ method: 'POST', url: '/api/v1/real-estate/zone-statistics', payload: {} });
    expect(noZone.statusCode).toBe(400);
    expect(noZone.json<{ detail: string }>().detail).toBe('Aucune géométrie fournie');
    const box = await app.inject('/api/v1/real-estate/map/clusters?north=48.8&south=48.9&east=2.4&west=2.3&zoom=12');
    expect(box.statusCode).toBe(400);
  });

  it('clusters the sales of the box, fewer and bigger when zoomed out, singles at zoom 18', async () => {
    const box = 'north=48.87&south=48.85&east=2.39&west=2.36&date_from=2024-01-01&date_to=2024-12-31';
    const at = async (zoom: number) => {
      const response = await app.inject(`/api/v1/real-estate/map/clusters?${box}&zoom=${zoom}`);
      expect(response.statusCode).toBe(200);
      return response.json<ClustersResponse>();
    };
    const [z12, z15, z18] = [await at(12), await at(15), await at(18)];
    const { rows } = await database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM dvf_mutations WHERE longitude BETWEEN 2.36 AND 2.39 AND latitude BETWEEN 48.85 AND 48.87
       AND date_mutation BETWEEN '2024-01-01' AND '2024-12-31'`,
    );
    for (const answer of [z12, z15, z18]) expect(answer.total_transactions).toBe(rows[0]?.count);
    expect(z12.clusters.length).toBeLessThan(z15.clusters.length);
    expect(z15.clusters.length).toBeLessThan(z18.clusters.length);
    const single = z18.clusters.find((cluster) => cluster.count === 1);
    expect(single?.transaction).toMatchObject({ id_mutation: expect.any(String) as string });
    const filtered = await app.inject(
      `/api/v1/real-estate/map/clusters?${box}&zoom=15&type_local=Maison,Appartement&price_max=300000`,
    );
    expect(filtered.json<ClustersResponse>().total_transactions).toBeLessThan(z15.total_transactions);
  });

  it('answers the legacy /api/real-estate, /coordinates and /zone', async () => {
    const legacy = (await post('/api/real-estate', { commune_code: '75111', sample_size: 0 })).json<ZoneStatistics>();
    expect(legacy.total_transactions).toBeGreaterThan(5000);
    const around = (
      await post('/api/real-estate/coordinates', { coordinates: [2.3795, 48.8588], radius: 0.3, sample_size: 0 })
    ).json<ZoneStatistics>();
    expect(around.total_transactions).toBeGreaterThan(50);
    expect(around.total_transactions).toBeLessThan(legacy.total_transactions);
    const square = {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [2.37, 48.855],
            [2.38, 48.855],
            [2.38, 48.862],
            [2.37, 48.862],
            [2.37, 48.855],
          ],
        ],
      },
    };
    const zone = (
      await post('/api/real-estate/zone', { zone: { geometry: square }, sample_size: 0 })
    ).json<ZoneStatistics>();
    expect(zone.total_transactions).toBeGreaterThan(100);
  });
});
