import type { Geometry } from 'geojson';
import type { Database, Queryable } from '../db/Database';
import { encodeVectorTile, type EncodableFeature, type EncodableLayer } from './encodeVectorTile';
import { TILE_BUFFER, TILE_EXTENT, tileBounds, type TileAddress } from './TileAddress';
import type { TileLayer, TilePropertyValue } from './TileLayer';
import { toTileFeatureGeometry } from './tileGeometry';
import { selectPostgisTile, selectTileFeatures, type TileFeatureRow } from './tileRepository';

/** Who encodes the tile: PostGIS `ST_AsMVT` (PostgreSQL) or our Node encoder (both engines). */
export type TileEncoder = 'postgis' | 'node';

/** `ST_AsMVT` where the database has it (PostgreSQL), the Node encoder otherwise (PGlite). */
export function defaultTileEncoder(database: Pick<Database, 'kind'>): TileEncoder {
  return database.kind === 'postgresql' ? 'postgis' : 'node';
}

function propertyValue(value: unknown): TilePropertyValue {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number(value);
  return String(value);
}

function toFeature(layer: TileLayer, row: TileFeatureRow): EncodableFeature | undefined {
  if (!row.tile_geometry) return undefined;
  const geometry = toTileFeatureGeometry(JSON.parse(row.tile_geometry) as Geometry, layer.geometryType);
  if (!geometry) return undefined;
  const properties: Record<string, TilePropertyValue> = {};
  for (const name of layer.properties) properties[name] = propertyValue(row[name]);
  return {
    ...geometry,
    id: layer.hasId && row.id !== null && row.id !== undefined ? Number(row.id) : undefined,
    properties,
  };
}

async function renderWithNode(
  database: Queryable,
  layers: readonly TileLayer[],
  address: TileAddress,
): Promise<Uint8Array> {
  const tile = tileBounds(address);
  const buffered = tileBounds(address, TILE_BUFFER);
  const encodable: EncodableLayer[] = [];
  for (const layer of layers) {
    const rows = await selectTileFeatures(database, layer, buffered, tile);
    const features = rows.flatMap((row) => toFeature(layer, row) ?? []);
    encodable.push({ name: layer.name, extent: TILE_EXTENT, features });
  }
  return encodeVectorTile(encodable);
}

/**
 * Renders the Mapbox Vector Tile `z/x/y` of the given layers. PostgreSQL encodes with `ST_AsMVT`;
 * PGlite (no `ST_AsMVT`) selects clipped, simplified, tile-projected geometries in SQL and encodes
 * them in Node. Both give the same features (ids, properties, geometry within a tile unit or two).
 * A tile with nothing in it is empty (zero bytes).
 */
export async function renderTile(
  database: Database,
  layers: readonly TileLayer[],
  address: TileAddress,
  encoder: TileEncoder = defaultTileEncoder(database),
): Promise<Uint8Array> {
  if (encoder === 'postgis') {
    if (database.kind !== 'postgresql') throw new Error('ST_AsMVT exige PostgreSQL (absent de PGlite)');
    return selectPostgisTile(database, layers, tileBounds(address, TILE_BUFFER), tileBounds(address));
  }
  return renderWithNode(database, layers, address);
}
