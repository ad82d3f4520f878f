import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeVectorTile,
  measureFeature,
  rasterDifference,
  rasterisePolygon,
  signedRingArea,
  type DecodedFeature,
} from '../../tests/support/decodeVectorTile';
import { openDataDirectory, openEmptyDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';
import { renderTile } from './renderTile';
import { TILE_EXTENT, tileAt, type TileAddress } from './TileAddress';
import type { TileLayer } from './TileLayer';

const LAYERS: TileLayer[] = [
  {
    name: 'areas',
    geometryType: 'polygon',
    sql: 'SELECT code, name, value, sales, flag, geom FROM tile_fixture_areas WHERE geom && !bbox!',
    properties: ['code', 'name', 'value', 'sales', 'flag'],
  },
  {
    name: 'lines',
    geometryType: 'line',
    sql: 'SELECT id, name, geom FROM tile_fixture_lines WHERE geom && !bbox!',
    properties: ['name'],
    hasId: true,
  },
  {
    name: 'labels',
    geometryType: 'point',
    sql: 'SELECT code, name, geom FROM tile_fixture_points WHERE geom && !bbox!',
    properties: ['code', 'name'],
  },
];

interface GeojsonFeature {
  properties: Record<string, string>;
  geometry: unknown;
}

async function loadFixture(database: Database): Promise<void> {
  await database.exec(`
    CREATE TABLE tile_fixture_areas (code text, name text, value double precision, sales integer, flag boolean,
      geom geometry(MultiPolygon, 3857));
    CREATE TABLE tile_fixture_lines (id bigint, name text, geom geometry(LineString, 3857));
    CREATE TABLE tile_fixture_points (code text, name text, geom geometry(Point, 3857));`);
  const iris = JSON.parse(readFileSync(join(openDataDirectory(), 'iris/iris-75-paris.geojson'), 'utf8')) as {
    features: GeojsonFeature[];
  };
  const centre = iris.features.filter((feature) => /^7510[1-4]/.test(feature.properties.CODE_IRIS ?? ''));
  await database.query(
    `INSERT INTO tile_fixture_areas
     SELECT item->>'code', item->>'name', (item->>'value')::float8, (item->>'sales')::int, (item->>'flag')::boolean,
       ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_Transform(ST_SetSRID(ST_GeomFromGeoJSON(item->>'geometry'), 4326), 3857)), 3))
     FROM json_array_elements($1::json) item`,
    [
      JSON.stringify(
        centre.map((feature, index) => ({
          code: feature.properties.CODE_IRIS,
          name: feature.properties.NOM_IRIS,
          value: index % 5 === 0 ? null : 1000 + index * 12.5,
          sales: index,
          flag: index % 2 === 0,
          geometry: JSON.stringify(feature.geometry),
        })),
      ),
    ],
  );
  await database.exec(
    `INSERT INTO tile_fixture_points SELECT code, name, ST_PointOnSurface(geom) FROM tile_fixture_areas`,
  );
  // A square with a square hole, around the Louvre.
  await database.exec(`INSERT INTO tile_fixture_areas VALUES ('square', 'Carré troué', 1.5, 7, true,
    ST_Multi(ST_Transform(ST_GeomFromText('POLYGON((2.334 48.858, 2.340 48.858, 2.340 48.862, 2.334 48.862, 2.334 48.858),
      (2.336 48.859, 2.336 48.861, 2.338 48.861, 2.338 48.859, 2.336 48.859))', 4326), 3857)))`);
  const streets = JSON.parse(
    gunzipSync(readFileSync(join(openDataDirectory(), 'streets/paris-voie-2019-geometry.geojson.gz'))).toString('utf8'),
  ) as { features: GeojsonFeature[] };
  const lines = streets.features
    .filter((feature) => (feature.geometry as { type: string }).type === 'LineString')
    .slice(0, 4000)
    .map((feature, index) => ({ id: index + 1, geometry: JSON.stringify(feature.geometry) }));
  await database.query(
    `INSERT INTO tile_fixture_lines
     SELECT (item->>'id')::bigint, 'Voie ' || (item->>'id'), ST_Transform(ST_SetSRID(ST_GeomFromGeoJSON(item->>'geometry'), 4326), 3857)
     FROM json_array_elements($1::json) item`,
    [JSON.stringify(lines)],
  );
}

const CHATELET = [2.347, 48.8605] as const;
const tileAround = (zoom: number): TileAddress => tileAt(CHATELET[0], CHATELET[1], zoom);

/** Projects lon/lat to tile units of a tile (Web Mercator, y down). */
function toTileUnits(longitude: number, latitude: number, tile: TileAddress): [number, number] {
  const scale = 2 ** tile.z;
  const worldX = ((longitude + 180) / 360) * scale;
  const radians = (latitude * Math.PI) / 180;
  const worldY = ((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * scale;
  return [(worldX - tile.x) * TILE_EXTENT, (worldY - tile.y) * TILE_EXTENT];
}

/**
 * One screen pixel in tile units (a 4096-unit tile drawn 256 px wide). The encoders may differ by
 * sub-pixel slivers (PostGIS repairs spikes that collapse when snapped to the grid), never by more
 * than a couple of pixels.
 */
const SCREEN_PIXEL = TILE_EXTENT / 256;

const featureKey = (layer: string, feature: DecodedFeature) =>
  `${layer}:${String(feature.id ?? feature.properties.code ?? '')}`;

describe.each(testDatabaseKinds())('renderTile on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
    await loadFixture(database);
  });
  afterAll(async () => {
    await database.close();
  });

  it('encodes polygons, lines and points with their properties (Node encoder)', async () => {
    const tile = tileAround(14);
    const layers = decodeVectorTile(await renderTile(database, LAYERS, tile, 'node'));
    expect(Object.keys(layers).sort()).toEqual(['areas', 'labels', 'lines']);
    expect(layers.areas?.extent).toBe(TILE_EXTENT);
    const square = layers.areas?.features.find((feature) => feature.properties.code === 'square');
    expect(square?.properties).toEqual({ code: 'square', name: 'Carré troué', value: 1.5, sales: 7, flag: true });
    expect(square?.type).toBe(3);
    // Exterior ring clockwise on screen (positive area), hole anticlockwise, at the projected corners.
    const [outer, hole] = square?.parts ?? [];
    expect(signedRingArea(outer ?? [])).toBeGreaterThan(0);
    expect(signedRingArea(hole ?? [])).toBeLessThan(0);
    const corner = toTileUnits(2.334, 48.862, tile);
    const nearest = Math.min(...(outer ?? []).map(([x, y]) => Math.hypot(x - corner[0], y - corner[1])));
    expect(nearest).toBeLessThanOrEqual(1);
    // A missing value is left out of the feature, never written as 0.
    const withoutValue = layers.areas?.features.filter((feature) => feature.properties.value === undefined) ?? [];
    expect(withoutValue.length).toBeGreaterThan(0);
    expect(layers.areas?.features.every((feature) => feature.properties.value !== 0)).toBe(true);
    const line = layers.lines?.features[0];
    expect(line?.type).toBe(2);
    expect(line?.id).toBeGreaterThan(0);
    expect(line?.properties.name).toBe(`Voie ${String(line?.id)}`);
    expect(layers.labels?.features.every((feature) => feature.type === 1 && feature.parts.flat().length === 1)).toBe(
      true,
    );
  });

  it('answers an empty tile where there is nothing', async () => {
    const bytes = await renderTile(database, LAYERS, tileAt(-4.48, 48.39, 14), 'node');
    expect(bytes.length).toBe(0);
  });

  it('keeps a polygon crossing the tile edge clipped to the buffer', async () => {
    const tile = tileAround(17);
    const layers = decodeVectorTile(await renderTile(database, LAYERS, tile, 'node'));
    expect(layers.areas?.features.length).toBeGreaterThan(0);
    for (const feature of layers.areas?.features ?? []) {
      const { bbox } = measureFeature(feature);
      expect(bbox[0]).toBeGreaterThanOrEqual(-64);
      expect(bbox[1]).toBeGreaterThanOrEqual(-64);
      expect(bbox[2]).toBeLessThanOrEqual(TILE_EXTENT + 64);
      expect(bbox[3]).toBeLessThanOrEqual(TILE_EXTENT + 64);
    }
  });
});

