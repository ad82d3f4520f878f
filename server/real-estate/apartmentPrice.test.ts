import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZoneStatistics } from '../../kernel/real-estate/realEstateSchemas';
import { readRawCsv } from '../../tests/support/rawCsv';
import { buildTestApp } from '../../tests/support/testApp';
import { openDataDirectory, openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';

type RawRow = Record<string, string>;

/**
 * The rows of the yearly file grouped by id_mutation (unique per year and département), kept when the
 * mutation's first row, in file order, is in `commune` — a mutation over two arrondissements belongs to one.
 */
function mutationsOf(year: string, commune: string): RawRow[][] {
  const rows = readRawCsv(join(openDataDirectory(), `dvf/geo-dvf-75-paris-${year}.csv.gz`), ',').rows;
  const mutations = new Map<string, RawRow[]>();
  for (const row of rows) {
    const lots = mutations.get(row.id_mutation as string);
    if (lots) lots.push(row);
    else mutations.set(row.id_mutation as string, [row]);
  }
  return [...mutations.values()].filter((lots) => lots[0]?.code_commune === commune);
}

/** PostgreSQL's percentile_cont(0.5). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) / 2;
  const low = sorted[Math.floor(position)] as number;
  const high = sorted[Math.ceil(position)] as number;
  return low + (high - low) * (position - Math.floor(position));
}

/**
 * The sales of exactly one apartment of the raw geo-DVF rows, read here without the importer: rows grouped by
 * id_mutation; nature 'Vente'; one distinct apartment (parcel, first lot, surface) and no house or premises;
 * a price and a built surface. Returns each sale's €/m² and whether it includes a dependency.
 */
function singleApartmentSales(mutations: RawRow[][]): { pricePerM2: number; withDependency: boolean }[] {
  const sales: { pricePerM2: number; withDependency: boolean }[] = [];
  for (const lots of mutations) {
    const first = lots[0] as RawRow;
    if (first.nature_mutation !== 'Vente') continue;
    const premises = new Map<string, RawRow>();
    for (const lot of lots) {
      if (['Appartement', 'Maison', 'Local industriel. commercial ou assimilé'].includes(lot.type_local ?? '')) {
        premises.set(`${lot.id_parcelle}|${lot.lot1_numero}|${lot.type_local}|${lot.surface_reelle_bati}`, lot);
      }
    }
    const [only] = [...premises.values()];
    if (premises.size !== 1 || only?.type_local !== 'Appartement') continue;
    const price = Number(first.valeur_fonciere);
    const surface = Number(only.surface_reelle_bati);
    if (!(price > 0) || !(surface > 0)) continue;
    sales.push({ pricePerM2: price / surface, withDependency: lots.some((lot) => lot.type_local === 'Dépendance') });
  }
  return sales;
}

describe.each(testDatabaseKinds())('€/m² of apartments and dwelling sales on %s', (kind) => {
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

  it('recomputes the 7e 2025 Q2 single-apartment median without dependencies from the raw DVF file', async () => {
    const quarter = mutationsOf('2025', '75107').filter((lots) => {
      const date = lots[0]?.date_mutation ?? '';
      return date >= '2025-04-01' && date <= '2025-06-30';
    });
    const sales = singleApartmentSales(quarter);
    const without = sales.filter((sale) => !sale.withDependency).map((sale) => sale.pricePerM2);
    const withDependencies = sales.filter((sale) => sale.withDependency).map((sale) => sale.pricePerM2);
    // Issue 21 counted 207 single-apartment sales, 137 of them with a dependency (its own grouping).
    expect(Math.abs(sales.length - 207)).toBeLessThanOrEqual(2);
    expect(Math.abs(withDependencies.length - 137)).toBeLessThanOrEqual(2);

    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/real-estate/zone-statistics',
      payload: {
        zone: { kind: 'territory', level: 'commune', code: '75107' },
        filters: { date_from: '2025-04-01', date_to: '2025-06-30' },
        include_sample_transactions: false,
        include_temporal: false,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const statistics = response.json<ZoneStatistics>();
    const apartments = statistics.apartment_price_per_m2;
    expect(apartments.without_dependencies.count).toBe(without.length);
    expect(apartments.without_dependencies.median).toBeCloseTo(median(without), 1);
    expect(apartments.with_dependencies.count).toBe(withDependencies.length);
    expect(apartments.with_dependencies.median).toBeCloseTo(median(withDependencies), 1);
    expect(apartments.without_dependencies.first_date ?? '').toMatch(/^2025-0[4-6]/);
    expect(apartments.without_dependencies.last_date ?? '').toMatch(/^2025-0[4-6]/);
    // What the zone-wide €/m² mixes is stated.
    expect(statistics.price_per_m2_statistics.definition).toMatch(/mélangés/);
    expect(statistics.price_per_m2_statistics.mix.reduce((sum, row) => sum + row.count, 0)).toBe(
      statistics.price_per_m2_statistics.count,
    );
  });

  it('counts the 11e’s dwelling sales apart from its mutations', async () => {
    const mutations = ['2024', '2025'].flatMap((year) => mutationsOf(year, '75111'));
    const saleNatures = ['Vente', "Vente en l'état futur d'achèvement", 'Adjudication'];
    const dwellingSales = mutations.filter(
      (lots) =>
        saleNatures.includes(lots[0]?.nature_mutation ?? '') &&
        lots.some((lot) => lot.type_local === 'Appartement' || lot.type_local === 'Maison'),
    ).length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/real-estate/zone-statistics',
      payload: {
        zone: { kind: 'territory', level: 'commune', code: '75111' },
        include_sample_transactions: false,
        include_temporal: false,
        include_market_snapshot: false,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const statistics = response.json<ZoneStatistics>();
    expect(statistics.total_transactions).toBe(mutations.length);
    expect(statistics.dwelling_sales).toBe(dwellingSales);
    // About 29 % more mutations than dwelling sales in the 11e.
    expect(statistics.total_transactions / statistics.dwelling_sales).toBeGreaterThan(1.2);
  });
});
