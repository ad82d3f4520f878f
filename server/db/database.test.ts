import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmptyDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from './Database';

describe.each(testDatabaseKinds())('Database on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
    await database.exec('CREATE TABLE sample (id integer PRIMARY KEY, label text, amount bigint, day date)');
  });
  afterAll(() => database.close());

  it('reports its engine and has PostGIS, pg_trgm and unaccent', async () => {
    expect(database.kind).toBe(kind);
    const { rows } = await database.query<{ point: string; plain: string; similarity: number }>(
      `SELECT ST_AsText(ST_Transform(ST_SetSRID(ST_MakePoint(652000, 6862000), 2154), 4326)) AS point,
              unaccent('Élysée') AS plain, similarity('rivoli', 'rivol') AS similarity`,
    );
    expect(rows[0]?.point).toMatch(/^POINT\(2\.345\d+ 48\.856\d+\)$/);
    expect(rows[0]?.plain).toBe('Elysee');
    expect(rows[0]?.similarity).toBeGreaterThan(0.5);
  });

  it('loads CSV batches with COPY, keeping empty strings apart from NULL', async () => {
    const loaded = await database.copyFrom(
      'sample',
      ['id', 'label', 'amount', 'day'],
      '1,"a, b",9007199254740,2024-02-29\n2,"",,\n3,,5,\n',
    );
    expect(loaded).toBe(3);
    const { rows } = await database.query<{
      id: number;
      label: string | null;
      amount: number | null;
      day: string | null;
    }>('SELECT id, label, amount, day FROM sample ORDER BY id');
    expect(rows).toEqual([
      { id: 1, label: 'a, b', amount: 9007199254740, day: '2024-02-29' },
      { id: 2, label: '', amount: null, day: null },
      { id: 3, label: null, amount: 5, day: null },
    ]);
  });

  it('rolls a failed transaction back entirely', async () => {
    await expect(
      database.transaction(async (transaction) => {
        await transaction.query("INSERT INTO sample (id, label) VALUES (10, 'kept?')");
        await transaction.copyFrom('sample', ['id', 'label'], '11,x\n');
        await transaction.query("INSERT INTO sample (id, label) VALUES (10, 'duplicate')");
      }),
    ).rejects.toThrow();
    const { rows } = await database.query<{ count: number }>('SELECT count(*) AS count FROM sample WHERE id >= 10');
    expect(rows[0]?.count).toBe(0);
  });

  it('commits a successful transaction and returns its value', async () => {
    const value = await database.transaction(async (transaction) => {
      await transaction.query("INSERT INTO sample (id, label) VALUES (20, 'ok')");
      return 'done';
    });
    expect(value).toBe('done');
    const { rows } = await database.query<{ label: string }>('SELECT label FROM sample WHERE id = 20');
    expect(rows[0]?.label).toBe('ok');
  });
});
