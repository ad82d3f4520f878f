import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { storedZoneSchema } from '../../kernel/zones/zoneSchemas';
import { openEmptyDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';
import { transferUserZones } from './zonesRepository';

const square = (west: number, south: number, size: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [west, south],
      [west + size, south],
      [west + size, south + size],
      [west, south + size],
      [west, south],
    ],
  ],
});

const zoneBody = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Zone ${id}`,
  address: '10 Rue de Rivoli 75004 Paris',
  coordinates: [2.356, 48.855],
  transportMode: 'walking',
  travelTime: 15,
  zoneType: 'time',
  zoneDistance: 1000,
  departureTime: null,
  geometry: { type: 'Feature', geometry: square(2.35, 48.85, 0.01), properties: { source: 'test' } },
  properties: { kind: 'isochrone' },
  ...extra,
});

const cookieOf = (setCookie: string | string[] | undefined) => {
  const header = Array.isArray(setCookie) ? setCookie.join(';') : (setCookie ?? '');
  const match = /anonymous_zone_id=([^;]+)/.exec(header);
  return match ? `anonymous_zone_id=${match[1]}` : undefined;
};

describe.each(testDatabaseKinds())('/api/user-zones on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let limitedApp: FastifyInstance;
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
    const config = loadConfig({ LOG_LEVEL: 'silent', TILE_CACHE_DIR: 'off', ANONYMOUS_ZONE_LIMIT: '10' });
    app = await buildApp({ database, config }, { logger: false });
    limitedApp = await buildApp({ database, config: { ...config, anonymousZoneLimit: 1 } }, { logger: false });
  });
  afterAll(async () => {
    await app.close();
    await limitedApp.close();
    await database.close();
  });

  it('gives an anonymous visitor a cookie on the first save, then keeps their zones apart', async () => {
    expect((await app.inject('/api/user-zones')).json()).toEqual([]);
    const created = await app.inject({ method: 'POST', url: '/api/user-zones', payload: zoneBody('a') });
    expect(created.statusCode, created.body).toBe(201);
    const cookie = cookieOf(created.headers['set-cookie']);
    expect(cookie).toMatch(/^anonymous_zone_id=[0-9a-f-]{36}$/);
    expect(String(created.headers['set-cookie'])).toContain('HttpOnly');
    const zone = storedZoneSchema.parse(created.json());
    expect(zone).toMatchObject({
      id: 'a',
      coordinates: [2.356, 48.855],
      transportMode: 'walking',
      travelTime: 15,
      color: '#3B82F6',
      geometry: { type: 'Feature', properties: { source: 'test' } },
      properties: { kind: 'isochrone' },
    });

    const second = await app.inject({
      method: 'POST',
      url: '/api/user-zones',
      headers: { cookie: cookie as string },
      payload: zoneBody('b', { departureTime: '2026-11-23T08:00:00+02:00' }),
    });
    expect(second.statusCode).toBe(201);
    expect(second.headers['set-cookie']).toBeUndefined();
    // Second zone: the second colour of the cycle; the departure time comes back in UTC.
    expect(second.json()).toMatchObject({ color: '#EF4444', departureTime: '2026-11-23T06:00:00Z' });

    const list = await app.inject({
      url: '/api/user-zones?include_geometry=true',
      headers: { cookie: cookie as string },
    });
    expect(list.json<{ id: string }[]>().map((item) => item.id)).toEqual(['a', 'b']);
    const light = await app.inject({
      url: '/api/user-zones?include_geometry=false',
      headers: { cookie: cookie as string },
    });
    expect(light.json<{ geometry: unknown }[]>()[0]?.geometry).toBeNull();

    // Another visitor sees nothing of them.
    const other = await app.inject({ method: 'POST', url: '/api/user-zones', payload: zoneBody('c') });
    const otherCookie = cookieOf(other.headers['set-cookie']) as string;
    expect(otherCookie).not.toBe(cookie);
    const otherList = await app.inject({ url: '/api/user-zones', headers: { cookie: otherCookie } });
    expect(otherList.json<{ id: string }[]>().map((item) => item.id)).toEqual(['c']);
    // A forged cookie is ignored.
    expect((await app.inject({ url: '/api/user-zones', headers: { cookie: 'anonymous_zone_id=x' } })).json()).toEqual(
      [],
    );

    // The stored PostGIS geometry is the feature's.
    const { rows } = await database.query<{ area: number }>(
      `SELECT ST_Area(geometry) AS area FROM user_zones WHERE id = 'a'`,
    );
    expect(rows[0]?.area).toBeCloseTo(0.0001, 8);
  });

  it('deletes one zone, then all, and answers 404 for an unknown one', async () => {
    const first = await app.inject({ method: 'POST', url: '/api/user-zones', payload: zoneBody('x') });
    const cookie = cookieOf(first.headers['set-cookie']) as string;
    await app.inject({ method: 'POST', url: '/api/user-zones', headers: { cookie }, payload: zoneBody('y') });
    await app.inject({ method: 'POST', url: '/api/user-zones', headers: { cookie }, payload: zoneBody('z') });
    expect((await app.inject({ method: 'DELETE', url: '/api/user-zones/y', headers: { cookie } })).statusCode).toBe(
      204,
    );
    const missing = await app.inject({ method: 'DELETE', url: '/api/user-zones/y', headers: { cookie } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Zone introuvable : y', code: 'NOT_FOUND' });
    const list = await app.inject({ url: '/api/user-zones', headers: { cookie } });
    expect(list.json<{ id: string }[]>().map((item) => item.id)).toEqual(['x', 'z']);
    const cleared = await app.inject({ method: 'DELETE', url: '/api/user-zones', headers: { cookie } });
    expect(cleared.json()).toEqual({ deleted: 2 });
    expect((await app.inject({ url: '/api/user-zones', headers: { cookie } })).json()).toEqual([]);
  });

  it('keeps an anonymous visitor to one zone by default (saving it again is allowed)', async () => {
    const first = await limitedApp.inject({ method: 'POST', url: '/api/user-zones', payload: zoneBody('only') });
    expect(first.statusCode).toBe(201);
    const cookie = cookieOf(first.headers['set-cookie']) as string;
    const again = await limitedApp.inject({
      method: 'POST',
      url: '/api/user-zones',
      headers: { cookie },
      payload: zoneBody('only', { name: 'Renommée' }),
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ name: 'Renommée' });
    const refused = await limitedApp.inject({
      method: 'POST',
      url: '/api/user-zones',
      headers: { cookie },
      payload: zoneBody('two'),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      detail: 'Limite atteinte. Passez à une offre supérieure pour continuer.',
      code: 'ZONE_LIMIT_REACHED',
    });
  });

  it('validates the body field by field', async () => {
    const noGeometry = await app.inject({
      method: 'POST',
      url: '/api/user-zones',
      payload: { ...zoneBody('v'), geometry: null },
    });
    expect(noGeometry.statusCode).toBe(400);
    expect(noGeometry.json<{ detail: string }>().detail).toContain('« geometry »');
    const badMode = await app.inject({
      method: 'POST',
      url: '/api/user-zones',
      payload: zoneBody('v', { transportMode: 'plane' }),
    });
    expect(badMode.json<{ detail: string }>().detail).toContain('« transportMode »');
    const badPoint = await app.inject({
      method: 'POST',
      url: '/api/user-zones',
      payload: zoneBody('v', { coordinates: [200, 48] }),
    });
    expect(badPoint.statusCode).toBe(400);
    expect((await app.inject('/api/user-zones?include_geometry=maybe')).statusCode).toBe(400);
  });

  it('gives an anonymous visitor’s zones to a user (accounts)', async () => {
    const first = await app.inject({ method: 'POST', url: '/api/user-zones', payload: zoneBody('mine') });
    const anonymousId = (cookieOf(first.headers['set-cookie']) as string).split('=')[1] as string;
    const moved = await transferUserZones(database, { kind: 'anonymous', id: anonymousId }, { kind: 'user', id: '42' });
    expect(moved).toBe(1);
    const { rows } = await database.query<{ owner_kind: string; owner_id: string }>(
      `SELECT owner_kind, owner_id FROM user_zones WHERE id = 'mine'`,
    );
    expect(rows).toEqual([{ owner_kind: 'user', owner_id: '42' }]);
  });
});
