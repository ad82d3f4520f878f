import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDemoDatabase, openEmptyDatabase, testDatabaseKinds } from '../tests/support/testDatabase';
import { buildTestApp } from '../tests/support/testApp';
import type { RouteModule } from './AppContext';
import type { Database } from './db/Database';
import { conflict, forbidden, tooManyRequests, unauthorized } from './http/HttpError';
import { parseInput } from './http/parseInput';
import { ROUTE_MODULES } from './routeModules';

const failingRoutes: RouteModule = (app) => {
  app.get('/test/limit', async (request) => {
    const query = parseInput(z.object({ limit: z.coerce.number().int().min(1).max(100) }), request.query, 'query');
    return { limit: query.limit };
  });
  app.post('/test/body', async (request) => parseInput(z.object({ name: z.string().min(2) }), request.body, 'body'));
  app.get('/test/401', async () => Promise.reject(unauthorized()));
  app.get('/test/403', async () => Promise.reject(forbidden()));
  app.get('/test/409', async () => Promise.reject(conflict('Cette zone existe déjà')));
  app.get('/test/429', async () => Promise.reject(tooManyRequests()));
  app.get('/test/crash', async () => Promise.reject(new Error('secret internal detail at /srv/app.ts:12')));
};

describe.each(testDatabaseKinds())('API shell on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openDemoDatabase(kind);
    const client = mkdtempSync(join(tmpdir(), 'zonalyse-client-'));
    writeFileSync(join(client, 'index.html'), '<!doctype html><title>Zonalyse</title>');
    app = await buildTestApp(database, { clientDirectory: client, routeModules: [...ROUTE_MODULES, failingRoutes] });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers /api/health with the engine, PostGIS and the imported datasets', async () => {
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      status: string;
      database: string;
      postgis: string;
      datasets: { source: string; rows: number }[];
    }>();
    expect(body.status).toBe('ok');
    expect(body.database).toBe(kind);
    expect(body.postgis).toMatch(/^3\./);
    expect(body.datasets.find((dataset) => dataset.source === 'admin-regions')?.rows).toBe(18);
    expect(body.datasets.find((dataset) => dataset.source === 'admin-departements')?.rows).toBe(101);
  });

  it('answers /api/sirene/health: healthy with the establishments of the demo territory', async () => {
    const response = await app.inject('/api/sirene/health');
    expect(response.statusCode).toBe(200);
    const { rows } = await database.query<{ total: number }>('SELECT count(*)::int AS total FROM establishments');
    expect(rows[0]?.total).toBeGreaterThan(0);
    expect(response.json()).toMatchObject({ status: 'healthy', establishments: rows[0]?.total });
    expect(response.json()).not.toHaveProperty('detail');
  });

  it('names the invalid field in a 400', async () => {
    const query = await app.inject('/api/test/limit?limit=abc');
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      detail: expect.stringContaining('« limit »') as string,
    });
    const body = await app.inject({ method: 'POST', url: '/api/test/body', payload: { name: 'x' } });
    expect(body.statusCode).toBe(400);
    expect(body.json<{ detail: string }>().detail).toContain('« name »');
    const badJson = await app.inject({
      method: 'POST',
      url: '/api/test/body',
      payload: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('gives every failure the {detail, code} body with its status', async () => {
    for (const [path, status, code] of [
      ['/api/test/401', 401, 'UNAUTHORIZED'],
      ['/api/test/403', 403, 'FORBIDDEN'],
      ['/api/test/409', 409, 'CONFLICT'],
      ['/api/test/429', 429, 'RATE_LIMITED'],
      ['/api/missing', 404, 'NOT_FOUND'],
    ] as const) {
      const response = await app.inject(path);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ detail: expect.any(String) as string, code });
    }
  });

  it('hides the message and stack of an unexpected error', async () => {
    const response = await app.inject('/api/test/crash');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Erreur interne du serveur', code: 'INTERNAL_ERROR' });
    expect(response.body).not.toContain('secret');
  });

  it('serves index.html for the SPA routes, not for the API or missing files', async () => {
    for (const path of ['/map', '/settings', '/pricing', '/subscription', '/verify-email?token=x', '/']) {
      const response = await app.inject(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    }
    expect((await app.inject('/assets/missing.js')).statusCode).toBe(404);
  });
});

describe.each(testDatabaseKinds())('Sirene health on an empty %s database', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers /api/sirene/health: unhealthy, with the command to run', async () => {
    const response = await app.inject('/api/sirene/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'unhealthy',
      establishments: 0,
      counted: 0,
      sources: [],
      datasets: [],
      detail: 'Aucun établissement importé : lancez npm run data:import',
    });
  });
});
