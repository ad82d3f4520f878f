import type { Queryable } from '../db/Database';
import type { CommuneIncome } from '../../kernel/demographics/demographicsRecord';

/** IRIS covered by less than 5 % are left out. */
export const MINIMUM_COVERAGE = 0.05;

/** One IRIS the zone intersects, with the share of its area inside the zone. */
export interface IrisCoverageRow {
  iris_code: string;
  iris_name: string;
  iris_type: string | null;
  commune_code: string;
  commune_name: string | null;
  departement_code: string;
  area_km2: number;
  coverage_ratio: number;
}

/**
 * The IRIS the zone (GeoJSON geometry, EPSG:4326) intersects and each one's coverage ratio:
 * area(IRIS ∩ zone) / area(IRIS), both on the spheroid (geography). IRIS inside the zone skip the
 * intersection (ratio 1). Invalid rings are repaired with ST_MakeValid. Ratios below
 * {@link MINIMUM_COVERAGE} are dropped.
 */
export async function selectIrisCoverage(database: Queryable, geometryJson: string): Promise<IrisCoverageRow[]> {
  const { rows } = await database.query<IrisCoverageRow>(
    `WITH zone AS (SELECT ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON($1), 4326)) AS geometry),
     hits AS (
       SELECT i.code AS iris_code, i.name AS iris_name, i.type AS iris_type, i.commune_code, i.commune_name,
              i.departement_code, i.area_km2,
              CASE WHEN ST_CoveredBy(i.geometry, zone.geometry) THEN 1::float8
                   ELSE ST_Area(ST_Intersection(i.geometry, zone.geometry)::geography)
                        / NULLIF(ST_Area(i.geometry::geography), 0) END AS coverage_ratio
       FROM iris i, zone
       WHERE i.geometry && zone.geometry AND ST_Intersects(i.geometry, zone.geometry))
     SELECT * FROM hits WHERE coverage_ratio >= $2 ORDER BY iris_code`,
    [geometryJson, MINIMUM_COVERAGE],
  );
  return rows.map((row) => ({ ...row, coverage_ratio: Math.min(1, Number(row.coverage_ratio)) }));
}

/** Area of the zone in km² (geography). */
export async function selectZoneArea(database: Queryable, geometryJson: string): Promise<number> {
  const { rows } = await database.query<{ area: number }>(
    `SELECT ST_Area(ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON($1), 4326))::geography) / 1e6 AS area`,
    [geometryJson],
  );
  return Number(rows[0]?.area ?? 0);
}

