import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database, Queryable } from '../db/Database';
import { selectStatistics } from './demographicsRepository';
import { IrisStatisticsCache } from './IrisStatisticsCache';

/** The database, counting the statements that read IRIS figures. */
function counting(database: Database): { queryable: Queryable; reads: () => number } {
  let reads = 0;
  const queryable: Queryable = {
    query: (sql, values) => {
      if (sql.includes('FROM insee_iris_statistics')) reads += 1;
      return database.query(sql, values);
    },
    exec: (sql) => database.exec(sql),
    copyFrom: (table, columns, csv) => database.copyFrom(table, columns, csv),
  };
  return { queryable, reads: () => reads };
}

describe.each(testDatabaseKinds())('IrisStatisticsCache (%s)', (kind) => {
  let database: Database;
  let irisCodes: string[];

  beforeAll(async () => {
    database = await openDemoDatabase(kind);
    const { rows } = await database.query<{ code: string }>(
      `SELECT code FROM iris WHERE commune_code = '75111' ORDER BY code LIMIT 6`,
    );
    irisCodes = rows.map((row) => row.code);
  });
  afterAll(() => database?.close());

  it('gives the rows of the database, parsed, and reads each IRIS once while the datasets stay the same', async () => {
    expect(irisCodes).toHaveLength(6);
    const expected = (await selectStatistics(database, irisCodes)).map((row) => ({
      base: row.base,
      vintage: Number(row.vintage),
      iris_code: row.iris_code,
      values: JSON.parse(row.values_json) as unknown,
    }));
    expect(new Set(expected.map((row) => row.iris_code)).size).toBe(6);

    const cache = new IrisStatisticsCache();
    const { queryable, reads } = counting(database);
    // An IRIS without figures gives no rows and is not asked again either.
    expect(await cache.statistics(queryable, 'stamp-1', [...irisCodes.slice(0, 3), '999999999'])).toEqual(
      expected.filter((row) => irisCodes.slice(0, 3).includes(row.iris_code)),
    );
    expect(reads()).toBe(1);
    expect(await cache.statistics(queryable, 'stamp-1', [...irisCodes, '999999999'])).toEqual(expected);
    expect(reads()).toBe(2);
    expect(await cache.statistics(queryable, 'stamp-1', irisCodes)).toEqual(expected);
    expect(reads()).toBe(2);
    expect(cache.size.iris).toBe(7);

    // Another load stamp (a new import): read again.
    expect(await cache.statistics(queryable, 'stamp-2', irisCodes)).toEqual(expected);
    expect(reads()).toBe(3);
  });

  it('keeps rows that nobody can change, and drops the least recently used IRIS beyond its size', async () => {
    const cache = new IrisStatisticsCache(1);
    const rows = await cache.statistics(database, 'stamp', irisCodes.slice(0, 2));
    expect(rows.length).toBeGreaterThan(0);
    const first = rows[0] as { values: Record<string, number | null> };
    expect(() => {
      first.values.P99_POP = 1;
    }).toThrow(TypeError);
    expect(cache.size.iris).toBe(0);
  });
});
