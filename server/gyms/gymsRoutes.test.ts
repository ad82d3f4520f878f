import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gym, GymSearch } from '../../kernel/gyms/gymSchemas';
import { buildTestApp } from '../../tests/support/testApp';
import { openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';

/** Place de la République. */
const REPUBLIQUE: [number, number] = [2.3631, 48.8675];

describe.each(testDatabaseKinds())('gyms endpoints on %s', (kind) => {
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

  const search = (payload: object) => app.inject({ method: 'POST', url: '/api/gyms/search', payload });

  it('finds the 93.13Z gyms within the distance, nearest first', async () => {
    const response = await search({ coordinates: REPUBLIQUE, maxDistance: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<GymSearch>();
    expect(body.gyms.length).toBeGreaterThan(0);
    expect(body.gyms.every((gym) => gym.naf_code === '93.13Z' && (gym.distance_km ?? 99) <= 1)).toBe(true);
    const distances = body.gyms.map((gym) => gym.distance_km ?? 99);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // The default reach (10 km) holds at least as many.
    const wide = (await search({ coordinates: REPUBLIQUE })).json<GymSearch>();
    expect(wide.total_count).toBeGreaterThanOrEqual(body.total_count);
  });

  it('filters by chain with the chains the names reveal, and serves one gym by id', async () => {
    const chains = (await app.inject({ method: 'GET', url: '/api/gyms/chains' })).json<{
      chains: { key: string; count: number }[];
      independent_count: number;
    }>();
    // Every gym is of one recognised chain or independent (the demo territory may hold no chain at all).
    const all = (await search({ limit: 1 })).json<GymSearch>();
    const chained = chains.chains.reduce((sum, chain) => sum + chain.count, 0);
    expect(chained + chains.independent_count).toBe(all.total_count);
    const largest = [...chains.chains].sort((a, b) => b.count - a.count)[0];
    const body = (await search({ chains: [largest?.key], limit: 500 })).json<GymSearch>();
    expect(body.total_count).toBe(largest?.count);
    expect(body.gyms.every((gym) => gym.chain === largest?.key)).toBe(true);
    const independent = (await search({ independent_only: true, limit: 500 })).json<GymSearch>();
    expect(independent.total_count).toBe(chains.independent_count);
    expect(independent.gyms.every((gym) => gym.chain === null)).toBe(true);

    const first = (body.gyms[0] ?? independent.gyms[0]) as Gym;
    const one = await app.inject({ method: 'GET', url: `/api/gyms/${encodeURIComponent(first.id)}` });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<Gym>().name).toBe(first.name);
    const brands = (await app.inject({ method: 'GET', url: '/api/gyms/brands' })).json<{
      brands: { count: number }[];
    }>();
    expect(brands.brands.length).toBeGreaterThan(0);
  });

  it('answers 404 for an establishment that is not a gym, and 400 naming the field for bad filters', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/gyms/inconnu' })).statusCode).toBe(404);
    for (const [payload, field] of [
      [{ chains: ['licornes'] }, 'chains'],
      [{ maxDistance: 500 }, 'maxDistance'],
      [{ minRating: 4 }, 'minRating'],
    ] as const) {
      const response = await search(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ detail: string }>().detail).toContain(`« ${field}`);
    }
  });
});
