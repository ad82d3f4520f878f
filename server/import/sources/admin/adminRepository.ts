import type { Queryable } from '../../../db/Database';

/** The temporary table the boundary features are copied into before being cleaned and inserted. */
export const BOUNDARY_STAGING_TABLE = 'staging_boundaries';

/** Multipolygon, valid, SRID 4326: what every boundary table stores. */
const CLEAN_GEOMETRY = `ST_Multi(CASE WHEN ST_IsValid(geometry) THEN geometry
  ELSE ST_CollectionExtract(ST_MakeValid(geometry), 3) END)`;

/** Indexes of `communes`, dropped before the load and built after it. */
export const COMMUNE_INDEXES = {
  communes_geometry_index: 'CREATE INDEX communes_geometry_index ON communes USING gist (geometry)',
  communes_departement_index: 'CREATE INDEX communes_departement_index ON communes (departement_code)',
};

/** Creates the staging table (dropped at commit). */
export async function createBoundaryStaging(transaction: Queryable): Promise<void> {
  await transaction.exec(`CREATE TEMP TABLE ${BOUNDARY_STAGING_TABLE} (
  code text NOT NULL, name text NOT NULL, kind text, parent_code text, departement_code text,
  region_code text, population integer, postcodes text[], geometry geometry NOT NULL
) ON COMMIT DROP`);
}

/** Empties one boundary table before its dataset is loaded again. */
export async function deleteBoundaries(
  transaction: Queryable,
  table: 'regions' | 'departements' | 'communes',
): Promise<void> {
  await transaction.exec(`DELETE FROM ${table}`);
}

/** Staged régions → `regions`, with area (km², geography) and a point-on-surface centroid. */
export async function insertStagedRegions(transaction: Queryable): Promise<number> {
  const { affectedRows } = await transaction.query(`INSERT INTO regions (code, name, area_km2, centroid, geometry)
        SELECT code, name, ST_Area(g::geography) / 1e6, ST_PointOnSurface(g), g
        FROM (SELECT code, name, ${CLEAN_GEOMETRY} AS g FROM ${BOUNDARY_STAGING_TABLE}) cleaned`);
  return affectedRows;
}

/** Staged départements → `departements`, outlined by Admin Express of the given edition. */
export async function insertStagedDepartements(transaction: Queryable, outlineVintage: string): Promise<number> {
  const { affectedRows } = await transaction.query(
    `INSERT INTO departements (code, name, region_code, area_km2, centroid, geometry, outline_source, outline_vintage)
        SELECT code, name, region_code, ST_Area(g::geography) / 1e6, ST_PointOnSurface(g), g, 'admin-express', $1
        FROM (SELECT code, name, region_code, ${CLEAN_GEOMETRY} AS g FROM ${BOUNDARY_STAGING_TABLE}) cleaned`,
    [outlineVintage],
  );
  return affectedRows;
}

/**
 * Staged communes and arrondissements municipaux → `communes`, outlined by Admin Express of the given
 * edition, their legal populations of the given millésime.
 */
export async function insertStagedCommunes(
  transaction: Queryable,
  outlineVintage: string,
  populationVintage: number,
): Promise<number> {
  const { affectedRows } = await transaction.query(
    `INSERT INTO communes
          (code, name, kind, parent_code, departement_code, region_code, population, population_vintage, postcodes,
           area_km2, centroid, geometry, outline_source, outline_vintage)
        SELECT code, name, kind, parent_code, departement_code, region_code, population,
          CASE WHEN population IS NULL THEN NULL ELSE $2::smallint END, postcodes,
          ST_Area(g::geography) / 1e6, ST_PointOnSurface(g), g, 'admin-express', $1
        FROM (SELECT *, ${CLEAN_GEOMETRY} AS g FROM ${BOUNDARY_STAGING_TABLE}) cleaned`,
    [outlineVintage, populationVintage],
  );
  return affectedRows;
}
