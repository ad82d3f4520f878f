import type { Queryable } from '../db/Database';
import { CENSUS_SIX_AGE_BANDS } from '../../kernel/demographics/inseeColumns';

/** Bumped whenever the build changes what it computes, so that stored builds are redone. */
export const MAP_AREAS_VERSION = 'map-areas-3';

/**
 * Simplification of each zoom band (metres): a quarter of a screen pixel (4 tile units) at the
 * band's highest zoom — 6, 8 and 10 — so that gaps between neighbours stay invisible.
 */
const TOLERANCE = { z6: 610, z8: 150, z10: 38 } as const;

/** Share of an area's surface that its IRIS with data must cover for an IRIS-based aggregate. */
const MINIMUM_COVERAGE = 0.85;

const HOUSING_TYPES = `('Maison', 'Appartement')`;
const COMMERCIAL_TYPE = `'Local industriel. commercial ou assimilé'`;

async function tableExists(database: Queryable, name: string): Promise<boolean> {
  const { rows } = await database.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [name]);
  return rows[0]?.found ?? false;
}

const projected = (source: string) => `ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_Transform(${source}, 3857)), 3))`;
const simplified = (tolerance: number) =>
  `ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_SimplifyPreserveTopology(g, ${tolerance})), 3))`;

/** Inserts the areas of one level from a SELECT giving its columns and `source_geometry` (EPSG:4326). */
async function insertAreas(database: Queryable, level: string, select: string): Promise<void> {
  await database.exec(`
    INSERT INTO map_areas (level, code, name, parent_code, commune_code, commune_name, departement_code, region_code,
      kind, has_arrondissements, area_km2, population, population_scope, centroid, label_point,
      geometry, geometry_z6, geometry_z8, geometry_z10)
    SELECT '${level}', code, name, parent_code, commune_code, commune_name, departement_code, region_code,
      kind, has_arrondissements, area_km2, population, population_scope, centroid,
      ST_Transform(centroid, 3857), g, ${simplified(TOLERANCE.z6)}, ${simplified(TOLERANCE.z8)}, ${simplified(TOLERANCE.z10)}
    FROM (SELECT source.*, ${projected('source_geometry')} AS g FROM (${select}) source) projected
    WHERE NOT ST_IsEmpty(g)`);
}

async function insertBoundaries(database: Queryable): Promise<void> {
  await insertAreas(
    database,
    'region',
    `SELECT r.code, r.name, NULL AS parent_code, NULL AS commune_code, NULL AS commune_name, NULL AS departement_code,
       r.code AS region_code, NULL AS kind, false AS has_arrondissements, r.area_km2,
       (SELECT sum(c.population) FROM communes c WHERE c.region_code = r.code AND c.kind = 'commune')::float8 AS population,
       'cog' AS population_scope, r.centroid, r.geometry AS source_geometry
     FROM regions r`,
  );
  await insertAreas(
    database,
    'departement',
    `SELECT d.code, d.name, d.region_code AS parent_code, NULL AS commune_code, NULL AS commune_name,
       d.code AS departement_code, d.region_code, NULL AS kind, false AS has_arrondissements, d.area_km2,
       (SELECT sum(c.population) FROM communes c WHERE c.departement_code = d.code AND c.kind = 'commune')::float8 AS population,
       'cog' AS population_scope, d.centroid, d.geometry AS source_geometry
     FROM departements d`,
  );
  await insertAreas(
    database,
    'commune',
    `SELECT c.code, c.name, coalesce(c.parent_code, c.departement_code) AS parent_code, c.code AS commune_code,
       c.name AS commune_name, c.departement_code, c.region_code, c.kind,
       EXISTS (SELECT 1 FROM communes a WHERE a.parent_code = c.code) AS has_arrondissements, c.area_km2,
       c.population::float8 AS population, CASE WHEN c.population IS NULL THEN NULL ELSE 'cog' END AS population_scope,
       c.centroid, c.geometry AS source_geometry
     FROM communes c`,
  );
}

async function insertIris(database: Queryable): Promise<void> {
  await insertAreas(
    database,
    'iris',
    `SELECT i.code, i.name, i.commune_code AS parent_code, i.commune_code, i.commune_name, i.departement_code,
       (SELECT d.region_code FROM departements d WHERE d.code = i.departement_code) AS region_code, i.type AS kind,
       false AS has_arrondissements, i.area_km2, NULL::float8 AS population, NULL AS population_scope, i.centroid,
       i.geometry AS source_geometry
     FROM iris i`,
  );
}

