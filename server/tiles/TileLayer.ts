/** Geometry kind of a tile layer (MVT feature types 1, 2 and 3). */
export type TileGeometryType = 'point' | 'line' | 'polygon';

/** A property value as it goes into a vector tile; `null` and `undefined` are left out. */
export type TilePropertyValue = string | number | boolean | null | undefined;

/**
 * One layer of a vector tile: a SQL selection of features with their properties. The SQL is a
 * query returning `geom` (EPSG:3857), the columns named in `properties`, and `id` (an integer)
 * when `hasId` is set; `!bbox!` in it stands for the tile envelope grown by the buffer, so the
 * selection can use the spatial index. It must only hold trusted text (no user input).
 */
export interface TileLayer {
  name: string;
  geometryType: TileGeometryType;
  sql: string;
  properties: readonly string[];
  hasId?: boolean;
}
