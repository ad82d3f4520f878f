import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import Pbf from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeVectorTile } from '../../tests/support/decodeVectorTile';
import { buildTestApp } from '../../tests/support/testApp';
import {
  openDataDirectory,
  openDemoDatabase,
  openEmptyDatabase,
  testDatabaseKinds,
} from '../../tests/support/testDatabase';
import { loadConfig } from '../config';
import type { Database } from '../db/Database';
import { buildApp } from '../app';
import { tileAt, type TileAddress } from '../tiles/TileAddress';

const tilePath = (tile: TileAddress) => `/api/basemap/${tile.z}/${tile.x}/${tile.y}.mvt`;
const PARIS = [2.3488, 48.8534] as const;

async function fetchTile(app: FastifyInstance, tile: TileAddress) {
  const response = await app.inject(tilePath(tile));
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
  return decodeVectorTile(response.rawPayload);
}

const names = (layer: { features: { properties: Record<string, unknown> }[] } | undefined) =>
  (layer?.features ?? []).map((feature) => String(feature.properties.name));

interface DecodedGlyph {
  id: number;
  bitmap?: Uint8Array;
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}

/** Reads a glyph PBF (glyphs.proto) with a plain protobuf reader, independently of our writer. */
function decodeGlyphs(bytes: Uint8Array): { name: string; range: string; glyphs: DecodedGlyph[] } {
  const stack = { name: '', range: '', glyphs: [] as DecodedGlyph[] };
  new Pbf(new Uint8Array(bytes)).readFields((tag, _result, pbf) => {
    if (tag !== 1) return;
    pbf.readMessage((field, _stack, reader) => {
      if (field === 1) stack.name = reader.readString();
      else if (field === 2) stack.range = reader.readString();
      else if (field === 3) {
        const glyph: DecodedGlyph = { id: 0, width: 0, height: 0, left: 0, top: 0, advance: 0 };
        reader.readMessage((key, _glyph, glyphReader) => {
          if (key === 1) glyph.id = glyphReader.readVarint();
          else if (key === 2) glyph.bitmap = glyphReader.readBytes();
          else if (key === 3) glyph.width = glyphReader.readVarint();
          else if (key === 4) glyph.height = glyphReader.readVarint();
          else if (key === 5) glyph.left = glyphReader.readSVarint();
          else if (key === 6) glyph.top = glyphReader.readSVarint();
          else if (key === 7) glyph.advance = glyphReader.readVarint();
        }, glyph);
        stack.glyphs.push(glyph);
      }
    }, stack);
  }, stack);
  return stack;
}

