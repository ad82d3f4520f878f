import * as turf from '@turf/turf';
import type { FastifyInstance } from 'fastify';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contourReachedNetwork } from '../../../kernel/isochrones/contourReachedNetwork';
import { decodeReachedNetwork } from '../../../kernel/isochrones/encodeReachedNetwork';
import {
  isochroneFeatureSchema,
  type EncodedReach,
  type IsochroneFeature,
  type IsochroneRequest,
} from '../../../kernel/isochrones/isochroneSchemas';
import type { DemographicsAnswer } from '../../../kernel/demographics/demographicsRecord';
import { buildTestApp } from '../../../tests/support/testApp';
import { proSessionCookie } from '../../../tests/support/proSession';
import { openDemoDatabase, testDatabaseKinds } from '../../../tests/support/testDatabase';
import { warmTransit } from '../../../tests/support/warmTransit';
import type { Database } from '../../db/Database';
import { RoadGraphStore } from '../RoadGraphStore';
import { TransitEngineStore } from './TransitEngineStore';

/** 10 rue de Rivoli (Paris 4e), 200 m from Saint-Paul (line 1). */
const RIVOLI: [number, number] = [2.3607, 48.8554];
type Shape = Polygon | MultiPolygon;
const asFeature = (geometry: Shape): Feature<Shape> => ({ type: 'Feature', geometry, properties: {} });
const areaKm2 = (geometry: Shape) => turf.area(asFeature(geometry)) / 1e6;
/** Share of `inner`'s area outside `outer` (grid contours differ by a cell at their edges). */
const outsideShare = (inner: Shape, outer: Shape) => {
  const difference = turf.difference(turf.featureCollection([asFeature(inner), asFeature(outer)]));
  return difference ? turf.area(difference) / turf.area(asFeature(inner)) : 0;
};

