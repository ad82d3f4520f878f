import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blankPgliteDump } from '../../tests/support/testDatabase';
import { DatabaseTimeoutError } from './DatabaseTimeoutError';
import { openPgliteThread, type PgliteThreadDatabase } from './openPgliteThread';

/** A statement that keeps PGlite busy for many seconds. */
const RUNAWAY = 'SELECT count(*) FROM generate_series(1, 2000000000)';

describe('openPgliteThread', () => {
  const folders: string[] = [];
  const opened: PgliteThreadDatabase[] = [];
  afterAll(async () => {
    for (const database of opened) await database.close().catch(() => undefined);
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  // Opening PGlite with PostGIS takes seconds, and much longer on a loaded machine.
  it('answers statements and transactions like the in-process database', { timeout: 300_000 }, async () => {
    const database = await openPgliteThread(blankPgliteDump());
    opened.push(database);
    await database.exec('CREATE TABLE zone (id int PRIMARY KEY, name text)');
    await database.transaction(async (transaction) => {
      await transaction.query('INSERT INTO zone VALUES ($1, $2)', [1, 'Paris 11e']);
      await transaction.copyFrom('zone', ['id', 'name'], '2,Paris 12e\n');
    });
    await expect(
      database.transaction(async (transaction) => {
        await transaction.query('INSERT INTO zone VALUES ($1, $2)', [3, 'rejetée']);
        throw new Error('annulée');
      }),
    ).rejects.toThrow('annulée');
    const { rows } = await database.query<{ id: number; name: string }>('SELECT id, name FROM zone ORDER BY id');
    expect(rows).toEqual([
      { id: 1, name: 'Paris 11e' },
      { id: 2, name: 'Paris 12e' },
    ]);
    await expect(database.query('SELECT * FROM missing_table')).rejects.toThrow(/missing_table/);
  });

  it(
    'keeps the main thread free while a statement runs, then stops it at the limit and reopens',
    { timeout: 600_000 },
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'zonalyse-thread-'));
      folders.push(folder);
      const database = await openPgliteThread({ dataDirectory: folder, ...blankPgliteDump() });
      opened.push(database);
      await database.exec('CREATE TABLE kept (id int)');
      await database.query('INSERT INTO kept VALUES (42)');
      database.statementTimeoutMs = 1500;

      // The event loop keeps turning while PGlite works in its thread (in-process, the WebAssembly call
      // would hold it until the statement ends).
      const started = performance.now();
      let settled = false;
      const pending = database
        .query(RUNAWAY)
        .catch((error: unknown) => error)
        .finally(() => (settled = true));
      for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      const failure = await pending;

      expect(failure).toBeInstanceOf(DatabaseTimeoutError);
      expect(performance.now() - started).toBeGreaterThanOrEqual(1500);
      // Reopened on the same folder: the rows written before are there, and statements run again.
      const { rows } = await database.query<{ id: number }>('SELECT id FROM kept');
      expect(rows).toEqual([{ id: 42 }]);
      expect(database.restarts).toBe(1);
    },
  );

  it('stopped mid-write again and again, the folder stays readable and whole', { timeout: 600_000 }, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'zonalyse-thread-writes-'));
    folders.push(folder);
    const database = await openPgliteThread({ dataDirectory: folder, ...blankPgliteDump() });
    await database.exec('CREATE TABLE kept (id int PRIMARY KEY); CREATE TABLE bulk (id int, padding text)');
    await database.query('INSERT INTO kept SELECT generate_series(1, 1000)');
    database.statementTimeoutMs = 1500;
    for (let round = 0; round < 3; round += 1) {
      // A write that fills pages and the WAL until the thread is stopped in the middle of it.
      await expect(
        database.query(`INSERT INTO bulk SELECT g, repeat('x', 500) FROM generate_series(1, 100000000) g`),
      ).rejects.toBeInstanceOf(DatabaseTimeoutError);
      const { rows } = await database.query<{ kept: number; bulk: number }>(
        'SELECT (SELECT count(*)::int FROM kept) AS kept, (SELECT count(*)::int FROM bulk) AS bulk',
      );
      expect(rows).toEqual([{ kept: 1000, bulk: 0 }]);
    }
    expect(database.restarts).toBe(3);
    await database.close();

    // Opened again from scratch, the folder is whole: the table and its index agree.
    const reopened = await openPgliteThread({ dataDirectory: folder });
    opened.push(reopened);
    await reopened.exec('SET enable_seqscan = off');
    const { rows } = await reopened.query<{ count: number }>('SELECT count(*)::int AS count FROM kept WHERE id > 0');
    expect(rows).toEqual([{ count: 1000 }]);
  });

  it(
    'replaces the thread when a deeply nested value exhausts PGlite’s stack, instead of answering wrong rows',
    { timeout: 300_000 },
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'zonalyse-nested-'));
      folders.push(folder);
      const database = await openPgliteThread({ dataDirectory: folder, ...blankPgliteDump() });
      opened.push(database);
      await database.exec('CREATE TABLE nested (value text)');
      await database.query('INSERT INTO nested VALUES ($1)', [`${'['.repeat(100_000)}${']'.repeat(100_000)}`]);
      // Parsed while the statement executes: PGlite used to swallow the stack overflow and answer no rows,
      // then fail every later statement.
      await expect(database.query('SELECT jsonb_typeof(value::jsonb) AS kind FROM nested')).rejects.toMatchObject({
        code: '54001',
      });
      expect(database.restarts).toBe(1);
      expect((await database.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      expect((await database.query('SELECT count(*)::int AS count FROM nested')).rows).toEqual([{ count: 1 }]);
    },
  );
});