describe.each(testDatabaseKinds().filter((kind) => kind === 'postgresql'))('renderTile encoders on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
    await loadFixture(database);
  });
  afterAll(async () => {
    await database.close();
  });

  it('gives the same features as PostGIS ST_AsMVT', async () => {
    for (const zoom of [10, 12, 14, 16]) {
      const tile = tileAround(zoom);
      const fromPostgis = decodeVectorTile(await renderTile(database, LAYERS, tile, 'postgis'));
      const fromNode = decodeVectorTile(await renderTile(database, LAYERS, tile, 'node'));
      expect(Object.keys(fromNode).sort()).toEqual(Object.keys(fromPostgis).sort());
      for (const [name, layer] of Object.entries(fromPostgis)) {
        const nodeFeatures = new Map((fromNode[name]?.features ?? []).map((f) => [featureKey(name, f), f]));
        const postgisKeys = layer.features.map((f) => featureKey(name, f)).sort();
        // Slivers under a tile unit may be dropped by one encoder and not the other.
        const missing = postgisKeys.filter((key) => !nodeFeatures.has(key));
        expect(missing.length, `${name} z${zoom} missing ${missing.join(',')}`).toBeLessThanOrEqual(
          Math.ceil(postgisKeys.length * 0.01),
        );
        for (const feature of layer.features) {
          const twin = nodeFeatures.get(featureKey(name, feature));
          if (!twin) continue;
          expect(twin.properties, `${featureKey(name, feature)} z${zoom}`).toEqual(feature.properties);
          expect(twin.type).toBe(feature.type);
          if (feature.type === 3) {
            // Compared as drawn, pixel by pixel: slivers thinner than a pixel do not count.
            const drawn = rasterDifference(
              rasterisePolygon(feature, SCREEN_PIXEL),
              rasterisePolygon(twin, SCREEN_PIXEL),
            );
            expect(drawn.different, `${featureKey(name, feature)} z${zoom}`).toBeLessThanOrEqual(
              Math.max(3, drawn.union * 0.05),
            );
            expect(Math.sign(signedRingArea(twin.parts[0] ?? []))).toBe(
              Math.sign(signedRingArea(feature.parts[0] ?? [])),
            );
          } else {
            const a = measureFeature(feature);
            const b = measureFeature(twin);
            for (let index = 0; index < 4; index += 1) {
              expect(
                Math.abs((a.bbox[index] ?? 0) - (b.bbox[index] ?? 0)),
                `${featureKey(name, feature)} z${zoom}`,
              ).toBeLessThanOrEqual(SCREEN_PIXEL * 2);
            }
          }
        }
      }
    }
  });
});
