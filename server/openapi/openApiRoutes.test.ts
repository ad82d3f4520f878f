import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../../tests/support/testApp';
import { openEmptyDatabase } from '../../tests/support/testDatabase';
import type { RouteModule } from '../AppContext';
import type { Database } from '../db/Database';
import { parseInput } from '../http/parseInput';
import { ROUTE_MODULES } from '../routeModules';
import { documented } from './documented';
import { openApiPath, type OpenApiDocument } from './openApiDocument';

interface RegisteredRoute {
  method: string;
  url: string;
}

/** A route module that records, with Fastify's own `onRoute` hook, every route registered after it. */
function routeRecorder(routes: RegisteredRoute[]): RouteModule {
  return (app) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
    });
  };
}

let database: Database;
beforeAll(async () => {
  database = await openEmptyDatabase('pglite');
});
afterAll(async () => {
  await database.close();
});

describe('OpenAPI document of the API', () => {
  const registered: RegisteredRoute[] = [];
  let app: FastifyInstance;
  let document: OpenApiDocument;
  beforeAll(async () => {
    app = await buildTestApp(database, { routeModules: [routeRecorder(registered), ...ROUTE_MODULES] });
    await app.ready();
    const response = await app.inject('/api/docs/openapi.json');
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists every registered /api route with its method', () => {
    expect(registered.length).toBeGreaterThan(40);
    const missing = registered
      .filter((route) => document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    const documentedCount = Object.values(document.paths).reduce(
      (sum, methods) => sum + Object.keys(methods).length,
      0,
    );
    expect(documentedCount).toBe(registered.length);
  });

  it('is OpenAPI 3.1 with the request and response schemas of the zod contracts', () => {
    expect(document.openapi).toBe('3.1.0');
    const communes = document.paths['/api/admin-zones/communes']?.get;
    expect(communes?.parameters).toEqual([
      expect.objectContaining({ name: 'department', in: 'query', required: true }),
      expect.objectContaining({
        name: 'limit',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ maximum: 5000 }),
      }),
    ]);
    const generate = document.paths['/api/isochrone/generate']?.post;
    expect(generate?.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { transportMode: expect.any(Object), coordinates: expect.any(Object) },
    });
    expect(generate?.responses['200']?.content?.['application/json']?.schema).toMatchObject({ type: 'object' });
    const zoneDelete = document.paths['/api/user-zones/{id}']?.delete;
    expect(zoneDelete?.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(Object.keys(zoneDelete?.responses ?? {})).toContain('204');
    const tile = document.paths['/api/basemap/{z}/{x}/{y}.mvt']?.get;
    expect(Object.keys(tile?.responses['200']?.content ?? {})).toEqual(['application/vnd.mapbox-vector-tile']);
    const statistics = document.paths['/api/v1/real-estate/zone-statistics']?.post;
    expect(Object.keys(statistics?.responses['200']?.content ?? {})).toEqual([
      'application/json',
      'application/vnd.apache.arrow.stream',
    ]);
  });

  it('serves a readable page at /api/docs', async () => {
    const response = await app.inject('/api/docs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).toContain('/api/admin-zones/communes');
    expect(response.body).toContain('Communes d’un département');
  });
});

describe('a route without documentation', () => {
  it('is left out of the document, so the listing test above fails for it', async () => {
    const registered: RegisteredRoute[] = [];
    const schema = z.object({ name: z.string() });
    const modules: RouteModule[] = [
      routeRecorder(registered),
      (app) => {
        app.post(
          '/documented',
          documented({ tag: 'test', summary: 'Documentée', body: schema, response: schema }),
          (request) => parseInput(schema, request.body, 'body'),
        );
        app.get('/undocumented', () => ({ ok: true }));
      },
    ];
    const app = await buildTestApp(database, { routeModules: modules });
    try {
      const document = (await app.inject('/api/docs/openapi.json')).json<OpenApiDocument>();
      const missing = registered.filter(
        (route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()],
      );
      expect(missing).toEqual([{ method: 'GET', url: '/api/undocumented' }]);
      expect(document.paths['/api/documented']?.post?.summary).toBe('Documentée');
    } finally {
      await app.close();
    }
  });
});