/**
 * `area_links(iris_code, level, code)`: each IRIS with the commune, parent commune (Paris for its
 * arrondissements), département and région holding it, for IRIS-based aggregates.
 */
async function linkIrisToAreas(database: Queryable): Promise<void> {
  await database.exec(`
    CREATE TEMP TABLE area_links ON COMMIT DROP AS
    SELECT code AS iris_code, 'iris' AS level, code FROM map_areas WHERE level = 'iris'
    UNION ALL SELECT code, 'commune', commune_code FROM map_areas WHERE level = 'iris'
    UNION ALL SELECT i.code, 'commune', c.parent_code FROM map_areas i JOIN communes c ON c.code = i.commune_code
      WHERE i.level = 'iris' AND c.parent_code IS NOT NULL
    UNION ALL SELECT code, 'departement', departement_code FROM map_areas WHERE level = 'iris'
    UNION ALL SELECT code, 'region', region_code FROM map_areas WHERE level = 'iris' AND region_code IS NOT NULL`);
}

/** The latest vintage of each INSEE base for each IRIS, with `yy` the two-digit year of its columns. */
const LATEST_STATISTICS = (base: string) => `(
  SELECT DISTINCT ON (iris_code) iris_code, vintage, right(vintage::text, 2) AS yy, "values"
  FROM insee_iris_statistics WHERE base = '${base}' ORDER BY iris_code, vintage DESC)`;

const number = (key: string) => `NULLIF(s."values"->>(${key}), '')::float8`;

