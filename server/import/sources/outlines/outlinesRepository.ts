import type { Queryable } from '../../../db/Database';

/** A valid multipolygon from a union of contours (slivers between neighbouring IRIS dropped by the union). */
const CLEAN_UNION = `ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_Union(i.geometry)), 3))`;

/**
 * Replaces the (simplified) Admin Express outline of every commune and arrondissement municipal of the
 * départements whose IRIS contours are loaded by the union of its IRIS — a commune divided into
 * arrondissements takes the IRIS of its arrondissements — with area and point-on-surface recomputed.
 * A département all of whose communes are so outlined becomes the union of their outlines.
 * `vintages` maps a département to the edition of its IRIS contours. Returns the communes outlined.
 */
export async function outlineCommunesWithIris(
  transaction: Queryable,
  vintages: ReadonlyMap<string, string>,
): Promise<number> {
  let outlined = 0;
  for (const [departement, vintage] of vintages) {
    const { affectedRows } = await transaction.query(
      `WITH members AS (
         SELECT code AS commune_code, code AS outline_code FROM communes WHERE departement_code = $1
         UNION ALL
         SELECT code, parent_code FROM communes WHERE departement_code = $1 AND parent_code IS NOT NULL
       ), outlines AS (
         SELECT m.outline_code AS code, ${CLEAN_UNION} AS g
         FROM members m JOIN iris i ON i.commune_code = m.commune_code AND i.departement_code = $1
         GROUP BY m.outline_code
       )
       UPDATE communes c SET geometry = o.g, area_km2 = ST_Area(o.g::geography) / 1e6,
         centroid = ST_PointOnSurface(o.g), outline_source = 'iris', outline_vintage = $2
       FROM outlines o WHERE c.code = o.code AND NOT ST_IsEmpty(o.g)`,
      [departement, vintage],
    );
    outlined += affectedRows;
    await transaction.query(
      `WITH outline AS (
         SELECT ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_Union(geometry)), 3)) AS g
         FROM communes WHERE departement_code = $1 AND kind = 'commune'
         HAVING bool_and(outline_source = 'iris')
       )
       UPDATE departements d SET geometry = o.g, area_km2 = ST_Area(o.g::geography) / 1e6,
         centroid = ST_PointOnSurface(o.g), outline_source = 'iris', outline_vintage = $2
       FROM outline o WHERE d.code = $1 AND NOT ST_IsEmpty(o.g)`,
      [departement, vintage],
    );
  }
  return outlined;
}

/** The départements whose IRIS contours are loaded, with their edition (from the `datasets` records). */
export async function selectIrisContourVintages(transaction: Queryable): Promise<Map<string, string>> {
  const { rows } = await transaction.query<{ territory: string; vintage: string }>(
    `SELECT territory, vintage FROM datasets WHERE source = 'iris' ORDER BY territory`,
  );
  return new Map(rows.map((row) => [row.territory, row.vintage]));
}
