import { z } from 'zod';

/** A tile of the Web Mercator pyramid (XYZ scheme, y counted from the north). */
export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** Bounds of a tile in EPSG:3857 metres. */
export interface TileBounds {
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
}

/** Tile coordinate space of every layer we encode (MVT default). */
export const TILE_EXTENT = 4096;
/** Buffer around the tile, in tile units, kept so that lines and labels are not cut at tile edges. */
export const TILE_BUFFER = 64;

const HALF_WORLD = 20037508.342789244;

/** The EPSG:3857 bounds of a tile, optionally grown by `buffer` tile units on every side. */
export function tileBounds(address: TileAddress, buffer = 0): TileBounds {
  const size = (2 * HALF_WORLD) / 2 ** address.z;
  const margin = (buffer / TILE_EXTENT) * size;
  const xmin = -HALF_WORLD + address.x * size;
  const ymax = HALF_WORLD - address.y * size;
  return { xmin: xmin - margin, ymin: ymax - size - margin, xmax: xmin + size + margin, ymax: ymax + margin };
}

/** Size of one tile unit in metres at a zoom (Web Mercator, at the equator). */
export function tileUnitMetres(zoom: number): number {
  return (2 * HALF_WORLD) / 2 ** zoom / TILE_EXTENT;
}

/** The tile holding a longitude/latitude at a zoom. */
export function tileAt(longitude: number, latitude: number, zoom: number): TileAddress {
  const scale = 2 ** zoom;
  const x = Math.floor(((longitude + 180) / 360) * scale);
  const radians = (latitude * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * scale);
  return { z: zoom, x: Math.min(Math.max(x, 0), scale - 1), y: Math.min(Math.max(y, 0), scale - 1) };
}

function buildTileAddressSchema(minZoom: number, maxZoom: number) {
  return z
    .object({
      z: z.coerce.number().int().min(minZoom).max(maxZoom),
      x: z.coerce.number().int().min(0),
      y: z.coerce.number().int().min(0),
    })
    .refine((tile) => tile.x < 2 ** tile.z, { message: 'x hors de la grille pour ce zoom', path: ['x'] })
    .refine((tile) => tile.y < 2 ** tile.z, { message: 'y hors de la grille pour ce zoom', path: ['y'] });
}

const schemasByZooms = new Map<string, ReturnType<typeof buildTileAddressSchema>>();

/**
 * zod schema of the `{z}/{x}/{y}.mvt` path parameters, zoom limited to `[minZoom, maxZoom]`. Built
 * once per pair of zooms: zod compiles a schema on its first use, which costs far more than a parse.
 */
export function tileAddressSchema(minZoom: number, maxZoom: number) {
  const key = `${minZoom}/${maxZoom}`;
  let schema = schemasByZooms.get(key);
  if (!schema) {
    schema = buildTileAddressSchema(minZoom, maxZoom);
    schemasByZooms.set(key, schema);
  }
  return schema;
}