describe.each(testDatabaseKinds())('basemap on %s', (kind) => {
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

  it('serves a MapLibre style per theme with absolute URLs on our own server', async () => {
    const light = await app.inject({
      url: '/api/basemap/style.json?theme=light',
      headers: { host: 'carte.example:8080' },
    });
    expect(light.statusCode).toBe(200);
    const style = light.json<{
      version: number;
      glyphs: string;
      sources: Record<string, { tiles: string[] }>;
      layers: { id: string; type: string; paint?: Record<string, unknown>; layout?: Record<string, unknown> }[];
    }>();
    expect(style.version).toBe(8);
    expect(style.glyphs).toBe('http://carte.example:8080/api/basemap/fonts/{fontstack}/{range}.pbf');
    const tiles = Object.values(style.sources).flatMap((source) => source.tiles);
    expect(tiles[0]).toMatch(/^http:\/\/carte\.example:8080\/api\/basemap\/\{z\}\/\{x\}\/\{y\}\.mvt\?v=\w+$/);
    const ids = style.layers.map((layer) => layer.id);
    for (const id of [
      'sea',
      'land',
      'region-outline',
      'departement-outline',
      'commune-outline',
      'street',
      'place-region',
    ]) {
      expect(ids).toContain(id);
    }
    const fonts = new Set(style.layers.flatMap((layer) => (layer.layout?.['text-font'] as string[] | undefined) ?? []));
    expect([...fonts].sort()).toEqual(['Noto Sans Bold', 'Noto Sans Regular']);
    const dark = (await app.inject('/api/basemap/style.json?theme=dark')).json<typeof style>();
    const background = (s: typeof style) => s.layers.find((layer) => layer.id === 'sea')?.paint?.['background-color'];
    expect(background(dark)).not.toBe(background(style));
    expect((await app.inject('/api/basemap/style.json?theme=sepia')).statusCode).toBe(400);
  });

  it('draws France at low zoom: land, départements and région names', async () => {
    const layers = await fetchTile(app, tileAt(PARIS[0], PARIS[1], 5));
    expect(names(layers.land)).toContain('Île-de-France');
    expect((layers.departements?.features ?? []).map((feature) => feature.properties.code)).toContain('75');
    const places = layers.places?.features ?? [];
    expect(
      places.filter((place) => place.properties.level === 'region').map((place) => place.properties.name),
    ).toContain('Île-de-France');
    expect(layers.communes).toBeUndefined();
  });

  it('adds commune outlines and names by zoom, then the Paris arrondissements', async () => {
    const z8 = await fetchTile(app, tileAt(PARIS[0], PARIS[1], 8));
    expect(names(z8.places)).toContain('Paris');
    expect(names(z8.communes)).toContain('Boulogne-Billancourt');
    // Paris is drawn as its 20 arrondissements, not as one more polygon over them.
    expect((z8.communes?.features ?? []).map((feature) => feature.properties.code)).not.toContain('75056');
    const z11 = await fetchTile(app, tileAt(PARIS[0], PARIS[1], 11));
    expect(names(z11.places).some((name) => /^Paris \d+e?r? Arrondissement$/i.test(name))).toBe(true);
    expect(names(z11.places)).not.toContain('Paris');
  });

  it('answers 304 on a matching ETag, 204 for an empty tile, gzip on request, 400 outside the pyramid', async () => {
    const path = tilePath(tileAt(PARIS[0], PARIS[1], 9));
    const first = await app.inject({ url: path, headers: { 'accept-encoding': 'gzip' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['cache-control']).toContain('max-age=');
    const etag = String(first.headers.etag);
    expect(decodeVectorTile(gunzipSync(first.rawPayload)).land).toBeDefined();
    const again = await app.inject({ url: path, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const ocean = await app.inject(tilePath(tileAt(-25, 40, 9)));
    expect(ocean.statusCode).toBe(204);
    for (const bad of ['/api/basemap/15/1/1.mvt', '/api/basemap/3/8/1.mvt', '/api/basemap/a/1/1.mvt']) {
      const response = await app.inject(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    }
  });

  it('serves the SDF glyphs of its labels', async () => {
    const response = await app.inject('/api/basemap/fonts/Noto%20Sans%20Regular/0-255.pbf');
    expect(response.statusCode).toBe(200);
    const stack = decodeGlyphs(response.rawPayload);
    expect(stack.name).toBe('Noto Sans Regular');
    expect(stack.range).toBe('0-255');
    const byId = new Map(stack.glyphs.map((glyph) => [glyph.id, glyph]));
    for (const character of 'AaÉéèàçôîÎ’'.slice(0, 10)) expect(byId.has(character.codePointAt(0) ?? 0)).toBe(true);
    const capitalA = byId.get(65);
    expect(capitalA?.bitmap?.length).toBe(((capitalA?.width ?? 0) + 6) * ((capitalA?.height ?? 0) + 6));
    expect(capitalA?.advance).toBeGreaterThan(10);
    expect(capitalA?.advance).toBeLessThan(20);
    // Inside the letter the field is above the 192 edge value, far outside it is 0.
    expect(Math.max(...(capitalA?.bitmap ?? []))).toBeGreaterThan(192);
    expect(capitalA?.bitmap?.[0]).toBe(0);
    const space = byId.get(32);
    expect(space?.width).toBe(0);
    expect(space?.advance).toBeGreaterThan(3);
    const extended = decodeGlyphs(
      (await app.inject('/api/basemap/fonts/Noto%20Sans%20Bold,Noto%20Sans%20Regular/256-511.pbf')).rawPayload,
    );
    expect(extended.name).toBe('Noto Sans Bold');
    expect(extended.glyphs.some((glyph) => glyph.id === 0x153)).toBe(true);
    expect((await app.inject('/api/basemap/fonts/Comic%20Sans/0-255.pbf')).statusCode).toBe(404);
    expect((await app.inject('/api/basemap/fonts/Noto%20Sans%20Regular/3-7.pbf')).statusCode).toBe(400);
  });

  it('tells the client to use our style unless MAP_STYLE_URL is set', async () => {
    const ours = await app.inject({ url: '/api/map/config', headers: { host: '127.0.0.1:3000' } });
    expect(ours.json()).toEqual({
      styleUrl: null,
      selfHosted: true,
      basemapStyles: {
        light: 'http://127.0.0.1:3000/api/basemap/style.json?theme=light',
        dark: 'http://127.0.0.1:3000/api/basemap/style.json?theme=dark',
      },
    });
    const hosted = await buildApp(
      {
        database,
        config: loadConfig({ LOG_LEVEL: 'silent', MAP_STYLE_URL: 'https://tiles.example.com/style.json?key=abc' }),
      },
      { logger: false },
    );
    const config = (await hosted.inject('/api/map/config')).json<{ styleUrl: string; selfHosted: boolean }>();
    expect(config).toMatchObject({ styleUrl: 'https://tiles.example.com/style.json?key=abc', selfHosted: false });
    await hosted.close();
  });
});

describe.each(testDatabaseKinds())('basemap streets on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
    // Street centre-lines as the road network (contract table of the "zones" engineer).
    await database.exec(`CREATE TABLE IF NOT EXISTS road_edges (id bigint PRIMARY KEY, source_node bigint,
      target_node bigint, length_m double precision, highway text, name text, oneway smallint,
      geometry geometry(LineString, 4326), network text)`);
    const streets = JSON.parse(
      gunzipSync(readFileSync(join(openDataDirectory(), 'streets/paris-voie-2019-geometry.geojson.gz'))).toString(),
    ) as { features: { geometry: { type: string } }[] };
    const lines = streets.features.filter((feature) => feature.geometry.type === 'LineString').slice(0, 3000);
    await database.query(
      `INSERT INTO road_edges (id, source_node, target_node, length_m, highway, name, oneway, geometry, network)
       SELECT ordinality, 0, 0, ST_Length(g::geography), NULL, CASE WHEN ordinality = 1 THEN 'Rue de test' END, 0, g, 'paris-voies'
       FROM json_array_elements($1::json) WITH ORDINALITY AS item(value, ordinality),
         LATERAL (SELECT ST_SetSRID(ST_GeomFromGeoJSON(item.value::text), 4326) AS g) geometry`,
      [JSON.stringify(lines.map((feature) => feature.geometry))],
    );
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('draws the streets of the road network from zoom 12', async () => {
    const { rows } = await database.query<{ x: number; y: number }>(
      'SELECT ST_X(ST_Centroid(geometry)) AS x, ST_Y(ST_Centroid(geometry)) AS y FROM road_edges WHERE id = 1',
    );
    const centre = rows[0] ?? { x: 0, y: 0 };
    const z14 = await fetchTile(app, tileAt(centre.x, centre.y, 14));
    expect(z14.streets?.features.length).toBeGreaterThan(0);
    expect(z14.streets?.features.every((feature) => feature.type === 2)).toBe(true);
    expect(z14.streets?.features.find((feature) => feature.id === 1)?.properties.name).toBe('Rue de test');
    const z10 = await app.inject(tilePath(tileAt(centre.x, centre.y, 10)));
    expect(z10.statusCode).toBe(204);
  });
});