describe.each(testDatabaseKinds())('public-transport isochrones on the RATP métro (%s)', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openDemoDatabase(kind);
    app = await buildTestApp(database);
    await warmTransit(app, [2.347, 48.8589]);
  }, 300_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const post = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/isochrone/generate', payload });
  const generate = async (body: IsochroneRequest): Promise<IsochroneFeature> => {
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(200);
    return isochroneFeatureSchema.parse(response.json());
  };
  const shape = (feature: IsochroneFeature) => feature.geometry as Shape;

  it('contains the walking zone and is larger; says which day of the timetable answered', async () => {
    const walk = await generate({ coordinates: RIVOLI, transportMode: 'walking', travelTime: 30 });
    const transit = await generate({
      coordinates: RIVOLI,
      transportMode: 'public-transport',
      travelTime: 30,
      departureTime: '2026-11-30T08:00:00+01:00',
    });
    expect(transit.properties.transit).toMatchObject({
      network: 'RATP',
      requestedDate: '2026-11-30',
      serviceDate: '2019-03-18',
      substituted: true,
      departure: '08:00',
      note: 'horaires RATP du lundi 18 mars 2019',
      validFrom: '2019-02-05',
      validUntil: '2019-08-04',
    });
    expect(outsideShare(shape(walk), shape(transit))).toBeLessThan(0.02);
    expect(areaKm2(shape(transit))).toBeGreaterThan(2 * areaKm2(shape(walk)));
    // A date inside the calendar is used as is.
    const inside = await generate({
      coordinates: RIVOLI,
      transportMode: 'public-transport',
      travelTime: 30,
      departureTime: '2019-04-02T08:00:00+02:00',
    });
    expect(inside.properties.transit).toMatchObject({ serviceDate: '2019-04-02', substituted: false });
  });

  it('reaches less after the last trains than at 08:00', async () => {
    const morning = await generate({
      coordinates: RIVOLI,
      transportMode: 'public-transport',
      travelTime: 30,
      departureTime: '2019-03-18T08:00:00+01:00',
    });
    const night = await generate({
      coordinates: RIVOLI,
      transportMode: 'public-transport',
      travelTime: 30,
      departureTime: '2019-03-19T01:30:00+01:00',
    });
    expect(areaKm2(shape(night))).toBeLessThan(0.6 * areaKm2(shape(morning)));
  });

  it('puts the median zone of a window between its best and worst departures', async () => {
    const road = await new RoadGraphStore(database).get();
    const network = await new TransitEngineStore(database).get('75', road);
    if (!network) throw new Error('réseau RATP absent de la base de démonstration');
    const request = {
      origin: RIVOLI,
      date: '2019-03-18',
      departureSeconds: 8 * 3600,
      windowSeconds: 3600,
      limit: 20 * 60,
    };
    const zone = (percentile: number) =>
      contourReachedNetwork(network.engine.reach({ ...request, percentile }).reach, request.limit);
    const best = zone(1);
    const median = zone(50);
    const worst = zone(100);
    expect(areaKm2(best)).toBeGreaterThan(areaKm2(median));
    expect(areaKm2(median)).toBeGreaterThan(areaKm2(worst));
    expect(outsideShare(median, best)).toBeLessThan(0.02);
    expect(outsideShare(worst, median)).toBeLessThan(0.02);
    const ninety = await generate({
      coordinates: RIVOLI,
      transportMode: 'public-transport',
      travelTime: 20,
      departureTime: '2019-03-18T08:00:00+01:00',
      departureWindowMinutes: 60,
      departurePercentile: 90,
    });
    expect(ninety.properties.transit).toMatchObject({ windowMinutes: 60, percentile: 90, departures: 61 });
    expect(areaKm2(shape(ninety))).toBeLessThan(areaKm2(median) * 1.02);
    expect(areaKm2(shape(ninety))).toBeGreaterThan(areaKm2(worst) * 0.98);
    // The form's preview: the median's network up to 60 min, and the 90 %'s, re-contoured in the worker.
    const preview = await generate({
      coordinates: RIVOLI,
      transportMode: 'public-transport',
      travelTime: 20,
      departureTime: '2019-03-18T08:00:00+01:00',
      departureWindowMinutes: 60,
      departurePercentile: 50,
      includeReach: true,
      reachLimit: 60,
    });
    expect(preview.percentileReaches?.map((entry) => entry.percentile)).toEqual([90]);
    const local = (encoded: EncodedReach) => contourReachedNetwork(decodeReachedNetwork(encoded), request.limit);
    expect(areaKm2(local(preview.reach as EncodedReach))).toBeCloseTo(areaKm2(median), 0);
    const localNinety = local((preview.percentileReaches?.[0] as { reach: EncodedReach }).reach);
    expect(areaKm2(localNinety)).toBeCloseTo(areaKm2(shape(ninety)), 0);
    expect(outsideShare(localNinety, shape(ninety))).toBeLessThan(0.03);
  });

  it('is saved like the other zones and analysed by every panel through the zone reference', async () => {
    const departureTime = '2026-11-30T08:00:00+01:00';
    const feature = await generate({
      coordinates: RIVOLI,
      transportMode: 'public-transport',
      travelTime: 20,
      departureTime,
    });
    const cookie = await proSessionCookie(database);
    const send = (url: string, payload: unknown) =>
      app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });
    // Saved as the create-zone form saves it: the feature, and its properties with the timetable's note.
    const saved = await send('/api/user-zones', {
      id: 'transit-rivoli',
      name: 'Zone 1',
      address: '10 Rue de Rivoli 75004 Paris',
      coordinates: RIVOLI,
      transportMode: 'public-transport',
      travelTime: 20,
      zoneType: 'time',
      zoneDistance: 0,
      departureTime,
      geometry: { type: 'Feature', geometry: feature.geometry, properties: {} },
      properties: { ...feature.properties, type: 'isochrone' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const listed = await app.inject({ method: 'GET', url: '/api/user-zones', headers: { cookie } });
    const zone = listed.json<{ id: string; departureTime: string; properties: Record<string, unknown> }[]>()[0];
    expect(zone?.id).toBe('transit-rivoli');
    expect(Date.parse(zone?.departureTime ?? '')).toBe(Date.parse(departureTime));
    expect(zone?.properties.transit).toMatchObject({ network: 'RATP', note: 'horaires RATP du lundi 18 mars 2019' });

    const reference = { zone: { kind: 'saved', id: 'transit-rivoli' } };
    const demographics = await send('/api/v1/userzone-demographics/analyze', reference);
    expect(demographics.statusCode, demographics.body).toBe(200);
    const answer = demographics.json<DemographicsAnswer>();
    expect(answer.iris_zones.length).toBeGreaterThan(20);
    // 20 minutes by métro from the 4e reach well over a hundred thousand Parisians.
    expect(answer.metadata.population.total).toBeGreaterThan(100_000);
    expect(answer.metadata.total_area_km2).toBeCloseTo(areaKm2(shape(feature)), 0);
    for (const [url, body] of [
      ['/api/v1/real-estate/zone-statistics', { sample_size: 20 }],
      ['/api/v1/business/zone-statistics', {}],
      ['/api/public-services/zone-analysis', {}],
    ] as const) {
      const response = await send(url, { ...body, ...reference });
      expect(response.statusCode, `${url} ${response.body.slice(0, 300)}`).toBe(200);
    }
  });

  it('refuses a window over 3 h, a malformed time, an unknown mode and a distance zone', async () => {
    const base = { coordinates: RIVOLI, transportMode: 'public-transport', travelTime: 20 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, departureWindowMinutes: 240 }, '« departureWindowMinutes »'],
      [{ ...base, departureTime: 'lundi 8 h' }, '« departureTime »'],
      [{ ...base, departureTime: '2026-11-30T25:00:00+01:00' }, '« departureTime »'],
      [{ ...base, transportMode: 'téléphérique' }, '« transportMode »'],
      [{ ...base, departurePercentile: 75 }, '« departurePercentile »'],
      [{ ...base, zoneType: 'distance', zoneDistance: 2000 }, '« zoneType »'],
    ];
    for (const [payload, field] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ detail: string }>().detail).toContain(field);
    }
  });
});