async function computeIrisStatistics(database: Queryable): Promise<void> {
  // Population: total from evol-struct-pop (P_POP, else the sum of its six age bands, which add up to it);
  // otherwise (an IRIS evol-struct-pop lacks: activity or miscellaneous IRIS of the habitat-only RP 2016
  // files) the population aged 2 or more of diplômes-formation, flagged by its scope '2+'.
  await database.exec(`
    UPDATE map_areas a SET population = p.population, population_vintage = p.vintage, population_scope = 'total'
    FROM (SELECT s.iris_code, s.vintage, ${number(`'P' || s.yy || '_POP'`)} AS population
          FROM ${LATEST_STATISTICS('evol-struct-pop')} s) p
    WHERE a.level = 'iris' AND a.code = p.iris_code AND p.population IS NOT NULL;
    UPDATE map_areas a SET population = p.population, population_vintage = p.vintage, population_scope = 'total'
    FROM (SELECT s.iris_code, s.vintage,
            ${CENSUS_SIX_AGE_BANDS.map((band) => number(`'P' || s.yy || '_${band.column}'`)).join(' + ')} AS population
          FROM ${LATEST_STATISTICS('evol-struct-pop')} s) p
    WHERE a.level = 'iris' AND a.code = p.iris_code AND a.population IS NULL AND p.population IS NOT NULL;
    UPDATE map_areas a SET population = p.population, population_vintage = p.vintage, population_scope = '2+'
    FROM (SELECT s.iris_code, s.vintage,
            ${['0205', '0610', '1114', '1517', '1824', '2529', '30P'].map((band) => number(`'P' || s.yy || '_POP${band}'`)).join(' + ')} AS population
          FROM ${LATEST_STATISTICS('diplomes-formation')} s) p
    WHERE a.level = 'iris' AND a.code = p.iris_code AND a.population IS NULL AND p.population IS NOT NULL;
    UPDATE map_areas a SET median_income = p.income, income_vintage = p.vintage, income_method = 'filosofi'
    FROM (SELECT s.iris_code, s.vintage,
            coalesce(${number(`'DISP_MED' || s.yy`)}, ${number(`'niveau_vie_median'`)}) AS income
          FROM ${LATEST_STATISTICS('filosofi-disp')} s) p
    WHERE a.level = 'iris' AND a.code = p.iris_code AND p.income IS NOT NULL;
    CREATE TEMP TABLE iris_employment ON COMMIT DROP AS
    SELECT s.iris_code, s.vintage, ${number(`'P' || s.yy || '_ACTOCC1564'`)} AS employed,
      ${number(`'P' || s.yy || '_POP1564'`)} AS working_age
    FROM ${LATEST_STATISTICS('activite-residents')} s;
    UPDATE map_areas a SET employment_rate = e.employed / e.working_age, employment_vintage = e.vintage
    FROM iris_employment e
    WHERE a.level = 'iris' AND a.code = e.iris_code AND e.working_age > 0 AND e.employed IS NOT NULL;
    CREATE TEMP TABLE iris_housing ON COMMIT DROP AS
    SELECT s.iris_code, s.vintage, ${number(`'P' || s.yy || '_LOG'`)} AS dwellings,
      ${number(`'P' || s.yy || '_MAISON'`)} AS houses, ${number(`'P' || s.yy || '_APPART'`)} AS flats
    FROM ${LATEST_STATISTICS('logement')} s;
    UPDATE map_areas a SET house_share = h.houses / h.dwellings, flat_share = h.flats / h.dwellings,
      housing_vintage = h.vintage
    FROM iris_housing h
    WHERE a.level = 'iris' AND a.code = h.iris_code AND h.dwellings > 0 AND h.houses IS NOT NULL AND h.flats IS NOT NULL`);

  // Aggregates over IRIS, kept only where the IRIS with data cover the area.
  const coverage = (indicator: string) => `sum(i.area_km2) FILTER (WHERE i.${indicator} IS NOT NULL) / max(a.area_km2)`;
  await database.exec(`
    UPDATE map_areas a SET median_income = agg.income, income_vintage = agg.vintage, income_method = 'iris-weighted'
    FROM (SELECT l.level, l.code,
            coalesce(sum(i.median_income * i.population) / NULLIF(sum(i.population) FILTER (WHERE i.median_income IS NOT NULL), 0),
                     avg(i.median_income)) AS income,
            max(i.income_vintage) AS vintage, ${coverage('median_income')} AS coverage
          FROM area_links l JOIN map_areas i ON i.level = 'iris' AND i.code = l.iris_code
          JOIN map_areas a ON a.level = l.level AND a.code = l.code
          WHERE l.level <> 'iris' GROUP BY l.level, l.code) agg
    WHERE a.level = agg.level AND a.code = agg.code AND agg.income IS NOT NULL AND agg.coverage >= ${MINIMUM_COVERAGE};
    -- A commune's (and a one-commune département's) published Filosofi median replaces the IRIS estimate.
    CREATE TEMP TABLE commune_median ON COMMIT DROP AS
    SELECT DISTINCT ON (commune_code) commune_code, vintage, median FROM commune_incomes
    WHERE median IS NOT NULL ORDER BY commune_code, vintage DESC;
    UPDATE map_areas a SET median_income = f.median, income_vintage = f.vintage, income_method = 'filosofi'
    FROM commune_median f WHERE a.level = 'commune' AND a.code = f.commune_code;
    UPDATE map_areas a SET median_income = f.median, income_vintage = f.vintage, income_method = 'filosofi'
    FROM communes c JOIN commune_median f ON f.commune_code = c.code
    WHERE a.level = 'departement' AND a.code = c.departement_code AND c.kind = 'commune'
      AND NOT EXISTS (SELECT 1 FROM communes o WHERE o.departement_code = c.departement_code AND o.kind = 'commune'
                      AND o.code <> c.code);
    UPDATE map_areas a SET employment_rate = agg.employed / agg.working_age, employment_vintage = agg.vintage
    FROM (SELECT l.level, l.code, sum(e.employed) AS employed, sum(e.working_age) AS working_age,
            max(e.vintage) AS vintage, ${coverage('employment_rate')} AS coverage
          FROM area_links l JOIN map_areas i ON i.level = 'iris' AND i.code = l.iris_code
          JOIN map_areas a ON a.level = l.level AND a.code = l.code
          LEFT JOIN iris_employment e ON e.iris_code = l.iris_code
          WHERE l.level <> 'iris' GROUP BY l.level, l.code) agg
    WHERE a.level = agg.level AND a.code = agg.code AND agg.working_age > 0 AND agg.coverage >= ${MINIMUM_COVERAGE};
    UPDATE map_areas a SET house_share = agg.houses / agg.dwellings, flat_share = agg.flats / agg.dwellings,
      housing_vintage = agg.vintage
    FROM (SELECT l.level, l.code, sum(h.dwellings) AS dwellings, sum(h.houses) AS houses, sum(h.flats) AS flats,
            max(h.vintage) AS vintage, ${coverage('house_share')} AS coverage
          FROM area_links l JOIN map_areas i ON i.level = 'iris' AND i.code = l.iris_code
          JOIN map_areas a ON a.level = l.level AND a.code = l.code
          LEFT JOIN iris_housing h ON h.iris_code = l.iris_code
          WHERE l.level <> 'iris' GROUP BY l.level, l.code) agg
    WHERE a.level = agg.level AND a.code = agg.code AND agg.dwellings > 0 AND agg.coverage >= ${MINIMUM_COVERAGE}`);
}

