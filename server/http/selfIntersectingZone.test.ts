import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/Database';
import type { OpenApiDocument } from '../openapi/openApiDocument';
import { buildTestApp } from '../../tests/support/testApp';
import { openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';

/** A bow tie over the 11e: the ring crosses itself once (ST_MakeValid turns it into two triangles). */
const BOW_TIE = {
  type: 'Polygon',
  coordinates: [
    [
      [2.37, 48.855],
      [2.385, 48.865],
      [2.385, 48.855],
      [2.37, 48.865],
      [2.37, 48.855],
    ],
  ],
};

/** What some routes need besides the zone. */
const REQUIRED_BESIDES_ZONE: Record<string, Record<string, unknown>> = {
  '/api/v1/business/division-businesses': { division_code: '56' },
  '/api/v1/business/naf-code-businesses': { naf_code: '56.10A' },
  '/api/v1/elasticsearch/search/polygon': { naf_codes: ['56.10A'] },
  '/api/market/analysis': { coordinates: [2.3775, 48.86] },
};

/** The body that carries a zone geometry on each route taking one, as the client sends it. */
function bodyFor(path: string, properties: readonly string[], geometry: unknown): Record<string, unknown> {
  if (path === '/api/user-zones') {
    return {
      id: 'noeud-papillon',
      name: 'Nœud papillon',
      coordinates: [2.3775, 48.86],
      geometry: { type: 'Feature', properties: {}, geometry },
    };
  }
  // A circle around a point: the zone fields of the shared schema are there, the point is what counts.
  if (path === '/api/real-estate/coordinates') return { coordinates: [2.3775, 48.86], radius: 0.3, geometry };
  const required = REQUIRED_BESIDES_ZONE[path] ?? {};
  if (properties.includes('zone')) return { ...required, zone: { kind: 'geometry', geometry } };
  return { ...required, geometry };
}

/** Every documented POST route whose body may carry a zone geometry (a GeoJSON Polygon). */
function zoneRoutes(document: OpenApiDocument): { path: string; properties: string[] }[] {
  return Object.entries(document.paths).flatMap(([path, methods]) => {
    const schema = (methods as Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>).post
      ?.requestBody?.content['application/json']?.schema as { properties?: Record<string, unknown> } | undefined;
    if (!schema || !JSON.stringify(schema).includes('"Polygon"')) return [];
    return [{ path, properties: Object.keys(schema.properties ?? {}) }];
  });
}

/**
 * A self-intersecting polygon (a bow tie) sent to every route that takes a zone: repaired (ST_MakeValid,
 * the answer covers the two triangles) or refused with a French 400 naming the geometry — never a 5xx.
 */
describe.each(testDatabaseKinds())('a self-intersecting zone on every zone route (%s)', (kind) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openDemoDatabase(kind);
    app = await buildTestApp(database);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('is repaired or refused in French on each of them', async () => {
    const routes = zoneRoutes((await app.inject('/api/docs/openapi.json')).json<OpenApiDocument>());
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        '/api/v1/userzone-demographics/analyze',
        '/api/v1/real-estate/zone-statistics',
        '/api/v1/business/zone-statistics',
        '/api/public-services/zone-analysis',
        '/api/user-zones',
      ]),
    );
    for (const route of routes) {
      const response = await app.inject({
        method: 'POST',
        url: route.path,
        payload: bodyFor(route.path, route.properties, BOW_TIE),
      });
      if (response.statusCode === 400) {
        const body = response.json<{ detail: string }>();
        expect(body.detail, route.path).toMatch(/géométrie|geometry|zone/i);
      } else {
        expect([200, 201], `${route.path}: ${response.body.slice(0, 300)}`).toContain(response.statusCode);
      }
      if (route.path === '/api/user-zones' && response.statusCode === 201) {
        const cookie = String(response.headers['set-cookie']).split(';')[0] as string;
        const removed = await app.inject({
          method: 'DELETE',
          url: '/api/user-zones/noeud-papillon',
          headers: { cookie },
        });
        expect(removed.statusCode).toBe(204);
      }
    }
  });

  it('refuses at once, in French, a polygon crossing itself too often to be repaired cheaply', async () => {
    // A star {101/50}: 101 × 49 crossings, seconds of repair in the database.
    const ring: number[][] = [];
    for (let index = 0; index < 101; index += 1) {
      const angle = (2 * Math.PI * ((index * 50) % 101)) / 101;
      ring.push([2.35 + 0.02 * Math.cos(angle), 48.86 + 0.02 * Math.sin(angle)]);
    }
    ring.push(ring[0] as number[]);
    const star = { type: 'Polygon', coordinates: [ring] };
    const routes = zoneRoutes((await app.inject('/api/docs/openapi.json')).json<OpenApiDocument>());
    for (const route of routes) {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: route.path,
        payload: bodyFor(route.path, route.properties, star),
      });
      expect(response.statusCode, `${route.path}: ${response.body.slice(0, 300)}`).toBe(400);
      expect(response.json<{ detail: string }>().detail, route.path).toMatch(/se recoupe plus de 500 fois/);
      expect(performance.now() - started, route.path).toBeLessThan(2_000);
    }
  });

  it('analyses the repaired bow tie as its two triangles', async () => {
    const triangles = {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [2.37, 48.855],
            [2.3775, 48.86],
            [2.37, 48.865],
            [2.37, 48.855],
          ],
        ],
        [
          [
            [2.385, 48.855],
            [2.385, 48.865],
            [2.3775, 48.86],
            [2.385, 48.855],
          ],
        ],
      ],
    };
    const analyse = async (geometry: unknown) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/business/zone-statistics',
          payload: { geometry },
        })
      ).json<{ total_businesses: number }>().total_businesses;
    const bowTie = await analyse(BOW_TIE);
    expect(bowTie).toBeGreaterThan(0);
    expect(bowTie).toBe(await analyse(triangles));
  });
});
