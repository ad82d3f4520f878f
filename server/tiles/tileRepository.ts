import type { Queryable } from '../db/Database';
import { quoteIdentifier } from '../db/Database';
import { TILE_BUFFER, TILE_EXTENT, type TileBounds } from './TileAddress';
import type { TileLayer } from './TileLayer';

const BUFFERED_BOX = 'ST_MakeEnvelope($1, $2, $3, $4, 3857)';
const TILE_BOX = 'ST_MakeEnvelope($5, $6, $7, $8, 3857)';

const boundsParameters = (buffered: TileBounds, tile: TileBounds) => [
  buffered.xmin,
  buffered.ymin,
  buffered.xmax,
  buffered.ymax,
  tile.xmin,
  tile.ymin,
  tile.xmax,
  tile.ymax,
];

const sourceSql = (layer: TileLayer) => layer.sql.replaceAll('!bbox!', BUFFERED_BOX);

const propertyList = (layer: TileLayer) => layer.properties.map((name) => `source.${quoteIdentifier(name)}`).join(', ');

const escapeLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The whole tile from PostGIS: one `ST_AsMVT` per layer over `ST_AsMVTGeom`, concatenated (a
 * vector tile is the concatenation of its layers). PostgreSQL only: PGlite has no `ST_AsMVT`.
 */
export async function selectPostgisTile(
  database: Queryable,
  layers: readonly TileLayer[],
  buffered: TileBounds,
  tile: TileBounds,
): Promise<Uint8Array> {
  if (layers.length === 0) return new Uint8Array();
  const parts = layers.map((layer) => {
    const properties = propertyList(layer);
    const id = layer.hasId ? ', source.id' : '';
    const mvt = `ST_AsMVT(features, ${escapeLiteral(layer.name)}, ${TILE_EXTENT}, 'geom'${layer.hasId ? ", 'id'" : ''})`;
    return `(SELECT coalesce(${mvt}, ''::bytea) FROM (
        SELECT ST_AsMVTGeom(source.geom, ${TILE_BOX}, ${TILE_EXTENT}, ${TILE_BUFFER}, true) AS geom${id}${properties ? `, ${properties}` : ''}
        FROM (${sourceSql(layer)}) source
      ) features WHERE features.geom IS NOT NULL)`;
  });
  const { rows } = await database.query<{ tile: Uint8Array | null }>(
    `SELECT ${parts.join(' || ')} AS tile`,
    boundsParameters(buffered, tile),
  );
  return rows[0]?.tile ?? new Uint8Array();
}

/** One feature of a layer, clipped and projected to integer tile coordinates, for the Node encoder. */
export interface TileFeatureRow {
  id?: number | null;
  tile_geometry: string | null;
  [property: string]: unknown;
}

/**
 * The features of one layer clipped to the buffered tile, simplified to half a tile unit, moved to
 * tile coordinates (y down) and snapped to the integer grid — in SQL, as GeoJSON text, so that Node
 * only encodes. Works on both engines (no `ST_AsMVT` needed).
 */
export async function selectTileFeatures(
  database: Queryable,
  layer: TileLayer,
  buffered: TileBounds,
  tile: TileBounds,
): Promise<TileFeatureRow[]> {
  const scale = TILE_EXTENT / (tile.xmax - tile.xmin);
  const clipped =
    layer.geometryType === 'point'
      ? 'source.geom'
      : `ST_Simplify(ST_ClipByBox2D(source.geom, ${BUFFERED_BOX}), ${0.5 / scale})`;
  const projected = `ST_SnapToGrid(ST_Affine(${clipped}, ${scale}, 0, 0, ${-scale}, ${-tile.xmin * scale}, ${tile.ymax * scale}), 1)`;
  const properties = propertyList(layer);
  const { rows } = await database.query<TileFeatureRow>(
    `SELECT ST_AsGeoJSON(${projected}, 0) AS tile_geometry${layer.hasId ? ', source.id' : ''}${properties ? `, ${properties}` : ''}
     FROM (${sourceSql(layer)}) source
     WHERE source.geom && ${BUFFERED_BOX}`,
    [buffered.xmin, buffered.ymin, buffered.xmax, buffered.ymax],
  );
  return rows;
}
