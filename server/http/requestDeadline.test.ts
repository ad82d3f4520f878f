import { randomUUID } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database, DatabaseKind } from '../db/Database';
import { openPgliteThread } from '../db/openPgliteThread';
import { openPostgres } from '../db/openPostgres';
import { statementTimeoutFor } from '../db/openDatabase';
import { testDatabaseKinds } from '../../tests/support/testDatabase';

/**
 * Short, so that the costly requests (most of which run into it) keep this file quick; the server's
 * default is longer, and the promise tested is the same: an answer within the deadline.
 */
const DEADLINE_MS = 2000;
const copies: string[] = [];
process.once('exit', () => {
  for (const directory of copies) rmSync(directory, { recursive: true, force: true });
});

/** A valid polygon of `count` vertices zig-zagging across Paris: cheap to send, costly to intersect. */
function zigZagPolygon(count: number): { type: 'Polygon'; coordinates: number[][][] } {
  const ring: number[][] = [];
  for (let index = 0; index < count; index += 1) {
    const x = 2.25 + (0.2 * index) / count;
    ring.push([x, index % 2 === 0 ? 48.82 : 48.9]);
  }
  ring.push([2.45, 48.8], [2.25, 48.8], ring[0] as number[]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** A MultiPolygon of `count` small squares over Paris. */
function manySquares(count: number): { type: 'MultiPolygon'; coordinates: number[][][][] } {
  const parts: number[][][][] = [];
  for (let index = 0; index < count; index += 1) {
    const x = 2.25 + (index % 100) * 0.002;
    const y = 48.82 + Math.floor(index / 100) * 0.0015;
    parts.push([
      [
        [x, y],
        [x + 0.001, y],
        [x + 0.001, y + 0.001],
        [x, y + 0.001],
        [x, y],
      ],
    ]);
  }
  return { type: 'MultiPolygon', coordinates: parts };
}

const FRANCE = {
  type: 'Polygon',
  coordinates: [
    [
      [-5.2, 42.3],
      [8.3, 42.3],
      [8.3, 51.1],
      [-5.2, 51.1],
      [-5.2, 42.3],
    ],
  ],
};

/** Every endpoint that takes a zone geometry, with the body that carries it. */
const ZONE_ENDPOINTS: { path: string; body: (geometry: unknown) => unknown }[] = [
  { path: '/api/v1/userzone-demographics/analyze', body: (geometry) => ({ geometry }) },
  { path: '/api/demographics/zone', body: (geometry) => ({ zone: { geometry } }) },
  { path: '/api/v1/real-estate/zone-statistics', body: (geometry) => ({ geometry }) },
  { path: '/api/v1/real-estate/zone-transactions', body: (geometry) => ({ geometry }) },
  { path: '/api/real-estate/zone', body: (geometry) => ({ geometry }) },
  {
    path: '/api/user-zones',
    body: (geometry) => ({
      id: `zone-costly-${Math.random().toString(36).slice(2)}`,
      name: 'Zone coûteuse',
      geometry: { type: 'Feature', properties: {}, geometry },
    }),
  },
];

const COSTLY_SHAPES: [string, unknown][] = [
  ['a zig-zag polygon of 50,000 vertices', zigZagPolygon(50_000)],
  ['a polygon covering France', FRANCE],
  ['a MultiPolygon of 5,000 parts', manySquares(5_000)],
];

async function openServingDatabase(kind: DatabaseKind): Promise<Database> {
  const statementTimeoutMs = statementTimeoutFor(DEADLINE_MS);
  if (kind === 'pglite') {
    // A private copy of the demo data folder (named after this process, so that no other run removes it
    // while it is in use): a stopped statement reopens the database on it.
    const template = inject('demoPgliteDirectory');
    const directory = join(dirname(template), 'copies', `${process.pid}-deadline-${randomUUID().slice(0, 8)}`);
    cpSync(template, directory, { recursive: true });
    copies.push(directory);
    return openPgliteThread({ dataDirectory: directory, statementTimeoutMs });
  }
  return openPostgres({
    connectionString: process.env.TEST_DATABASE_URL as string,
    schema: inject('demoPostgresSchema'),
    statementTimeoutMs,
    maxConnections: 4,
  });
}

describe.each(testDatabaseKinds())('no request stalls the server (%s)', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    database = await openServingDatabase(kind);
    const config = loadConfig({ LOG_LEVEL: 'silent', TILE_CACHE_DIR: 'off', REQUEST_DEADLINE_MS: String(DEADLINE_MS) });
    app = await buildApp({ database, config }, { logger: false });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  }, 900_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each(COSTLY_SHAPES)(
    'answers %s quickly, and health within 1 s meanwhile',
    { timeout: 600_000 },
    async (_, geometry) => {
      for (const endpoint of ZONE_ENDPOINTS) {
        // Written before health is polled: this process is the client too, and the body is not the server's work.
        const payload = JSON.stringify(endpoint.body(geometry));
        const healthTimes: number[] = [];
        let polling = true;
        const poll = (async () => {
          while (polling) {
            const started = performance.now();
            const health = await fetch(`${origin}/api/health`);
            healthTimes.push(performance.now() - started);
            expect(health.status).toBe(200);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        })();
        const started = performance.now();
        const response = await fetch(`${origin}${endpoint.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: payload,
        });
        const elapsed = performance.now() - started;
        polling = false;
        await poll;

        const body = (await response.json()) as { detail?: string; code?: string };
        const context = `${endpoint.path} → ${response.status} ${body.code ?? ''} in ${Math.round(elapsed)} ms`;
        // Either refused at once as too costly, or cut at the deadline; never a 5xx other than 503.
        if (response.status >= 500) expect(response.status, context).toBe(503);
        if (response.status >= 400) expect(body.detail, context).toMatch(/[a-zéèàç]/i);
        expect(elapsed, context).toBeLessThan(DEADLINE_MS + 2000);
        expect(healthTimes.length, context).toBeGreaterThan(0);
        expect(Math.max(...healthTimes), context).toBeLessThan(1000);
      }
    },
  );
});
