import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geocodingResponseSchema } from '../../kernel/geocoding/geocodingSchemas';
import { readRawCsv } from '../../tests/support/rawCsv';
import { buildTestApp } from '../../tests/support/testApp';
import { openDataDirectory, openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';

describe.each(testDatabaseKinds())('geocoding on the BAN gazetteer (%s)', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  /** The raw BAN rows of rue de Rivoli and place d'Italie, read from the official file. */
  let raw: Record<string, string>[];
  beforeAll(async () => {
    database = await openDemoDatabase(kind);
    app = await buildTestApp(database);
    raw = readRawCsv(join(openDataDirectory(), 'ban/adresses-75.csv.gz'), ';').rows.filter(
      (row) => row.nom_voie === 'Rue de Rivoli' || row.nom_voie === "Place d'Italie",
    );
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const search = async (query: string, extra = '') => {
    const response = await app.inject(`/api/geocoding/search?query=${encodeURIComponent(query)}${extra}`);
    expect(response.statusCode, response.body).toBe(200);
    return geocodingResponseSchema.parse(response.json());
  };
  const rawAddress = (street: string, numero: string) =>
    raw.find((row) => row.nom_voie === street && row.numero === numero && row.rep === '') as Record<string, string>;

  it('finds "12 r de rivoli" (abbreviation, no commune) at the BAN position', async () => {
    const expected = rawAddress('Rue de Rivoli', '12');
    const { features } = await search('12 r de rivoli');
    expect(features[0]).toMatchObject({
      place_type: ['address'],
      text: '12 Rue de Rivoli',
      place_name: '12 Rue de Rivoli 75004 Paris',
      center: [Number(expected.lon), Number(expected.lat)],
      properties: { source: 'ban', code_postal: '75004', code_insee: '75104' },
    });
    const withCommune = await search('10 rue de Rivoli, Paris');
    expect(withCommune.features[0]?.place_name).toBe('10 Rue de Rivoli 75004 Paris');
  });

  it('tolerates missing accents and apostrophes ("place d italie", "bd saint germain")', async () => {
    const italie = await search('1 place d italie');
    const expected = rawAddress("Place d'Italie", '1');
    expect(italie.features[0]?.place_name).toBe("1 Place d'Italie 75013 Paris");
    expect(italie.features[0]?.center).toEqual([Number(expected.lon), Number(expected.lat)]);
    const street = await search('place d italie');
    expect(street.features[0]?.place_name).toMatch(/Place d'Italie 75013 Paris$/);
    const germain = await search('bd st germain');
    expect(germain.features[0]?.place_name).toMatch(/Boulevard Saint-Germain 7500\d Paris$/);
    const elysees = await search('av des champs elysees');
    expect(elysees.features[0]?.place_name).toMatch(/Avenue des Champs[- ]Elysées 75008 Paris$/);
  });

  it('finds communes by name and postcode', async () => {
    const byPostcode = await search('75011');
    expect(byPostcode.features[0]).toMatchObject({
      place_type: ['postcode'],
      properties: { code_insee: '75111', code_postal: '75011' },
    });
    const paris = await search('Paris');
    expect(paris.features[0]).toMatchObject({ place_type: ['municipality'], properties: { code_insee: '75056' } });
  });

  it('restricts to the bbox and answers an empty list when nothing matches', async () => {
    // Rue de Rivoli runs through the 1er and 4e: found in a box around them, absent from a box of the 13e.
    const aroundRivoli = await search('rue de rivoli', '&bbox=2.33,48.85,2.37,48.87');
    expect(aroundRivoli.features.length).toBeGreaterThan(0);
    for (const feature of aroundRivoli.features) {
      const [longitude, latitude] = feature.center;
      expect(longitude).toBeGreaterThanOrEqual(2.33);
      expect(longitude).toBeLessThanOrEqual(2.37);
      expect(latitude).toBeGreaterThanOrEqual(48.85);
      expect(latitude).toBeLessThanOrEqual(48.87);
    }
    expect(aroundRivoli.features.some((feature) => feature.text.includes('Rivoli'))).toBe(true);
    const thirteenth = '&bbox=2.34,48.81,2.39,48.84';
    const inside = await search('rue de rivoli', thirteenth);
    expect(inside.features.filter((feature) => feature.text.includes('Rivoli'))).toEqual([]);
    expect((await search('zzqxw kkvvj')).features).toEqual([]);
    const empty = await app.inject('/api/geocoding/search?query=%20');
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ detail: string }>().detail).toContain('« query »');
    const badBbox = await app.inject('/api/geocoding/search?query=rivoli&bbox=3,2,1');
    expect(badBbox.json<{ detail: string }>().detail).toContain('« bbox »');
  });

  it('reverse-geocodes a point to the nearest address, else its commune', async () => {
    const expected = rawAddress('Rue de Rivoli', '12');
    const response = await app.inject(`/api/geocoding/reverse?lng=${expected.lon}&lat=${expected.lat}`);
    const { features } = geocodingResponseSchema.parse(response.json());
    expect(features[0]?.place_name).toMatch(/Rue de Rivoli 75004 Paris$/);
    // The middle of the Bois de Vincennes' lake: no address within 250 m, commune Paris 12e.
    const lake = geocodingResponseSchema.parse(
      (await app.inject('/api/geocoding/reverse?lng=2.4335&lat=48.8337')).json(),
    );
    expect(lake.features.map((feature) => feature.place_type[0])).not.toContain('postcode');
    const sea = geocodingResponseSchema.parse((await app.inject('/api/geocoding/reverse?lng=-5.5&lat=46')).json());
    expect(sea.features).toEqual([]);
    const bad = await app.inject('/api/geocoding/reverse?lng=abc&lat=48');
    expect(bad.statusCode).toBe(400);
  });
});
