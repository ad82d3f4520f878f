import * as turf from '@turf/turf';
import type { FastifyInstance } from 'fastify';
import type { MultiPolygon, Polygon } from 'geojson';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessList, NearestCompetitors } from '../../kernel/businesses/businessSchemas';
import { FASTEST_WALK_METRES_PER_SECOND } from '../../kernel/businesses/nearestCompetitors';
import type { IsochroneFeature } from '../../kernel/isochrones/isochroneSchemas';
import { buildTestApp } from '../../tests/support/testApp';
import { openDataDirectory, openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';

/**
 * « 1000 & 1 Signes », 76 rue de Charonne (Ville de Paris list of shops, a restaurant): its point in the raw
 * file. Its description spans several lines, so the record is read from the raw text up to the latitude and
 * longitude that end it.
 */
function thousandAndOneSigns(): { longitude: number; latitude: number } {
  const text = readFileSync(
    join(openDataDirectory(), 'commerces/paris-commercants-livraison-a-domicile-2020.csv'),
    'utf8',
  );
  const match = /;1000 & 1 Signes;76 rue de Charonne;[\s\S]*?;(\d+\.\d+);(\d+\.\d+)\r?\n/.exec(text);
  if (!match) throw new Error('« 1000 & 1 Signes » absent du fichier brut');
  return { latitude: Number(match[1]), longitude: Number(match[2]) };
}

describe.each(testDatabaseKinds())('nearest competitors by walking time (%s)', (kind) => {
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

  const nearest = async (body: Record<string, unknown>) => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/business/nearest-competitors', payload: body });
    return { status: response.statusCode, body: response.json<NearestCompetitors & { detail?: string }>() };
  };

  it('puts the restaurant at the point first, then walking times that grow, none faster than the crow flies', async () => {
    const shop = thousandAndOneSigns();
    const { status, body } = await nearest({
      longitude: shop.longitude,
      latitude: shop.latitude,
      naf_codes: ['56.10'],
      max_minutes: 10,
      limit: 50,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.competitors).toHaveLength(50);
    const first = body.competitors[0];
    expect(first?.straight_metres).toBeLessThan(15);
    expect(first?.walking_seconds).toBeLessThan(60);
    const names = body.competitors
      .slice(0, 3)
      .flatMap((entry) => [entry.business.denomination, entry.business.enseigne]);
    expect(names.some((name) => /1000 (&|et) 1 signes/i.test(name ?? ''))).toBe(true);
    body.competitors.forEach((entry, index) => {
      expect(entry.rank).toBe(index + 1);
      expect(entry.business.naf_code?.startsWith('56.10')).toBe(true);
      expect(entry.walking_seconds).toBeLessThanOrEqual(600);
      // The walk follows streets: never shorter than the straight line at the fastest walking speed (1 s rounding).
      expect(entry.walking_seconds + 1).toBeGreaterThanOrEqual(entry.straight_metres / FASTEST_WALK_METRES_PER_SECOND);
      if (index > 0) {
        expect(entry.walking_seconds).toBeGreaterThanOrEqual(body.competitors[index - 1]?.walking_seconds as number);
      }
    });
    expect(body.method).toMatch(/graphe des rues/);
    // A shorter walk lists the first of these, in the same order.
    const shorter = await nearest({
      longitude: shop.longitude,
      latitude: shop.latitude,
      naf_codes: ['56.10'],
      max_minutes: 2,
      limit: 50,
    });
    const within = body.competitors.filter((entry) => entry.walking_seconds <= 119);
    expect(shorter.body.competitors.length).toBeGreaterThanOrEqual(within.length);
    expect(shorter.body.competitors.slice(0, within.length).map((entry) => entry.business.id)).toEqual(
      within.map((entry) => entry.business.id),
    );
  });

  it('agrees with the walking isochrone of the same engine', async () => {
    const shop = thousandAndOneSigns();
    const { body } = await nearest({
      longitude: shop.longitude,
      latitude: shop.latitude,
      naf_codes: ['47.2'],
      max_minutes: 10,
      limit: 50,
    });
    expect(body.competitors.length).toBeGreaterThan(5);
    const response = await app.inject({
      method: 'POST',
      url: '/api/isochrone/generate',
      payload: {
        coordinates: [shop.longitude, shop.latitude],
        transportMode: 'walking',
        zoneType: 'time',
        travelTime: 10,
      },
    });
    const isochrone = response.json<IsochroneFeature>().geometry as Polygon | MultiPolygon;
    // Within 8 minutes on foot: inside the 10-minute walking isochrone.
    for (const entry of body.competitors.filter((competitor) => competitor.walking_seconds <= 480)) {
      const point = [entry.business.longitude as number, entry.business.latitude as number];
      expect(turf.booleanPointInPolygon(point, isochrone), entry.business.id).toBe(true);
    }
  });

  it('answers 400 naming the field for bad input, 422 off the street network', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ longitude: 2.38, latitude: 48.85, naf_codes: ['56.10'], limit: 51 }, 'limit'],
      [{ longitude: 2.38, latitude: 48.85, naf_codes: ['56.10'], max_minutes: 31 }, 'max_minutes'],
      [{ longitude: 2.38, latitude: 48.85, naf_codes: [] }, 'naf_codes'],
      [{ longitude: 2.38, latitude: 48.85, naf_codes: ['99.99Z'] }, 'naf_codes'],
      [{ latitude: 48.85, naf_codes: ['56.10'] }, 'longitude'],
    ];
    for (const [payload, field] of cases) {
      const { status, body } = await nearest(payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.detail).toContain(field);
    }
    // The Atlantic, far from any street.
    const offNetwork = await nearest({ longitude: -5, latitude: 46, naf_codes: ['56.10'] });
    expect(offNetwork.status).toBe(422);
  });

  it('finds an exact name holding an ampersand', async () => {
    for (const url of [
      `/api/v1/elasticsearch/search/fuzzy?query=${encodeURIComponent('1000 & 1 Signes')}&limit=20`,
      `/api/v1/business/search?name=${encodeURIComponent('1000 & 1 Signes')}&limit=20`,
    ]) {
      const response = await app.inject(url);
      expect(response.statusCode, response.body).toBe(200);
      const json = response.json<BusinessList | { data: BusinessList }>();
      const list = 'data' in json ? json.data : json;
      const names = list.businesses.slice(0, 3).map((business) => business.denomination);
      expect(names, url).toContain('1000 & 1 Signes');
    }
    const byName = await app.inject({
      method: 'POST',
      url: '/api/enterprise-search/search-by-name',
      payload: { name: '1000 & 1 Signes', limit: 20 },
    });
    expect(byName.json<BusinessList>().businesses[0]?.denomination).toBe('1000 & 1 Signes');
  });
});
