import * as turf from '@turf/turf';
import type { FastifyInstance } from 'fastify';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contourReachedNetwork } from '../../kernel/isochrones/contourReachedNetwork';
import { decodeReachedNetwork } from '../../kernel/isochrones/encodeReachedNetwork';
import {
  isochroneBatchResponseSchema,
  isochroneFeatureSchema,
  type IsochroneFeature,
  type IsochroneRequest,
} from '../../kernel/isochrones/isochroneSchemas';
import { buildTestApp } from '../../tests/support/testApp';
import { openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import { warmTransit } from '../../tests/support/warmTransit';
import type { Database } from '../db/Database';

/** Place du Châtelet, Paris 1er. */
const CHATELET: [number, number] = [2.347, 48.8589];
const asFeature = (geometry: Polygon | MultiPolygon): Feature<Polygon | MultiPolygon> => ({
  type: 'Feature',
  geometry,
  properties: {},
});
const areaKm2 = (geometry: Polygon | MultiPolygon) => turf.area(asFeature(geometry)) / 1e6;
const outsideShare = (inner: Polygon | MultiPolygon, outer: Polygon | MultiPolygon) => {
  const difference = turf.difference(turf.featureCollection([asFeature(inner), asFeature(outer)]));
  return difference ? turf.area(difference) / turf.area(asFeature(inner)) : 0;
};

describe.each(testDatabaseKinds())('isochrone endpoints on the Paris street network (%s)', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openDemoDatabase(kind);
    app = await buildTestApp(database);
    await warmTransit(app, CHATELET);
  }, 300_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const generate = async (body: IsochroneRequest): Promise<IsochroneFeature> => {
    const response = await app.inject({ method: 'POST', url: '/api/isochrone/generate', payload: body });
    expect(response.statusCode, response.body).toBe(200);
    return isochroneFeatureSchema.parse(response.json());
  };
  const geometryOf = (feature: IsochroneFeature) => feature.geometry as Polygon | MultiPolygon;

  it('draws a plausible 15-minute walk around Châtelet', async () => {
    const feature = await generate({
      coordinates: CHATELET,
      transportMode: 'walking',
      zoneType: 'time',
      travelTime: 15,
    });
    expect(feature.properties).toMatchObject({
      transportMode: 'walking',
      zoneType: 'time',
      travelTime: 15,
      zoneDistance: null,
      center: CHATELET,
      engine: 'zonalyse',
    });
    expect(feature.properties.snapDistance).toBeLessThan(150);
    expect(feature.properties.computationTimeMs).toBeGreaterThan(0);
    const geometry = geometryOf(feature);
    // 1.25 km of streets at 5 km/h: between a 1.0 km and a 1.4 km radius disc in a street grid.
    expect(areaKm2(geometry)).toBeGreaterThan(2);
    expect(areaKm2(geometry)).toBeLessThan(Math.PI * 1.4 * 1.4);
    expect(feature.properties.areaKm2).toBeCloseTo(areaKm2(geometry), 1);
    expect(turf.booleanPointInPolygon(CHATELET, geometry)).toBe(true);
    // Most points 500 m away are in (courtyards and large buildings far from any street are holes);
    // none 3 km away is, and the Arc de Triomphe (≈ 4.5 km) is out.
    const ring = (radiusKm: number) =>
      Array.from({ length: 16 }, (_, index) => turf.destination(CHATELET, radiusKm, index * 22.5).geometry.coordinates);
    expect(ring(0.5).filter((point) => turf.booleanPointInPolygon(point, geometry)).length).toBeGreaterThanOrEqual(12);
    expect(ring(3).filter((point) => turf.booleanPointInPolygon(point, geometry))).toEqual([]);
    expect(turf.booleanPointInPolygon([2.295, 48.8738], geometry)).toBe(false);
  });

  it('a longer time or a faster mode contains the shorter or slower zone', async () => {
    const base = { coordinates: CHATELET, zoneType: 'time' } as const;
    const walk10 = geometryOf(await generate({ ...base, transportMode: 'walking', travelTime: 10 }));
    const walk20 = geometryOf(await generate({ ...base, transportMode: 'walking', travelTime: 20 }));
    const cycle10 = geometryOf(await generate({ ...base, transportMode: 'cycling', travelTime: 10 }));
    const drive10 = geometryOf(await generate({ ...base, transportMode: 'driving', travelTime: 10 }));
    expect(areaKm2(walk20)).toBeGreaterThan(2.5 * areaKm2(walk10));
    expect(outsideShare(walk10, walk20)).toBeLessThan(0.01);
    expect(outsideShare(walk10, cycle10)).toBeLessThan(0.01);
    expect(outsideShare(cycle10, drive10)).toBeLessThan(0.01);
  });

  it('makes distance zones by network distance', async () => {
    const feature = await generate({
      coordinates: CHATELET,
      transportMode: 'cycling',
      zoneType: 'distance',
      zoneDistance: 2000,
    });
    expect(feature.properties).toMatchObject({ zoneType: 'distance', zoneDistance: 2000, travelTime: null });
    const geometry = geometryOf(feature);
    expect(areaKm2(geometry)).toBeGreaterThan(4);
    expect(areaKm2(geometry)).toBeLessThan(Math.PI * 2.2 * 2.2);
  });

  it('returns the reached network so that a client re-contours up to reachLimit', async () => {
    const feature = await generate({
      coordinates: CHATELET,
      transportMode: 'walking',
      zoneType: 'time',
      travelTime: 10,
      includeReach: true,
      reachLimit: 30,
    });
    expect(feature.reach?.limit).toBe(1800);
    const reach = decodeReachedNetwork(feature.reach as NonNullable<IsochroneFeature['reach']>);
    expect(reach.vertexOffsets.length).toBe(reach.arcCosts.length + 1);
    const local20 = contourReachedNetwork(reach, 1200);
    const server20 = geometryOf(
      await generate({ coordinates: CHATELET, transportMode: 'walking', zoneType: 'time', travelTime: 20 }),
    );
    expect(Math.abs(areaKm2(local20) - areaKm2(server20)) / areaKm2(server20)).toBeLessThan(0.05);
  });

  it('answers 422 for a start outside the imported network, 400 naming the bad field', async () => {
    const lyon = await app.inject({
      method: 'POST',
      url: '/api/isochrone/generate',
      payload: { coordinates: [4.8357, 45.764], transportMode: 'driving', zoneType: 'time', travelTime: 15 },
    });
    expect(lyon.statusCode).toBe(422);
    expect(lyon.json()).toEqual({ detail: 'Adresse hors du réseau routier importé', code: 'OFF_NETWORK' });
    const tooShort = await app.inject({
      method: 'POST',
      url: '/api/isochrone/generate',
      payload: { coordinates: CHATELET, transportMode: 'driving', zoneType: 'time', travelTime: 3 },
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json<{ detail: string }>().detail).toContain('« travelTime »');
    const tooFar = await app.inject({
      method: 'POST',
      url: '/api/isochrone/generate',
      payload: { coordinates: CHATELET, transportMode: 'driving', zoneType: 'distance', zoneDistance: 60_000 },
    });
    expect(tooFar.json<{ detail: string }>().detail).toContain('« zoneDistance »');
    const badMode = await app.inject({
      method: 'POST',
      url: '/api/isochrone/generate',
      payload: { coordinates: CHATELET, transportMode: 'plane', travelTime: 15 },
    });
    expect(badMode.json<{ detail: string }>().detail).toContain('« transportMode »');
  });

  it('answers public transport on the imported métro timetable, off the network with the product message', async () => {
    const feature = await generate({ coordinates: CHATELET, transportMode: 'public-transport', travelTime: 15 });
    expect(feature.properties.transit?.network).toBe('RATP');
    const response = await app.inject({
      method: 'POST',
      url: '/api/isochrone/generate',
      payload: { coordinates: [4.8357, 45.764], transportMode: 'public-transport', zoneType: 'time', travelTime: 30 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'OFF_NETWORK', detail: 'Adresse hors du réseau routier importé' });
  });

  it('answers each request of a batch on its own', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/isochrone/batch',
      payload: {
        requests: [
          { coordinates: CHATELET, transportMode: 'walking', zoneType: 'time', travelTime: 5 },
          { coordinates: [4.8357, 45.764], transportMode: 'walking', zoneType: 'time', travelTime: 5 },
          { coordinates: CHATELET, transportMode: 'driving', zoneType: 'distance', zoneDistance: 1000 },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const batch = isochroneBatchResponseSchema.parse(response.json());
    expect(batch.results.map((result) => result.status)).toEqual(['ok', 'error', 'ok']);
    expect(batch.results[1]).toMatchObject({ statusCode: 422, detail: 'Adresse hors du réseau routier importé' });
    const empty = await app.inject({ method: 'POST', url: '/api/isochrone/batch', payload: { requests: [] } });
    expect(empty.statusCode).toBe(400);
  });
});
