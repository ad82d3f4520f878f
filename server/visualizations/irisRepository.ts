import type { Queryable } from '../db/Database';

/** A bounding box west, south, east, north (EPSG:4326). */
export type Bbox = readonly [number, number, number, number];

const BBOX_FILTER = (first: number) =>
  `geometry && ST_Transform(ST_MakeEnvelope($${first}, $${first + 1}, $${first + 2}, $${first + 3}, 4326), 3857)`;

export interface IrisRow {
  code: string;
  name: string;
  kind: string | null;
  commune_code: string | null;
  commune_name: string | null;
  departement_code: string | null;
  region_code: string | null;
  area_km2: number;
  population: number | null;
  population_scope: string | null;
  population_vintage: number | null;
  population_density: number | null;
  median_income: number | null;
  income_vintage: number | null;
  employment_rate: number | null;
  employment_vintage: number | null;
  land_value_per_sqm: number | null;
  land_value_sales: number | null;
  residential_sales: number | null;
  residential_price_avg: number | null;
  commercial_sales: number | null;
  commercial_price_avg: number | null;
  commercial_price_per_sqm: number | null;
  house_share: number | null;
  flat_share: number | null;
  housing_vintage: number | null;
  business_count: number | null;
  demo_business_count: number | null;
  longitude: number;
  latitude: number;
  west: number;
  south: number;
  east: number;
  north: number;
}

const IRIS_COLUMNS = `code, name, kind, commune_code, commune_name, departement_code, region_code, area_km2,
  population, population_scope, population_vintage, population_density, median_income, income_vintage,
  employment_rate, employment_vintage, land_value_per_sqm, land_value_sales, residential_sales,
  residential_price_avg, commercial_sales, commercial_price_avg, commercial_price_per_sqm, house_share, flat_share,
  housing_vintage, business_count, demo_business_count, ST_X(centroid) AS longitude, ST_Y(centroid) AS latitude`;

/** One IRIS with every indicator, its centroid and bounding box (EPSG:4326). */
export async function selectIris(database: Queryable, code: string): Promise<IrisRow | undefined> {
  const { rows } = await database.query<IrisRow>(
    `SELECT ${IRIS_COLUMNS}, ST_XMin(box) AS west, ST_YMin(box) AS south, ST_XMax(box) AS east, ST_YMax(box) AS north
     FROM (SELECT *, ST_Transform(geometry, 4326)::box2d AS box FROM map_areas WHERE level = 'iris' AND code = $1) iris`,
    [code],
  );
  return rows[0];
}

export interface IrisMetricSelection {
  bbox?: Bbox | undefined;
  codes?: readonly string[] | undefined;
  types?: readonly string[] | undefined;
  limit: number;
}

function selectionFilter(selection: Omit<IrisMetricSelection, 'limit'>, parameters: unknown[]): string {
  const clauses = [`level = 'iris'`];
  if (selection.bbox) {
    clauses.push(BBOX_FILTER(parameters.length + 1));
    parameters.push(...selection.bbox);
  }
  if (selection.codes && selection.codes.length > 0) {
    parameters.push(selection.codes);
    clauses.push(`code = ANY($${parameters.length}::text[])`);
  }
  if (selection.types && selection.types.length > 0) {
    parameters.push(selection.types);
    clauses.push(`kind = ANY($${parameters.length}::text[])`);
  }
  return clauses.join(' AND ');
}

/** Metric rows (iris_code, population, median_revenue, land_value_per_sqm) where `column` is known. */
export async function selectIrisMetricRows(
  database: Queryable,
  column: 'population' | 'median_income' | 'land_value_per_sqm',
  selection: IrisMetricSelection,
): Promise<
  { iris_code: string; population: number | null; median_revenue: number | null; land_value_per_sqm: number | null }[]
> {
  const parameters: unknown[] = [];
  const filter = selectionFilter(selection, parameters);
  parameters.push(selection.limit);
  const { rows } = await database.query<{
    iris_code: string;
    population: number | null;
    median_revenue: number | null;
    land_value_per_sqm: number | null;
  }>(
    `SELECT code AS iris_code, population, median_income AS median_revenue, land_value_per_sqm
     FROM map_areas WHERE ${filter} AND ${column} IS NOT NULL ORDER BY code LIMIT $${parameters.length}`,
    parameters,
  );
  return rows;
}

