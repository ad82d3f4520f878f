import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database, Queryable } from '../db/Database';
import type { ZoneReference } from './realEstateRepository';
import { selectZoneFigures } from './zoneFiguresRepository';

/** A 24-sided disc of about 700 m around the Place de la République. */
function republique(): string {
  const ring = Array.from({ length: 24 }, (_, index) => {
    const angle = (index / 24) * 2 * Math.PI;
    return [2.3699 + (700 / 73_200) * Math.cos(angle), 48.8675 + (700 / 111_200) * Math.sin(angle)];
  });
  return JSON.stringify({ type: 'Polygon', coordinates: [[...ring, ring[0]]] });
}

/** PostgreSQL's `percentile_cont`: linear interpolation between the closest ranks. */
function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * fraction;
  const below = sorted[Math.floor(position)] as number;
  const above = sorted[Math.ceil(position)] as number;
  return below + (above - below) * (position - Math.floor(position));
}

interface MutationRow {
  nature_mutation: string;
  valeur_fonciere: number | null;
  price_per_m2: number | null;
  type_local: string;
  single_type_local: string | null;
  dependency_count: number;
  month: string;
}

describe.each(testDatabaseKinds())('selectZoneFigures (%s)', (kind) => {
  let database: Database;
  let mutations: MutationRow[];
  const zone: ZoneReference = { kind: 'geometry', geojson: republique() };

  beforeAll(async () => {
    database = await openDemoDatabase(kind);
    // The zone's mutations read plainly, every figure below recomputed from them here.
    ({ rows: mutations } = await database.query<MutationRow>(
      `SELECT nature_mutation, valeur_fonciere, price_per_m2, type_local, single_type_local, dependency_count,
              to_char(date_mutation, 'YYYY-MM') AS month
       FROM dvf_mutations WHERE ST_Intersects(geometry, ST_SetSRID(ST_GeomFromGeoJSON($1), 4326))`,
      [zone.kind === 'geometry' ? zone.geojson : ''],
    ));
  });
  afterAll(() => database?.close());

  it('reads every figure of the zone in one statement, equal to a recomputation from its mutations', async () => {
    expect(mutations.length).toBeGreaterThan(1_000);
    const statements: string[] = [];
    const counted: Queryable = {
      query: (sql, values) => {
        statements.push(sql);
        return database.query(sql, values);
      },
      exec: (sql) => database.exec(sql),
      copyFrom: (table, columns, csv) => database.copyFrom(table, columns, csv),
    };
    const figures = await selectZoneFigures(counted, zone, {}, { temporal: 'month', snapshot: true, sampleSize: 50 });
    expect(statements).toHaveLength(1);

    const sales = mutations.filter((row) => row.nature_mutation === 'Vente');
    const priced = sales.filter((row) => (row.valeur_fonciere ?? 0) > 0).map((row) => row.valeur_fonciere as number);
    const perM2 = sales.filter((row) => row.price_per_m2 !== null).map((row) => row.price_per_m2 as number);
    expect(figures.summary.total).toBe(mutations.length);
    expect(figures.summary.sales).toBe(priced.length);
    expect(figures.summary.median_price).toBeCloseTo(percentile(priced, 0.5), 6);
    expect(figures.summary.price_per_m2_count).toBe(perM2.length);
    expect(figures.summary.q1_price_per_m2).toBeCloseTo(percentile(perM2, 0.25), 6);
    expect(figures.summary.q3_price_per_m2).toBeCloseTo(percentile(perM2, 0.75), 6);

    const apartments = (withDependencies: boolean) =>
      sales
        .filter(
          (row) =>
            row.single_type_local === 'Appartement' &&
            row.price_per_m2 !== null &&
            row.dependency_count > 0 === withDependencies,
        )
        .map((row) => row.price_per_m2 as number);
    expect(figures.apartments.without_dependencies.count).toBe(apartments(false).length);
    expect(figures.apartments.without_dependencies.median).toBeCloseTo(percentile(apartments(false), 0.5), 6);
    expect(figures.apartments.with_dependencies.count).toBe(apartments(true).length);

    const countBy = (rows: readonly MutationRow[], key: (row: MutationRow) => string | null) => {
      const counts = new Map<string | null, number>();
      for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
      return counts;
    };
    const types = countBy(mutations, (row) => row.type_local);
    expect(figures.types.map((row) => [row.key, row.count])).toEqual(
      [...types].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0]))),
    );
    expect(new Map(figures.mix.map((row) => [row.type_local, row.count]))).toEqual(
      countBy(
        sales.filter((row) => row.price_per_m2 !== null),
        (row) => row.single_type_local,
      ),
    );
    const months = countBy(mutations, (row) => row.month);
    expect(figures.temporal.map((row) => [row.period, row.count])).toEqual(
      [...months].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );

    const total = figures.snapshot?.find((row) => row.type_local === null && row.quarter === null);
    const housing = sales.filter(
      (row) =>
        row.price_per_m2 !== null && (row.single_type_local === 'Appartement' || row.single_type_local === 'Maison'),
    );
    expect(total?.count).toBe(housing.length);
    expect(total?.departement_code).toBe('75');

    // The sample: whole mutations, most recent first, about 50 lots.
    expect(figures.lots.length).toBeGreaterThanOrEqual(50);
    const dates = figures.lots.map((lot) => lot.date_mutation);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
