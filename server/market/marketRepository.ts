import type { Queryable } from '../db/Database';
import { nafCondition, nafParameter } from '../businesses/nafCondition';

/** The IRIS a point lies in, with its département; undefined outside the loaded territory. */
export async function selectIrisAt(
  database: Queryable,
  [longitude, latitude]: readonly [number, number],
): Promise<{ iris_code: string; departement_code: string } | undefined> {
  const { rows } = await database.query<{ iris_code: string; departement_code: string }>(
    `SELECT code AS iris_code, departement_code FROM iris
     WHERE geometry && ST_SetSRID(ST_MakePoint($1, $2), 4326) AND ST_Covers(geometry, ST_SetSRID(ST_MakePoint($1, $2), 4326))
     ORDER BY code LIMIT 1`,
    [longitude, latitude],
  );
  return rows[0];
}

/**
 * One IRIS's representative point: where its residents' trips start in the Huff model. `addresses` is
 * the number of BAN addresses it was chosen among (0: the IRIS's centroid).
 */
export interface IrisPointRow {
  iris_code: string;
  iris_name: string;
  longitude: number;
  latitude: number;
  addresses: number;
}

/**
 * The representative points of the IRIS of the départements: the BAN address nearest to the barycentre of
 * the IRIS's addresses — the addresses standing for where people live, so that a park, a cemetery or a
 * railway yard does not pull the point away from the homes as the geometric centroid does — or the
 * centroid when the IRIS holds no address.
 */
export async function selectIrisPoints(
  database: Queryable,
  departementCodes: readonly string[],
): Promise<IrisPointRow[]> {
  const { rows } = await database.query<IrisPointRow>(
    `WITH barycentre AS (
       SELECT iris_code, ST_SetSRID(ST_MakePoint(avg(ST_X(geometry)), avg(ST_Y(geometry))), 4326) AS point,
              count(*)::int AS addresses
       FROM ban_addresses WHERE departement_code = ANY($1::text[]) AND iris_code IS NOT NULL GROUP BY iris_code),
     nearest AS (
       SELECT DISTINCT ON (a.iris_code) a.iris_code, a.geometry, b.addresses
       FROM ban_addresses a JOIN barycentre b USING (iris_code)
       WHERE a.departement_code = ANY($1::text[])
       ORDER BY a.iris_code, a.geometry <-> b.point, a.id)
     SELECT i.code AS iris_code, i.name AS iris_name,
            ST_X(coalesce(n.geometry, i.centroid)) AS longitude, ST_Y(coalesce(n.geometry, i.centroid)) AS latitude,
            coalesce(n.addresses, 0) AS addresses
     FROM iris i LEFT JOIN nearest n ON n.iris_code = i.code
     WHERE i.departement_code = ANY($1::text[]) ORDER BY i.code`,
    [departementCodes],
  );
  return rows.map((row) => ({
    ...row,
    longitude: Number(row.longitude),
    latitude: Number(row.latitude),
    addresses: Number(row.addresses),
  }));
}

/** The outlines of IRIS (simplified to about 5 m, 6 decimals) as GeoJSON strings. */
export async function selectIrisOutlines(
  database: Queryable,
  irisCodes: readonly string[],
): Promise<{ iris_code: string; geometry: string }[]> {
  if (irisCodes.length === 0) return [];
  const { rows } = await database.query<{ iris_code: string; geometry: string }>(
    `SELECT code AS iris_code, ST_AsGeoJSON(ST_SimplifyPreserveTopology(geometry, 0.00005), 6) AS geometry
     FROM iris WHERE code = ANY($1::text[]) ORDER BY code`,
    [irisCodes],
  );
  return rows;
}

/** How many counted, active establishments of the NAF codes the département holds. */
export async function countDepartementOutlets(
  database: Queryable,
  departementCode: string,
  nafCodes: readonly string[],
): Promise<number> {
  const { rows } = await database.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM counted_establishments e
     WHERE e.departement_code = $1 AND (e.etat IS NULL OR e.etat = 'A') AND ${nafCondition('e.naf_code', '$2', nafCodes)}`,
    [departementCode, nafParameter(nafCodes)],
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * Counted, active establishments of the NAF sous-classes (full codes) within a straight-line radius of a
 * point, by NAF code: one scan of the circle for every family.
 */
export async function countOutletsWithinByNafCode(
  database: Queryable,
  [longitude, latitude]: readonly [number, number],
  nafCodes: readonly string[],
  radiusMetres: number,
): Promise<{ naf_code: string; count: number }[]> {
  const latitudeDelta = radiusMetres / 110_574;
  const longitudeDelta = radiusMetres / (111_320 * Math.cos((latitude * Math.PI) / 180));
  const { rows } = await database.query<{ naf_code: string; count: number }>(
    `SELECT e.naf_code, count(*)::int AS count FROM counted_establishments e
     WHERE e.geometry && ST_MakeEnvelope($1::float8 - $4::float8, $2::float8 - $5::float8, $1::float8 + $4::float8, $2::float8 + $5::float8, 4326)
       AND (e.etat IS NULL OR e.etat = 'A') AND ${nafCondition('e.naf_code', '$3', nafCodes)}
       AND ST_DWithin(e.geometry::geography, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, $6)
     GROUP BY e.naf_code`,
    [longitude, latitude, nafParameter(nafCodes), longitudeDelta, latitudeDelta, radiusMetres],
  );
  return rows.map((row) => ({ naf_code: row.naf_code, count: Number(row.count) }));
}

/** Counted, active establishments of the NAF codes inside a zone (GeoJSON geometry), by NAF code. */
export async function countZoneOutletsByNafCode(
  database: Queryable,
  geometryJson: string,
  nafCodes: readonly string[],
): Promise<{ naf_code: string; count: number }[]> {
  const { rows } = await database.query<{ naf_code: string; count: number }>(
    `WITH zone AS (SELECT ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON($1), 4326)) AS geometry)
     SELECT e.naf_code, count(*)::int AS count FROM counted_establishments e, zone
     WHERE e.geometry && zone.geometry AND ST_Intersects(e.geometry, zone.geometry)
       AND (e.etat IS NULL OR e.etat = 'A') AND ${nafCondition('e.naf_code', '$2', nafCodes)}
     GROUP BY e.naf_code`,
    [geometryJson, nafParameter(nafCodes)],
  );
  return rows.map((row) => ({ naf_code: row.naf_code, count: Number(row.count) }));
}
