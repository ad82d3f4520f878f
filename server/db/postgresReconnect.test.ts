import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../tests/support/testApp';
import { testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from './Database';
import { migrate } from './migrate';
import { openPostgres } from './openPostgres';

const RECOVERY_LIMIT_MS = 10_000;

function zone(id: string) {
  const ring = [
    [2.35, 48.85],
    [2.36, 48.85],
    [2.36, 48.86],
    [2.35, 48.85],
  ];
  return {
    id,
    name: `Zone ${id}`,
    coordinates: [2.355, 48.855],
    geometry: { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } },
  };
}

/**
 * The PostgreSQL connections of the server are cut (`pg_terminate_backend`, as a database restart
 * does): the API answers again by itself, and every zone acknowledged before is still there.
 */
describe.skipIf(!testDatabaseKinds().includes('postgresql'))('PostgreSQL connections lost and back', () => {
  const applicationName = `zonalyse-reconnect-${randomUUID().slice(0, 8)}`;
  const schema = `test_reconnect_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let database: Database;
  let administration: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.searchParams.set('application_name', applicationName);
    database = await openPostgres({ connectionString: url.toString(), schema, maxConnections: 4 });
    await migrate(database);
    administration = await openPostgres({
      connectionString: process.env.TEST_DATABASE_URL as string,
      maxConnections: 1,
    });
    app = await buildTestApp(database);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await administration?.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await administration?.close();
  });

  it('answers again within 10 s with every acknowledged zone', async () => {
    const first = await app.inject({ method: 'POST', url: '/api/user-zones', payload: zone('avant-coupure') });
    expect(first.statusCode).toBe(201);
    const cookie = String(first.headers['set-cookie']).split(';')[0] as string;
    // A statement in flight when the connections drop.
    const inFlight = database.query('SELECT pg_sleep(5)').then(
      () => 'terminée',
      () => 'interrompue',
    );
    await expect
      .poll(async () => {
        const { rows } = await administration.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM pg_stat_activity WHERE application_name = $1 AND state = 'active'`,
          [applicationName],
        );
        return rows[0]?.count;
      })
      .toBeGreaterThan(0);

    const { rows: terminated } = await administration.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1) cut`,
      [applicationName],
    );
    expect(terminated[0]?.count).toBeGreaterThan(0);
    const cutAt = performance.now();
    expect(await inFlight).toBe('interrompue');

    let answer = await app.inject({ url: '/api/user-zones', headers: { cookie } });
    while (answer.statusCode !== 200 && performance.now() - cutAt < RECOVERY_LIMIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await app.inject({ url: '/api/user-zones', headers: { cookie } });
    }
    expect(performance.now() - cutAt).toBeLessThan(RECOVERY_LIMIT_MS);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ id: string }[]>().map((saved) => saved.id)).toEqual(['avant-coupure']);

    const health = await app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    const after = await app.inject({
      method: 'POST',
      url: '/api/user-zones',
      headers: { cookie },
      payload: zone('avant-coupure'),
    });
    expect(after.statusCode).toBe(201);
  });

  it('under a load of zone writes, answers again within 10 s and keeps every acknowledged zone', async () => {
    const acknowledged: { id: string; cookie: string }[] = [];
    let failed = 0;
    let cutAt: number | undefined = undefined;
    let firstAfterCut: number | undefined;
    let writing = true;
    const writer = async (writerIndex: number) => {
      for (let index = 0; writing; index += 1) {
        const id = `charge-${writerIndex}-${index}`;
        const answer = await app.inject({ method: 'POST', url: '/api/user-zones', payload: zone(id) });
        if (answer.statusCode === 201) {
          acknowledged.push({ id, cookie: String(answer.headers['set-cookie']).split(';')[0] as string });
          if (cutAt !== undefined && firstAfterCut === undefined) firstAfterCut = performance.now();
        } else failed += 1;
      }
    };
    const writers = [0, 1, 2, 3, 4, 5].map(writer);
    await expect.poll(() => acknowledged.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(20);
    const before = acknowledged.length;
    await administration.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [
      applicationName,
    ]);
    cutAt = performance.now();
    await expect.poll(() => firstAfterCut, { timeout: RECOVERY_LIMIT_MS, interval: 50 }).toBeGreaterThan(cutAt);
    // Writes go on after the first success: the pool has replaced every connection it lost.
    await expect
      .poll(() => acknowledged.length, { timeout: RECOVERY_LIMIT_MS, interval: 50 })
      .toBeGreaterThanOrEqual(before + 20);
    writing = false;
    await Promise.all(writers);
    expect((firstAfterCut as number) - cutAt).toBeLessThan(RECOVERY_LIMIT_MS);

    const { rows } = await database.query<{ id: string }>(
      `SELECT id FROM user_zones WHERE owner_kind = 'anonymous' AND id LIKE 'charge-%'`,
    );
    const stored = new Set(rows.map((row) => row.id));
    expect(acknowledged.filter(({ id }) => !stored.has(id))).toEqual([]);
    for (const { id, cookie } of acknowledged.slice(0, 10)) {
      const answer = await app.inject({ url: '/api/user-zones', headers: { cookie } });
      expect(answer.json<{ id: string }[]>().map((saved) => saved.id)).toEqual([id]);
    }
    // Only the writes in flight when the connections dropped may have failed.
    expect(failed).toBeLessThan(acknowledged.length);
  });
});
