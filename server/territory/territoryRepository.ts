import type { Queryable } from '../db/Database';

export interface RegionRow {
  code: string;
  name: string;
}
export interface DepartmentRow {
  code: string;
  name: string;
  region: string;
}
export interface CommuneRow {
  code: string;
  name: string;
  department: string;
  region: string | null;
}
export interface IrisListRow {
  iris_code: string;
  iris_name: string;
  commune_name: string | null;
  commune_code: string;
  iris_type: string | null;
}
export interface BoundaryRow {
  geometry: string;
  properties: Record<string, unknown>;
}

export async function selectRegions(database: Queryable): Promise<RegionRow[]> {
  const { rows } = await database.query<RegionRow>('SELECT code, name FROM regions ORDER BY code');
  return rows;
}

/** Départements, of one région when `regionCode` is given. */
export async function selectDepartments(database: Queryable, regionCode?: string): Promise<DepartmentRow[]> {
  const { rows } = await database.query<DepartmentRow>(
    `SELECT code, name, region_code AS region FROM departements
     WHERE $1::text IS NULL OR region_code = $1 ORDER BY code`,
    [regionCode ?? null],
  );
  return rows;
}

/**
 * Communes of a département as the tree shows them: a commune divided into arrondissements
 * municipaux (Paris) is replaced by its arrondissements.
 */
export async function selectCommunes(
  database: Queryable,
  departementCode: string,
  limit: number,
): Promise<CommuneRow[]> {
  const { rows } = await database.query<CommuneRow>(
    `SELECT code, name, departement_code AS department, region_code AS region FROM communes c
     WHERE departement_code = $1
       AND NOT EXISTS (SELECT 1 FROM communes a
                       WHERE a.departement_code = $1 AND a.parent_code = c.code AND a.kind = 'arrondissement-municipal')
     ORDER BY code LIMIT $2`,
    [departementCode, limit],
  );
  return rows;
}

/**
 * IRIS of a commune; a commune with arrondissements (75056) gives those of its arrondissements. The
 * filters go through the département (indexed) first.
 */
export async function selectIrisOfCommune(
  database: Queryable,
  communeCode: string,
  limit: number,
): Promise<IrisListRow[]> {
  const { rows } = await database.query<IrisListRow>(
    `WITH target AS (SELECT departement_code FROM communes WHERE code = $1)
     SELECT code AS iris_code, name AS iris_name, commune_name, commune_code, type AS iris_type FROM iris
     WHERE departement_code IN (SELECT departement_code FROM target)
       AND (commune_code = $1
            OR commune_code IN (SELECT code FROM communes
                                WHERE departement_code IN (SELECT departement_code FROM target)
                                  AND parent_code = $1 AND kind = 'arrondissement-municipal'))
     ORDER BY code LIMIT $2`,
    [communeCode, limit],
  );
  return rows;
}

/** Simplification tolerance in degrees per level (≈ 50 m, 25 m, 5 m; IRIS kept exact). */
const TOLERANCE = { region: 0.0005, department: 0.00025, commune: 0.00005, iris: 0 } as const;

const BOUNDARY_QUERIES = {
  region: `SELECT jsonb_build_object('code', code, 'name', name, 'area_km2', area_km2) AS properties, geometry
           FROM regions WHERE code = $1`,
  department: `SELECT jsonb_build_object('code', code, 'name', name, 'region_code', region_code, 'area_km2', area_km2,
                   'outline_source', outline_source, 'outline_vintage', outline_vintage) AS properties, geometry
               FROM departements WHERE code = $1`,
  commune: `SELECT jsonb_build_object('code', code, 'name', name, 'kind', kind, 'parent_code', parent_code,
                   'departement_code', departement_code, 'region_code', region_code, 'population', population,
                   'population_vintage', population_vintage, 'postcodes', to_jsonb(postcodes), 'area_km2', area_km2,
                   'outline_source', outline_source, 'outline_vintage', outline_vintage) AS properties, geometry
            FROM communes WHERE code = $1`,
  iris: `SELECT jsonb_build_object('iris_code', code, 'iris_name', name, 'iris_type', type, 'commune_code', commune_code,
                'commune_name', commune_name, 'departement_code', departement_code, 'area_km2', area_km2)
              AS properties, geometry
         FROM iris WHERE code = $1`,
} as const;

export type BoundaryLevel = keyof typeof BOUNDARY_QUERIES;

/**
 * The boundary of one administrative unit as GeoJSON text (Polygon or MultiPolygon, simplified per
 * level, 6 decimals) and its other columns as properties; undefined when the code is unknown.
 */
export async function selectBoundary(
  database: Queryable,
  level: BoundaryLevel,
  code: string,
): Promise<BoundaryRow | undefined> {
  const tolerance = TOLERANCE[level];
  const simplified = tolerance > 0 ? `ST_SimplifyPreserveTopology(geometry, ${tolerance})` : 'geometry';
  const { rows } = await database.query<BoundaryRow>(
    `SELECT ST_AsGeoJSON(CASE WHEN ST_NumGeometries(shape) = 1 THEN ST_GeometryN(shape, 1) ELSE shape END, 6) AS geometry,
            properties
     FROM (SELECT properties, ${simplified} AS shape FROM (${BOUNDARY_QUERIES[level]}) unit) simplified`,
    [code],
  );
  return rows[0];
}

/**
 * The commune codes a commune stands for: itself, and its arrondissements municipaux when it is
 * divided into them (Paris 75056 → 75056, 75101…75120). Empty when the code is unknown. The only
 * place that knows about arrondissements for analyses.
 */
export async function selectCommuneCodes(database: Queryable, communeCode: string): Promise<string[]> {
  const { rows } = await database.query<{ code: string }>(
    // An arrondissement municipal lies in its commune's département: its index spares a scan of every commune.
    `SELECT code FROM communes
     WHERE (code = $1 OR parent_code = $1) AND departement_code = (SELECT departement_code FROM communes WHERE code = $1)
     ORDER BY code <> $1, code`,
    [communeCode],
  );
  return rows.map((row) => row.code);
}

const UNIT_TABLES = { region: 'regions', department: 'departements', commune: 'communes', iris: 'iris' } as const;

/** Whether a région, département, commune or IRIS with that code is loaded. */
export async function territoryUnitExists(database: Queryable, level: BoundaryLevel, code: string): Promise<boolean> {
  const { rows } = await database.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${UNIT_TABLES[level]} WHERE code = $1) AS found`,
    [code],
  );
  return rows[0]?.found === true;
}
