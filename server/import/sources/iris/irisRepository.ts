import type { Queryable } from '../../../db/Database';

/** The temporary table the contours are copied into before being cleaned and inserted. */
export const IRIS_STAGING_TABLE = 'staging_iris';

/** Indexes of `iris`, dropped before the load and built after it. */
export const IRIS_INDEXES = {
  iris_geometry_index: 'CREATE INDEX iris_geometry_index ON iris USING gist (geometry)',
  iris_departement_index: 'CREATE INDEX iris_departement_index ON iris (departement_code)',
};

const CLEAN_GEOMETRY = `ST_Multi(CASE WHEN ST_IsValid(geometry) THEN geometry
  ELSE ST_CollectionExtract(ST_MakeValid(geometry), 3) END)`;

/** Creates the staging table (dropped at commit). */
export async function createIrisStaging(transaction: Queryable): Promise<void> {
  await transaction.exec(`CREATE TEMP TABLE ${IRIS_STAGING_TABLE} (
  code text NOT NULL, name text NOT NULL, type text, commune_code text NOT NULL, commune_name text,
  departement_code text NOT NULL, geometry geometry NOT NULL
) ON COMMIT DROP`);
}

/** Removes a département's IRIS before they are loaded again. */
export async function deleteIris(transaction: Queryable, departement: string): Promise<void> {
  await transaction.query('DELETE FROM iris WHERE departement_code = $1', [departement]);
}

/** Staged contours → `iris`: valid multipolygons with area (km², geography) and a point-on-surface centroid. */
export async function insertStagedIris(transaction: Queryable): Promise<number> {
  const { affectedRows } = await transaction.query(`INSERT INTO iris
          (code, name, type, commune_code, commune_name, departement_code, area_km2, centroid, geometry)
        SELECT code, name, type, commune_code, commune_name, departement_code,
          ST_Area(g::geography) / 1e6, ST_PointOnSurface(g), g
        FROM (SELECT *, ${CLEAN_GEOMETRY} AS g FROM ${IRIS_STAGING_TABLE}) cleaned`);
  return affectedRows;
}
