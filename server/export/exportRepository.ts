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
