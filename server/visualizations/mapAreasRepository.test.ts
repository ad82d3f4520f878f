import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_IRIS, loadIndicatorFixture } from '../../tests/support/indicatorFixture';
import { openEmptyDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';
import { buildMapAreas } from './mapAreasRepository';

interface AreaRow {
  level: string;
  code: string;
  area_km2: number;
  population: number | null;
  population_scope: string | null;
  population_vintage: number | null;
  population_density: number | null;
  median_income: number | null;
  income_method: string | null;
  employment_rate: number | null;
  land_value_per_sqm: number | null;
  land_value_sales: number | null;
  residential_sales: number | null;
  residential_price_avg: number | null;
  commercial_sales: number | null;
  commercial_price_avg: number | null;
  commercial_price_per_sqm: number | null;
  business_count: number | null;
  demo_business_count: number | null;
  has_arrondissements: boolean;
}

describe.each(testDatabaseKinds())('buildMapAreas on %s', (kind) => {
  let database: Database;
  const areas = new Map<string, AreaRow>();
  const area = (level: string, code: string): AreaRow => {
    const found = areas.get(`${level}:${code}`);
    if (!found) throw new Error(`${level} ${code} absent`);
    return found;
  };
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
    await loadIndicatorFixture(database);
    await database.transaction((transaction) => buildMapAreas(transaction, 'fixture'));
    const { rows } = await database.query<AreaRow>('SELECT * FROM map_areas');
    for (const row of rows) areas.set(`${row.level}:${row.code}`, row);
  });
  afterAll(async () => {
    await database.close();
  });

  it('holds every area with Web Mercator geometries per zoom band and records its build', async () => {
    expect([...areas.keys()].sort()).toEqual(
      [
        'commune:75056',
        'commune:75101',
        'commune:75102',
        'commune:92012',
        'departement:75',
        'departement:92',
        'iris:751010101',
        'iris:751010102',
        'iris:751010103',
        'iris:751020201',
        'iris:920120101',
        'region:11',
      ].sort(),
    );
    expect(area('commune', '75056').has_arrondissements).toBe(true);
    const { rows } = await database.query<{ srid: number; valid: boolean }>(
      `SELECT DISTINCT ST_SRID(geometry_z6) AS srid, bool_and(ST_IsValid(geometry) AND ST_IsValid(geometry_z8)) AS valid
       FROM map_areas GROUP BY 1`,
    );
    expect(rows).toEqual([{ srid: 3857, valid: true }]);
    const build = await database.query<{ datasets_key: string }>('SELECT datasets_key FROM map_area_builds');
    expect(build.rows[0]?.datasets_key).toMatch(/:fixture$/);
  });

  it('takes IRIS population from the latest INSEE base, total before aged 2+, and never invents one', () => {
    expect(area('iris', FIXTURE_IRIS.A)).toMatchObject({
      population: 2000,
      population_scope: '2+',
      population_vintage: 2015,
    });
    expect(area('iris', FIXTURE_IRIS.C)).toMatchObject({
      population: 12.5,
      population_scope: 'total',
      population_vintage: 2017,
    });
    expect(area('iris', FIXTURE_IRIS.D).population).toBeNull();
    expect(area('iris', FIXTURE_IRIS.D).population_density).toBeNull();
    const irisA = area('iris', FIXTURE_IRIS.A);
    expect(irisA.population_density).toBeCloseTo(2000 / irisA.area_km2, 6);
    // Communes, départements and régions: legal populations (COG), Paris counted once.
    expect(area('commune', '75101')).toMatchObject({ population: 16000, population_scope: 'cog' });
    expect(area('departement', '75').population).toBe(2100000);
    expect(area('region', '11').population).toBe(2220000);
  });

  it('aggregates income and employment over IRIS only where the IRIS with data cover the area', () => {
    expect(area('iris', FIXTURE_IRIS.A).median_income).toBe(32000);
    expect(area('iris', FIXTURE_IRIS.B).median_income).toBe(20000);
    expect(area('iris', FIXTURE_IRIS.C).median_income).toBeNull();
    expect(area('iris', FIXTURE_IRIS.A).employment_rate).toBeCloseTo(0.7, 10);
    expect(area('iris', FIXTURE_IRIS.B).employment_rate).toBeCloseTo(0.5, 10);
    const first = area('commune', '75101');
    expect(first.employment_rate).toBeCloseTo(750 / 1100, 10);
    expect(first.median_income).toBeCloseTo((32000 * 2000 + 20000 * 200) / 2200, 6);
    expect(first.income_method).toBe('iris-weighted');
    for (const [level, code] of [
      ['commune', '75102'],
      ['commune', '75056'],
      ['departement', '75'],
      ['region', '11'],
    ] as const) {
      expect(area(level, code).employment_rate, `${level} ${code}`).toBeNull();
      expect(area(level, code).median_income, `${level} ${code}`).toBeNull();
    }
  });

  it('computes DVF values per mutation, not per row: median €/m² of single-dwelling sales', () => {
    expect(area('iris', FIXTURE_IRIS.A)).toMatchObject({
      land_value_per_sqm: 11000,
      land_value_sales: 2,
      residential_sales: 3,
      commercial_sales: 0,
    });
    expect(area('iris', FIXTURE_IRIS.A).residential_price_avg).toBeCloseTo(660000, 6);
    expect(area('iris', FIXTURE_IRIS.B)).toMatchObject({
      land_value_per_sqm: null,
      land_value_sales: 0,
      commercial_sales: 1,
      commercial_price_avg: 900000,
      commercial_price_per_sqm: 9000,
    });
    expect(area('iris', FIXTURE_IRIS.C)).toMatchObject({ land_value_per_sqm: 9000, land_value_sales: 1 });
    // Loaded département without sale: 0 sales, no value. Not loaded: nothing known.
    expect(area('iris', FIXTURE_IRIS.D)).toMatchObject({ land_value_per_sqm: null, land_value_sales: 0 });
    expect(area('iris', FIXTURE_IRIS.E)).toMatchObject({ land_value_per_sqm: null, land_value_sales: null });
    expect(area('commune', '75101')).toMatchObject({ land_value_per_sqm: 10000, land_value_sales: 3 });
    expect(area('commune', '75056').land_value_per_sqm).toBe(10000);
    expect(area('departement', '75').land_value_per_sqm).toBe(10000);
    expect(area('commune', '92012').land_value_per_sqm).toBeNull();
    expect(area('region', '11').land_value_per_sqm).toBeNull();
  });

  it('counts active establishments, flags demo ones, and leaves unloaded départements unknown', () => {
    expect(area('iris', FIXTURE_IRIS.A)).toMatchObject({ business_count: 3, demo_business_count: 1 });
    expect(area('iris', FIXTURE_IRIS.B)).toMatchObject({ business_count: 0, demo_business_count: 0 });
    expect(area('commune', '75056')).toMatchObject({ business_count: 4, demo_business_count: 1 });
    expect(area('departement', '75').business_count).toBe(4);
    expect(area('iris', FIXTURE_IRIS.E).business_count).toBeNull();
    expect(area('commune', '92012').business_count).toBeNull();
    expect(area('region', '11').business_count).toBeNull();
  });
});
