import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/Database';
import { openEmptyDatabase } from '../../tests/support/testDatabase';
import { AnswerCache } from './AnswerCache';

describe('AnswerCache', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openEmptyDatabase('pglite');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('computes one answer per request, shared by requests arriving meanwhile, until datasets are loaded again', async () => {
    const cache = new AnswerCache<{ zone: string; run: number }>();
    let runs = 0;
    const compute = (zone: string) => async () => ({ zone, run: ++runs });

    const [first, second] = await Promise.all([
      cache.get(database, ['75111'], compute('75111')),
      cache.get(database, ['75111'], compute('75111')),
    ]);
    expect(first).toEqual({ zone: '75111', run: 1 });
    expect(second).toBe(first);
    expect(await cache.get(database, ['75111'], compute('75111'))).toBe(first);
    expect(await cache.get(database, ['75112'], compute('75112'))).toEqual({ zone: '75112', run: 2 });

    // A dataset loaded (an import): the answers computed before are stale.
    await database.query(
      `INSERT INTO datasets (source, territory, vintage, label, row_count, checksum, duration_ms)
       VALUES ('dvf', '75', '2025', 'DVF', 1, 'x', 1)`,
    );
    expect(await cache.get(database, ['75111'], compute('75111'))).toEqual({ zone: '75111', run: 3 });
    expect(cache.stats()).toEqual({ entries: 3, hits: 2, misses: 3 });
  });

  it('keeps no failed computation, and holds at most its number of entries', async () => {
    const cache = new AnswerCache<{ value: number }>({ maxEntries: 2 });
    await expect(cache.get(database, 'a', () => Promise.reject(new Error('délai dépassé')))).rejects.toThrow(
      'délai dépassé',
    );
    expect(await cache.get(database, 'a', async () => ({ value: 1 }))).toEqual({ value: 1 });
    await cache.get(database, 'b', async () => ({ value: 2 }));
    await cache.get(database, 'c', async () => ({ value: 3 }));
    expect(cache.stats().entries).toBe(2);
    expect(await cache.get(database, 'a', async () => ({ value: 4 }))).toEqual({ value: 4 });
  });
});