/** iris_code → value of one indicator column, for every IRIS where it is known. */
export async function selectIrisValues(
  database: Queryable,
  column: 'population' | 'population_density' | 'median_income' | 'land_value_per_sqm',
  limit: number,
): Promise<{ code: string; value: number }[]> {
  const { rows } = await database.query<{ code: string; value: number }>(
    `SELECT code, ${column} AS value FROM map_areas WHERE level = 'iris' AND ${column} IS NOT NULL ORDER BY code LIMIT $1`,
    [limit],
  );
  return rows;
}

export interface ViewportRow {
  code: string;
  name: string;
  kind: string | null;
  commune_name: string | null;
  commune_code: string | null;
  population: number | null;
  population_density: number | null;
  median_income: number | null;
  land_value_per_sqm: number | null;
  residential_sales: number | null;
  price_avg: number | null;
  area_km2: number;
  geometry: string;
}

/**
 * IRIS of a bounding box with their indicators and a GeoJSON geometry (EPSG:4326, simplified for
 * display): the legacy, tile-less way of drawing IRIS. `minTransactions` keeps only IRIS with at
 * least that many residential sales.
 */
export async function selectIrisFeatures(
  database: Queryable,
  selection: IrisMetricSelection & { minTransactions?: number | undefined },
): Promise<ViewportRow[]> {
  const parameters: unknown[] = [];
  let filter = selectionFilter(selection, parameters);
  if (selection.minTransactions !== undefined && selection.minTransactions > 0) {
    parameters.push(selection.minTransactions);
    filter += ` AND coalesce(residential_sales, 0) >= $${parameters.length}`;
  }
  parameters.push(selection.limit);
  const { rows } = await database.query<ViewportRow>(
    `SELECT code, name, kind, commune_name, commune_code, population, population_density, median_income,
       land_value_per_sqm, residential_sales, residential_price_avg AS price_avg, area_km2,
       ST_AsGeoJSON(ST_Transform(geometry_z10, 4326), 6) AS geometry
     FROM map_areas WHERE ${filter} ORDER BY code LIMIT $${parameters.length}`,
    parameters,
  );
  return rows;
}

/** IRIS with at least `minTransactions` residential (or commercial) sales, with prices. */
export async function selectIrisRealEstate(
  database: Queryable,
  kind: 'residential' | 'commercial',
  minTransactions: number,
  limit: number,
): Promise<
  {
    iris_code: string;
    nom_iris: string;
    transactions: number;
    price_avg: number | null;
    price_per_sqm: number | null;
  }[]
> {
  const columns =
    kind === 'residential'
      ? 'residential_sales AS transactions, residential_price_avg AS price_avg, land_value_per_sqm AS price_per_sqm'
      : 'commercial_sales AS transactions, commercial_price_avg AS price_avg, commercial_price_per_sqm AS price_per_sqm';
  const { rows } = await database.query<{
    iris_code: string;
    nom_iris: string;
    transactions: number;
    price_avg: number | null;
    price_per_sqm: number | null;
  }>(
    `SELECT code AS iris_code, name AS nom_iris, ${columns} FROM map_areas
     WHERE level = 'iris' AND ${kind}_sales >= $1 ORDER BY code LIMIT $2`,
    [minTransactions, limit],
  );
  return rows;
}

/** Counts, vintages and extent of the IRIS data. */
export async function selectIrisSummary(database: Queryable): Promise<{
  iris_count: number;
  with_population: number;
  with_income: number;
  with_employment: number;
  with_land_value: number;
  with_businesses: number;
  population_vintage: number | null;
  income_vintage: number | null;
  employment_vintage: number | null;
  housing_vintage: number | null;
  population_scope: string | null;
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
}> {
  const { rows } = await database.query<Awaited<ReturnType<typeof selectIrisSummary>>>(
    `SELECT count(*) AS iris_count, count(population) AS with_population, count(median_income) AS with_income,
       count(employment_rate) AS with_employment, count(land_value_per_sqm) AS with_land_value,
       count(business_count) AS with_businesses, max(population_vintage) AS population_vintage,
       max(income_vintage) AS income_vintage, max(employment_vintage) AS employment_vintage,
       max(housing_vintage) AS housing_vintage, min(population_scope) AS population_scope,
       min(ST_X(centroid)) AS west, min(ST_Y(centroid)) AS south, max(ST_X(centroid)) AS east, max(ST_Y(centroid)) AS north
     FROM map_areas WHERE level = 'iris'`,
  );
  return (
    rows[0] ?? {
      iris_count: 0,
      with_population: 0,
      with_income: 0,
      with_employment: 0,
      with_land_value: 0,
      with_businesses: 0,
      population_vintage: null,
      income_vintage: null,
      employment_vintage: null,
      housing_vintage: null,
      population_scope: null,
      west: null,
      south: null,
      east: null,
      north: null,
    }
  );
}
