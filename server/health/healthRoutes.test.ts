import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { blankPgliteDump, openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import { buildTestApp } from '../../tests/support/testApp';
import type { Database } from '../db/Database';
import { openPgliteThread } from '../db/openPgliteThread';
import { openPostgres } from '../db/openPostgres';
import { HEALTH_DATABASE_WAIT_MS, HEALTH_READING_FRESH_MS, healthRoutes } from './healthRoutes';

/** The demo database behind a gate: while `held`, its statements wait; `busy` is what it says of itself. */
function gated(database: Database) {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  let queried!: () => void;
  const firstHeldQuery = new Promise<void>((resolve) => (queried = resolve));
  const state = { held: false, busy: false };
  const wrapped: Database = {
    ...database,
    async query(sql, params) {
      if (state.held) {
        queried();
        await opened;
      }
      return database.query(sql, params);
    },
    busy: () => state.busy,
  };
  return { wrapped, state, release, firstHeldQuery };
}

describe.each(testDatabaseKinds())('/api/health while the %s database is taken', (kind) => {
  let database: Database;
  let gate: ReturnType<typeof gated>;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openDemoDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });
  afterEach(async () => {
    vi.useRealTimers();
    gate.release();
    await app.close();
  });

  async function firstReading() {
    gate = gated(database);
    app = await buildTestApp(gate.wrapped, { routeModules: [healthRoutes] });
    // Timers frozen: an answer that waited for the database's grace period would never come.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const first = await app.inject('/api/health');
    expect(first.statusCode).toBe(200);
    expect(first.json()).not.toHaveProperty('database_busy');
    vi.advanceTimersByTime(HEALTH_READING_FRESH_MS + 1);
    gate.state.held = true;
    return first.json() as { postgis: string; datasets: unknown[] };
  }

  it('answers its last reading at once, marked busy, when the database says every connection is taken', async () => {
    const first = await firstReading();
    expect(first.datasets.length).toBeGreaterThan(0);
    gate.state.busy = true;
    const second = await app.inject('/api/health');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ ...first, database_busy: true });
  });

  it('waits its grace period for a database that does not say it is busy, then answers the last reading', async () => {
    const first = await firstReading();
    let answered = false;
    const second = app.inject('/api/health').then((response) => {
      answered = true;
      return response;
    });
    await gate.firstHeldQuery;
    await vi.advanceTimersByTimeAsync(HEALTH_DATABASE_WAIT_MS - 1);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await second).json()).toEqual({ ...first, database_busy: true });
  });
});

describe('what a database says of itself', () => {
  it('PGlite in its thread: busy while a statement runs or waits', { timeout: 120_000 }, async () => {
    const thread = await openPgliteThread(blankPgliteDump());
    try {
      expect(thread.busy?.()).toBe(false);
      const sleeping = thread.query('SELECT pg_sleep(0.2)');
      expect(thread.busy?.()).toBe(true);
      await sleeping;
      expect(thread.busy?.()).toBe(false);
    } finally {
      await thread.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL: busy while every connection of the pool is taken', async () => {
    const pool = await openPostgres({ connectionString: process.env.TEST_DATABASE_URL as string, maxConnections: 1 });
    try {
      expect(pool.busy?.()).toBe(false);
      const sleeping = pool.query('SELECT pg_sleep(0.2)');
      await vi.waitFor(() => expect(pool.busy?.()).toBe(true));
      await sleeping;
      expect(pool.busy?.()).toBe(false);
    } finally {
      await pool.close();
    }
  });
});