/**
 * DVF, set-based: one row per mutation (a sale spans several rows: one per lot, parcel or
 * dependency), then per area the median €/m² of single-dwelling sales and the sale counts.
 * Areas in départements without DVF keep NULL; areas with DVF and no sale get a count of 0.
 */
async function computeLandValues(database: Queryable): Promise<void> {
  await database.exec(`
    CREATE TEMP TABLE land_value_mutations ON COMMIT DROP AS
    SELECT id_mutation, vintage, min(iris_code) AS iris_code, min(code_commune) AS commune_code,
      min(code_departement) AS departement_code, bool_and(nature_mutation = 'Vente') AS sale,
      max(valeur_fonciere)::float8 AS price,
      count(DISTINCT coalesce(id_parcelle, '') || '|' || coalesce(lot1_numero, '') || '|' || type_local || '|'
        || coalesce(surface_reelle_bati::text, '')) FILTER (WHERE type_local IN ${HOUSING_TYPES}) AS dwellings,
      max(surface_reelle_bati::float8) FILTER (WHERE type_local IN ${HOUSING_TYPES}) AS dwelling_surface,
      count(*) FILTER (WHERE type_local = ${COMMERCIAL_TYPE}) AS commercial_rows,
      sum(surface_reelle_bati::float8) FILTER (WHERE type_local = ${COMMERCIAL_TYPE}) AS commercial_surface
    FROM dvf_rows GROUP BY id_mutation, vintage;
    CREATE TEMP TABLE dvf_links ON COMMIT DROP AS
    SELECT m.*, l.level, l.code FROM land_value_mutations m
    CROSS JOIN LATERAL (VALUES ('iris', m.iris_code), ('commune', m.commune_code),
      ('commune', (SELECT c.parent_code FROM communes c WHERE c.code = m.commune_code)),
      ('departement', m.departement_code),
      ('region', (SELECT d.region_code FROM departements d WHERE d.code = m.departement_code))) AS l(level, code)
    WHERE l.code IS NOT NULL;
    UPDATE map_areas a SET land_value_per_sqm = agg.median_per_sqm, land_value_sales = agg.single_sales,
      residential_sales = agg.residential_sales, residential_price_avg = agg.residential_price,
      commercial_sales = agg.commercial_sales, commercial_price_avg = agg.commercial_price,
      commercial_price_per_sqm = agg.commercial_per_sqm
    FROM (SELECT level, code,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY price / dwelling_surface)
              FILTER (WHERE sale AND dwellings = 1 AND commercial_rows = 0 AND price > 0 AND dwelling_surface > 0) AS median_per_sqm,
            count(*) FILTER (WHERE sale AND dwellings = 1 AND commercial_rows = 0 AND price > 0 AND dwelling_surface > 0) AS single_sales,
            count(*) FILTER (WHERE sale AND dwellings > 0 AND price > 0) AS residential_sales,
            avg(price) FILTER (WHERE sale AND dwellings > 0 AND price > 0) AS residential_price,
            count(*) FILTER (WHERE sale AND commercial_rows > 0 AND dwellings = 0 AND price > 0) AS commercial_sales,
            avg(price) FILTER (WHERE sale AND commercial_rows > 0 AND dwellings = 0 AND price > 0) AS commercial_price,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY price / commercial_surface)
              FILTER (WHERE sale AND commercial_rows > 0 AND dwellings = 0 AND price > 0 AND commercial_surface > 0) AS commercial_per_sqm
          FROM dvf_links GROUP BY level, code) agg
    WHERE a.level = agg.level AND a.code = agg.code
      -- A région counts only when DVF is loaded for all its départements.
      AND (a.level <> 'region' OR NOT EXISTS (SELECT 1 FROM departements d WHERE d.region_code = a.code
        AND d.code NOT IN (SELECT DISTINCT departement_code FROM land_value_mutations WHERE departement_code IS NOT NULL)));
    UPDATE map_areas a SET land_value_sales = 0, residential_sales = 0, commercial_sales = 0
    WHERE a.land_value_sales IS NULL AND a.level IN ('iris', 'commune')
      AND a.departement_code IN (SELECT DISTINCT departement_code FROM land_value_mutations)`);
}

