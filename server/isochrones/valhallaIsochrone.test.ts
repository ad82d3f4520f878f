import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isochroneFeatureSchema } from '../../kernel/isochrones/isochroneSchemas';
import { openDemoDatabase } from '../../tests/support/testDatabase';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/Database';

const FIXTURES = join(import.meta.dirname, '../../tests/fixtures/valhalla');
const ANSWER = readFileSync(join(FIXTURES, 'isochrone-auto-15min-chatelet.json'), 'utf8');
const OFF_NETWORK = readFileSync(join(FIXTURES, 'error-171-no-suitable-edges.json'), 'utf8');
const CHATELET: [number, number] = [2.347, 48.8589];

/** A fake Valhalla replaying recorded answers: the Châtelet contour, or error 171 west of Greenwich. */
function startFakeValhalla(received: unknown[]): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const parsed = JSON.parse(body) as { locations: { lon: number }[] };
      received.push({ path: request.url, method: request.method, body: parsed });
      const offNetwork = (parsed.locations[0]?.lon ?? 0) < 0;
      response.writeHead(offNetwork ? 400 : 200, { 'content-type': 'application/json' });
      response.end(offNetwork ? OFF_NETWORK : ANSWER);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }),
    ),
  );
}

describe('Valhalla adapter (VALHALLA_URL)', () => {
  let database: Database;
  let app: FastifyInstance;
  let valhalla: { server: Server; url: string };
  const received: unknown[] = [];
  const post = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/isochrone/generate', payload });

  beforeAll(async () => {
    database = await openDemoDatabase('pglite');
    valhalla = await startFakeValhalla(received);
    const config = loadConfig({ LOG_LEVEL: 'silent', TILE_CACHE_DIR: 'off', VALHALLA_URL: valhalla.url });
    app = await buildApp({ database, config }, { logger: false });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    valhalla.server.close();
  });

  it('asks Valhalla for the contour and returns its polygon', async () => {
    const response = await post({ coordinates: CHATELET, transportMode: 'driving', zoneType: 'time', travelTime: 15 });
    expect(response.statusCode, response.body).toBe(200);
    const feature = isochroneFeatureSchema.parse(response.json());
    expect(feature.properties.engine).toBe('valhalla');
    expect(feature.geometry).toEqual(
      (JSON.parse(ANSWER) as { features: { geometry: unknown }[] }).features[0]?.geometry,
    );
    expect(received.at(-1)).toEqual({
      path: '/isochrone',
      method: 'POST',
      body: {
        locations: [{ lon: 2.347, lat: 48.8589 }],
        costing: 'auto',
        contours: [{ time: 15 }],
        polygons: true,
        denoise: 0.5,
        generalize: 20,
      },
    });
    await post({ coordinates: CHATELET, transportMode: 'walking', zoneType: 'distance', zoneDistance: 2500 });
    expect(received.at(-1)).toMatchObject({ body: { costing: 'pedestrian', contours: [{ distance: 2.5 }] } });
    await post({
      coordinates: CHATELET,
      transportMode: 'public-transport',
      zoneType: 'time',
      travelTime: 30,
      departureTime: '2026-11-23T08:00:00+02:00',
    });
    expect(received.at(-1)).toMatchObject({
      body: { costing: 'multimodal', date_time: { type: 1, value: '2026-11-23T08:00' } },
    });
  });

  it('turns Valhalla error 171 into the off-network 422', async () => {
    const response = await post({
      coordinates: [-1.68, 48.11],
      transportMode: 'cycling',
      zoneType: 'time',
      travelTime: 10,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: 'Adresse hors du réseau routier importé', code: 'OFF_NETWORK' });
  });

  it('falls back to the local engine when Valhalla does not answer', async () => {
    await new Promise((resolve) => valhalla.server.close(resolve));
    const response = await post({ coordinates: CHATELET, transportMode: 'walking', zoneType: 'time', travelTime: 5 });
    expect(response.statusCode, response.body).toBe(200);
    expect(isochroneFeatureSchema.parse(response.json()).properties.engine).toBe('zonalyse');
  });
});