/** Whether PostGIS reads the geometry as valid GeoJSON; the parse error message otherwise. */
export async function checkGeometry(database: Queryable, geometryJson: string): Promise<string | undefined> {
  try {
    const { rows } = await database.query<{ empty: boolean }>(`SELECT ST_IsEmpty(ST_GeomFromGeoJSON($1)) AS empty`, [
      geometryJson,
    ]);
    return rows[0]?.empty ? 'géométrie vide' : undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The IRIS of IRIS codes, commune codes (a divided commune comes with its arrondissements' codes) or
 * département codes, each wholly counted (coverage 1).
 */
export async function selectIrisOfTerritory(
  database: Queryable,
  level: 'commune' | 'department' | 'iris',
  codes: readonly string[],
): Promise<IrisCoverageRow[]> {
  const column = level === 'iris' ? 'code' : level === 'commune' ? 'commune_code' : 'departement_code';
  const filter = `${column} = ANY($1::text[])`;
  const { rows } = await database.query<IrisCoverageRow>(
    `SELECT code AS iris_code, name AS iris_name, type AS iris_type, commune_code, commune_name, departement_code,
            area_km2, 1::float8 AS coverage_ratio
     FROM iris WHERE ${filter} ORDER BY code`,
    [codes],
  );
  return rows;
}

/** One INSEE base × vintage row of an IRIS. */
export interface IrisStatisticRow {
  base: string;
  vintage: number;
  iris_code: string;
  /** The figures as JSON text, parsed by the caller a slice at a time (thousands of rows for a large zone). */
  values_json: string;
}

/**
 * Every vintage of every base loaded for the given IRIS. The figures are chosen per figure, not per
 * base (`WeightedSums.vintageFor`): the newest vintage covering the zone for that figure, so a thin
 * extract of a newer year (the 2017 Paris join keeps 41 of the 102 activity columns) gives its
 * figures and the older complete base gives the others.
 */
export async function selectStatistics(database: Queryable, irisCodes: readonly string[]): Promise<IrisStatisticRow[]> {
  if (irisCodes.length === 0) return [];
  const { rows } = await database.query<IrisStatisticRow>(
    `SELECT base, vintage, iris_code, "values"::text AS values_json FROM insee_iris_statistics
     WHERE iris_code = ANY($1::text[]) ORDER BY iris_code, base, vintage DESC`,
    [irisCodes],
  );
  return rows;
}

/** Vintages loaded per base for the given départements (metadata). */
export async function selectLoadedVintages(
  database: Queryable,
  departements: readonly string[],
): Promise<{ base: string; vintages: number[] }[]> {
  if (departements.length === 0) return [];
  const { rows } = await database.query<{ base: string; vintages: number[] }>(
    `SELECT base, array_agg(DISTINCT vintage ORDER BY vintage) AS vintages FROM insee_iris_statistics
     WHERE departement_code = ANY($1::text[]) GROUP BY base ORDER BY base`,
    [departements],
  );
  return rows.map((row) => ({ base: row.base, vintages: row.vintages.map(Number) }));
}

/** France Travail job seekers of the latest period for the communes, with category counts. */
export interface JobSeekerRow {
  commune_code: string;
  period: string;
  category: string;
  count: number | null;
}

export async function selectLatestJobSeekers(
  database: Queryable,
  communeCodes: readonly string[],
): Promise<JobSeekerRow[]> {
  if (communeCodes.length === 0) return [];
  const { rows } = await database.query<JobSeekerRow>(
    `SELECT commune_code, period, category, count FROM job_seekers
     WHERE commune_code = ANY($1::text[]) AND period = (
       SELECT max(period) FROM job_seekers WHERE commune_code = ANY($1::text[]))
     ORDER BY commune_code, category`,
    [communeCodes],
  );
  return rows;
}

/**
 * Population 15–64 of whole communes (latest activité-résidents vintage), the denominator used to
 * apportion a commune's job seekers to the part of it inside the zone.
 */
export async function selectCommunePopulation(
  database: Queryable,
  communeCodes: readonly string[],
): Promise<{ commune_code: string; population_1564: number }[]> {
  if (communeCodes.length === 0) return [];
  const { rows } = await database.query<{ commune_code: string; population_1564: number }>(
    `WITH latest AS (SELECT max(vintage) AS vintage FROM insee_iris_statistics
                     WHERE base = 'activite-residents' AND commune_code = ANY($1::text[]))
     SELECT s.commune_code,
            sum((SELECT (value)::float8 FROM jsonb_each_text(s."values") WHERE key ~ '^P\\d\\d_POP1564$' LIMIT 1))
              AS population_1564
     FROM insee_iris_statistics s, latest
     WHERE s.base = 'activite-residents' AND s.vintage = latest.vintage AND s.commune_code = ANY($1::text[])
     GROUP BY s.commune_code`,
    [communeCodes],
  );
  return rows.map((row) => ({ commune_code: row.commune_code, population_1564: Number(row.population_1564) }));
}

/** A circle of `radiusMetres` around a point, as a GeoJSON polygon (geodesic buffer). */
export async function selectCircle(
  database: Queryable,
  [longitude, latitude]: readonly [number, number],
  radiusMetres: number,
): Promise<unknown> {
  const { rows } = await database.query<{ geometry: string }>(
    `SELECT ST_AsGeoJSON(ST_Buffer(ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, $3, 32)::geometry, 7) AS geometry`,
    [longitude, latitude, radiusMetres],
  );
  return JSON.parse(rows[0]?.geometry ?? 'null') as unknown;
}

/**
 * The newest commune-level Filosofi figures of the commune an administrative zone stands for: the commune
 * (or arrondissement) itself, or the only commune of a département (Paris for 75). Undefined when the file
 * is not loaded for it, for a département of several communes, or for any other level.
 */
export async function selectCommuneIncome(
  database: Queryable,
  level: 'department' | 'commune',
  code: string,
): Promise<CommuneIncome | undefined> {
  const { rows } = await database.query<CommuneIncome>(
    `WITH target AS (
       SELECT code, name FROM communes WHERE $1 = 'commune' AND code = $2
       UNION ALL
       SELECT min(code), min(name) FROM communes WHERE $1 = 'department' AND departement_code = $2 AND kind = 'commune'
       HAVING count(*) = 1
     )
     SELECT i.commune_code, t.name AS commune_name, i.vintage, i.median, i.poverty_rate, i.first_decile,
            i.ninth_decile, i.tax_households
     FROM commune_incomes i JOIN target t ON t.code = i.commune_code
     WHERE i.median IS NOT NULL ORDER BY i.vintage DESC LIMIT 1`,
    [level, code],
  );
  return rows[0];
}