/**
 * Active establishments per area, where the establishments of the area's département(s) are loaded: the
 * counted ones (a business held by two sources once; no demo row where a real source covers its NAF code).
 */
async function computeBusinesses(database: Queryable): Promise<void> {
  const counted = (await tableExists(database, 'counted_establishments')) ? 'counted_establishments' : 'establishments';
  await database.exec(`
    CREATE TEMP TABLE loaded_departements ON COMMIT DROP AS
    SELECT DISTINCT departement_code AS code FROM establishments WHERE departement_code IS NOT NULL;
    CREATE TEMP TABLE business_links ON COMMIT DROP AS
    SELECT e.source, l.level, l.code FROM ${counted} e
    CROSS JOIN LATERAL (VALUES ('iris', e.iris_code), ('commune', e.commune_code),
      ('commune', (SELECT c.parent_code FROM communes c WHERE c.code = e.commune_code)),
      ('departement', e.departement_code),
      ('region', (SELECT d.region_code FROM departements d WHERE d.code = e.departement_code))) AS l(level, code)
    WHERE (e.etat IS NULL OR e.etat = 'A') AND l.code IS NOT NULL;
    UPDATE map_areas a SET business_count = 0, demo_business_count = 0
    WHERE a.departement_code IN (SELECT code FROM loaded_departements)
       OR (a.level = 'region' AND NOT EXISTS (SELECT 1 FROM departements d WHERE d.region_code = a.code
             AND d.code NOT IN (SELECT code FROM loaded_departements)));
    UPDATE map_areas a SET business_count = agg.total, demo_business_count = agg.demo
    FROM (SELECT level, code, count(*) AS total, count(*) FILTER (WHERE source = 'demo-bpe') AS demo
          FROM business_links GROUP BY level, code) agg
    WHERE a.level = agg.level AND a.code = agg.code AND a.business_count IS NOT NULL`);
}

async function insertStreets(database: Queryable): Promise<void> {
  await database.exec(`
    INSERT INTO map_streets (id, highway, name, network, geometry)
    SELECT id, highway, name, network, ST_Transform(geometry, 3857) FROM road_edges
    WHERE geometry IS NOT NULL AND NOT ST_IsEmpty(geometry)`);
}

/**
 * Rebuilds `map_areas` (geometries in EPSG:3857 simplified per zoom band, and the indicators of
 * every région, département, commune and IRIS) and `map_streets` from whatever is loaded, then
 * records the datasets key it was built from. Runs inside the caller's transaction. Returns the
 * number of areas.
 */
export async function buildMapAreas(database: Queryable, datasetsKey: string): Promise<number> {
  const startedAt = performance.now();
  await database.exec('DELETE FROM map_areas; DELETE FROM map_streets');
  await insertBoundaries(database);
  const hasIris = await tableExists(database, 'iris');
  if (hasIris) {
    await insertIris(database);
    await linkIrisToAreas(database);
    if (await tableExists(database, 'insee_iris_statistics')) await computeIrisStatistics(database);
  }
  if (await tableExists(database, 'dvf_rows')) await computeLandValues(database);
  if (await tableExists(database, 'establishments')) await computeBusinesses(database);
  await database.exec(`UPDATE map_areas SET population_density = population / area_km2
    WHERE population IS NOT NULL AND area_km2 > 0`);
  if (await tableExists(database, 'road_edges')) await insertStreets(database);
  await database.query(
    `INSERT INTO map_area_builds (id, datasets_key, built_at, duration_ms) VALUES (1, $1, now(), $2)
     ON CONFLICT (id) DO UPDATE SET datasets_key = EXCLUDED.datasets_key, built_at = now(), duration_ms = EXCLUDED.duration_ms`,
    [`${MAP_AREAS_VERSION}:${datasetsKey}`, Math.round(performance.now() - startedAt)],
  );
  const { rows } = await database.query<{ count: number }>('SELECT count(*) AS count FROM map_areas');
  return rows[0]?.count ?? 0;
}
