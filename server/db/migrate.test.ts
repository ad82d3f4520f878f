import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmptyDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from './Database';
import { migrate, readMigrations } from './migrate';

describe.each(testDatabaseKinds())('migrate on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
  });
  afterAll(() => database.close());

  it('records every migration and applies nothing the second time', async () => {
    const { rows } = await database.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((row) => row.version)).toEqual(readMigrations().map((migration) => migration.version));
    expect(await migrate(database)).toEqual([]);
  });

  it('applies a new migration in a transaction and leaves nothing behind when it fails', async () => {
    const broken = [{ version: '9998_broken', sql: 'CREATE TABLE half_done (id int); SELECT * FROM missing_table;' }];
    await expect(migrate(database, broken)).rejects.toThrow();
    const { rows } = await database.query<{ exists: boolean }>("SELECT to_regclass('half_done') IS NOT NULL AS exists");
    expect(rows[0]?.exists).toBe(false);
    expect(await migrate(database, [{ version: '9999_fine', sql: 'CREATE TABLE fine (id int);' }])).toEqual([
      '9999_fine',
    ]);
  });
});
