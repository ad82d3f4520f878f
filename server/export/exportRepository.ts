import type { Queryable } from '../db/Database';
import type { ExportGeometry } from '../../kernel/export/exportDocument';

/** The outlines of IRIS (WGS 84, 6 decimals) by code, for the GIS files. */
export async function selectIrisGeometries(
  database: Queryable,
  codes: readonly string[],
): Promise<Map<string, ExportGeometry>> {
  if (codes.length === 0) return new Map();
  const { rows } = await database.query<{ code: string; geometry: string }>(
    `SELECT code, ST_AsGeoJSON(geometry, 6) AS geometry FROM iris WHERE code = ANY($1::text[])`,
    [codes],
  );
  return new Map(rows.map((row) => [row.code, JSON.parse(row.geometry) as ExportGeometry]));
}

/**
 * The communes (arrondissements instead of their divided commune) around a box [west, south, east, north],
 * simplified to `tolerance` degrees: the cover map's basemap.
 */
export async function selectBasemapCommunes(
  database: Queryable,
  box: readonly [number, number, number, number],
  tolerance: number,
): Promise<{ name: string; geometry: ExportGeometry }[]> {
  const { rows } = await database.query<{ name: string; geometry: string }>(
    `SELECT c.name, ST_AsGeoJSON(ST_SimplifyPreserveTopology(c.geometry, $5), 5) AS geometry
     FROM communes c
     WHERE c.geometry && ST_MakeEnvelope($1, $2, $3, $4, 4326)
       AND NOT EXISTS (SELECT 1 FROM communes part WHERE part.parent_code = c.code)
     ORDER BY c.code
     LIMIT 400`,
    [...box, tolerance],
  );
  return rows.map((row) => ({ name: row.name, geometry: JSON.parse(row.geometry) as ExportGeometry }));
}
