import type { Queryable } from '../db/Database';
import type { Extent, ZoneAddress } from './AddressIndex';

/** A service as stored, with its commune name, point and the vintage of its dataset. */
export interface ServiceRow {
  id: string;
  name: string;
  family: string;
  type_code: string | null;
  type_label: string | null;
  address: string | null;
  code_postal: string | null;
  commune_code: string | null;
  commune_name: string | null;
  /** Contact details as the Annuaire gives them (a string, a list of strings or of {valeur}). */
  telephone: unknown;
  adresse_courriel: unknown;
  site_internet: unknown;
  url_service_public: unknown;
  /** Whether the importer placed the service at a demo position. */
  demo_position: boolean;
  longitude: number | null;
  latitude: number | null;
  source: 'annuaire' | 'bpe' | 'ecoles';
  vintage: string | null;
  distance_m?: number;
}

/**
 * The columns of a service. The commune name from the IRIS and the dataset's vintage are scalar
 * subqueries that `coalesce` evaluates only when needed (a service without a known commune, a source
 * without a per-row vintage), and only the contact fields of `details` are read.
 */
const SERVICE_COLUMNS = `s.id, s.name, s.family, s.type_code, s.type_label, s.address, s.code_postal, s.commune_code,
  coalesce(c.name, (SELECT iris.commune_name FROM iris WHERE iris.code = s.iris_code)) AS commune_name,
  s.details->'telephone' AS telephone, s.details->'adresse_courriel' AS adresse_courriel,
  s.details->'site_internet' AS site_internet, s.details->'url_service_public' AS url_service_public,
  coalesce((s.details->>'demo_position')::boolean, false) AS demo_position,
  ST_X(s.geometry) AS longitude, ST_Y(s.geometry) AS latitude, s.source,
  coalesce(s.details->>'bpe_vintage', s.details->>'annee_scolaire',
    (SELECT d.vintage FROM datasets d WHERE d.source = 'public-services-' || s.source
       AND d.territory = s.departement_code ORDER BY d.loaded_at DESC LIMIT 1)) AS vintage`;

const SERVICE_JOINS = `LEFT JOIN communes c ON c.code = s.commune_code`;

/** The SQL expression naming a service's type: its type code, else its family. */
export const TYPE_OF = 'coalesce(s.type_code, s.family)';

function numberRow<T extends ServiceRow>(row: T): T {
  return {
    ...row,
    longitude: row.longitude === null ? null : Number(row.longitude),
    latitude: row.latitude === null ? null : Number(row.latitude),
    ...(row.distance_m === undefined ? {} : { distance_m: Number(row.distance_m) }),
  };
}

/** One row per service type (type code, else family) and source, with counts. */
export interface ServiceTypeRow {
  type: string;
  family: string;
  source: 'annuaire' | 'bpe' | 'ecoles';
  type_label: string | null;
  count: number;
  with_coordinates: number;
}

export async function selectServiceTypes(database: Queryable): Promise<ServiceTypeRow[]> {
  const { rows } = await database.query<ServiceTypeRow>(
    `SELECT ${TYPE_OF} AS type, min(s.family) AS family, min(s.source) AS source, max(s.type_label) AS type_label,
       count(*)::int AS count, count(s.geometry)::int AS with_coordinates
     FROM public_services s GROUP BY ${TYPE_OF} ORDER BY 1`,
  );
  return rows;
}

/** Filters of a service search; every part is optional. */
export interface ServiceFilter {
  types?: readonly string[] | undefined;
  commune?: string | undefined;
  searchTerm?: string | undefined;
  withCoordinatesOnly?: boolean;
  departements?: readonly string[] | undefined;
  /** GeoJSON geometry (EPSG:4326) the service must lie in. */
  withinGeometry?: string | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

function whereOf(filter: ServiceFilter, parameters: unknown[]): string {
  const conditions: string[] = [];
  const add = (value: unknown) => {
    parameters.push(value);
    return `$${parameters.length}`;
  };
  if (filter.types?.length) conditions.push(`${TYPE_OF} = ANY(${add(filter.types)}::text[])`);
  if (filter.commune) {
    const value = add(filter.commune);
    conditions.push(`(s.commune_code = ${value} OR s.code_postal = ${value} OR s.commune_code IN
      (SELECT code FROM communes WHERE lower(name) = lower(${value})))`);
  }
  if (filter.searchTerm) {
    const pattern = add(`%${escapeLike(filter.searchTerm)}%`);
    conditions.push(`(s.name ILIKE ${pattern} OR s.address ILIKE ${pattern} OR s.type_label ILIKE ${pattern})`);
  }
  if (filter.withCoordinatesOnly) conditions.push('s.geometry IS NOT NULL');
  if (filter.departements?.length) conditions.push(`s.departement_code = ANY(${add(filter.departements)}::text[])`);
  if (filter.withinGeometry) {
    const zone = `ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(${add(filter.withinGeometry)}), 4326))`;
    conditions.push(`s.geometry && ${zone} AND ST_Intersects(s.geometry, ${zone})`);
  }
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

/** One page of services matching the filter, by name, and the total. */
export async function selectServices(
  database: Queryable,
  filter: ServiceFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ServiceRow[]; total: number }> {
  const parameters: unknown[] = [];
  const where = whereOf(filter, parameters);
  const [{ rows }, count] = await Promise.all([
    database.query<ServiceRow>(
      `SELECT ${SERVICE_COLUMNS} FROM public_services s ${SERVICE_JOINS} ${where}
       ORDER BY s.name, s.id LIMIT $${parameters.length + 1} OFFSET $${parameters.length + 2}`,
      [...parameters, page.limit, page.offset],
    ),
    database.query<{ total: number }>(`SELECT count(*)::int AS total FROM public_services s ${where}`, parameters),
  ]);
  return { rows: rows.map(numberRow), total: count.rows[0]?.total ?? 0 };
}

/** The services within `radiusMetres` of the point, nearest first, with their distance. */
export async function selectNearby(
  database: Queryable,
  point: { longitude: number; latitude: number },
  radiusMetres: number,
  types: readonly string[] | undefined,
  limit: number,
): Promise<ServiceRow[]> {
  const parameters: unknown[] = [point.longitude, point.latitude, radiusMetres];
  const typeCondition = types?.length ? `AND ${TYPE_OF} = ANY($4::text[])` : '';
  if (types?.length) parameters.push(types);
  parameters.push(limit);
  const { rows } = await database.query<ServiceRow>(
    `WITH origin AS (SELECT ST_SetSRID(ST_MakePoint($1, $2), 4326) AS point)
     SELECT ${SERVICE_COLUMNS}, ST_Distance(s.geometry::geography, origin.point::geography) AS distance_m
     FROM origin, public_services s ${SERVICE_JOINS}
     WHERE s.geometry IS NOT NULL AND ST_DWithin(s.geometry::geography, origin.point::geography, $3) ${typeCondition}
     ORDER BY distance_m, s.id LIMIT $${parameters.length}`,
    parameters,
  );
  return rows.map(numberRow);
}

/** Every service inside the zone (GeoJSON geometry), by name. */
export async function selectZoneServices(database: Queryable, geometryJson: string): Promise<ServiceRow[]> {
  const { rows } = await database.query<ServiceRow>(
    `WITH zone AS (SELECT ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON($1), 4326)) AS geometry)
     SELECT ${SERVICE_COLUMNS} FROM zone, public_services s ${SERVICE_JOINS}
     WHERE s.geometry && zone.geometry AND ST_Intersects(s.geometry, zone.geometry)
     ORDER BY s.name, s.id`,
    [geometryJson],
  );
  return rows.map(numberRow);
}

/** Figures of the Statistiques view, over every stored service. */
export interface StatisticsRow {
  total_services: number;
  with_coordinates: number;
  with_phone: number;
  with_email: number;
  with_website: number;
  service_types: number;
  communes: number;
  postal_codes: number;
}

const FILLED = (key: string) => `coalesce(s.details->>'${key}', '') NOT IN ('', '[]', '{}')`;

export async function selectStatistics(database: Queryable): Promise<StatisticsRow> {
  const { rows } = await database.query<StatisticsRow>(
    `SELECT count(*)::int AS total_services, count(s.geometry)::int AS with_coordinates,
       count(*) FILTER (WHERE ${FILLED('telephone')})::int AS with_phone,
       count(*) FILTER (WHERE ${FILLED('adresse_courriel')})::int AS with_email,
       count(*) FILTER (WHERE ${FILLED('site_internet')})::int AS with_website,
       count(DISTINCT ${TYPE_OF})::int AS service_types, count(DISTINCT s.commune_code)::int AS communes,
       count(DISTINCT s.code_postal)::int AS postal_codes
     FROM public_services s`,
  );
  return rows[0] as StatisticsRow;
}

/** Services per source with the dataset's vintage and whether its positions are demo positions. */
export async function selectSources(
  database: Queryable,
): Promise<{ source: 'annuaire' | 'bpe' | 'ecoles'; vintage: string; demo: boolean; count: number }[]> {
  const { rows } = await database.query<{
    source: 'annuaire' | 'bpe' | 'ecoles';
    vintage: string;
    demo: boolean;
    count: number;
  }>(
    `SELECT substr(d.source, length('public-services-') + 1) AS source, string_agg(DISTINCT d.vintage, ', ') AS vintage,
       bool_or(d.demo) AS demo, sum(d.row_count)::int AS count
     FROM datasets d WHERE d.source LIKE 'public-services-%' GROUP BY 1 ORDER BY 1`,
  );
  return rows;
}

/** A fingerprint of the loaded public services (changes when an import changes them). */
export async function selectServicesVersion(database: Queryable): Promise<string> {
  const { rows } = await database.query<{ version: string | null }>(
    `SELECT string_agg(source || territory || vintage || checksum, '|' ORDER BY source, territory, vintage) AS version
     FROM datasets WHERE source LIKE 'public-services-%'`,
  );
  return rows[0]?.version ?? '';
}

/** The points of every geolocated service with its family and type (for the walking-time searches). */
export async function selectServicePoints(
  database: Queryable,
): Promise<{ family: string; type_code: string | null; longitude: number; latitude: number }[]> {
  const { rows } = await database.query<{
    family: string;
    type_code: string | null;
    longitude: number;
    latitude: number;
  }>(
    `SELECT family, type_code, ST_X(geometry) AS longitude, ST_Y(geometry) AS latitude
     FROM public_services WHERE geometry IS NOT NULL`,
  );
  return rows.map((row) => ({ ...row, longitude: Number(row.longitude), latitude: Number(row.latitude) }));
}

/** A population figure published per IRIS: which INSEE keys of which vintage add up to it. */
export interface PopulationKeyRow {
  vintage: number;
  key: string;
}

/** The population keys of the INSEE IRIS bases (`P16_POP`, `P16_POP0014`…, `P17_POP1564`) and their vintages. */
export async function selectPopulationKeys(database: Queryable): Promise<PopulationKeyRow[]> {
  const { rows } = await database.query<PopulationKeyRow>(
    `SELECT DISTINCT s.vintage::int AS vintage, key
     FROM insee_iris_statistics s, jsonb_object_keys(s."values") key
     WHERE key ~ '^P[0-9]{2}_POP(|0014|1529|3044|4559|6074|75P|1564)$'`,
  );
  return rows;
}

const ZONE = `ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON($1), 4326))`;

/** The BAN addresses inside the zone that lie in an IRIS. */
export async function selectZoneAddresses(database: Queryable, geometryJson: string): Promise<ZoneAddress[]> {
  const { rows } = await database.query<{ longitude: number; latitude: number; iris_code: string }>(
    `WITH zone AS (SELECT ${ZONE} AS geometry)
     SELECT ST_X(a.geometry) AS longitude, ST_Y(a.geometry) AS latitude, a.iris_code FROM zone, ban_addresses a
     WHERE a.geometry && zone.geometry AND ST_Intersects(a.geometry, zone.geometry) AND a.iris_code IS NOT NULL`,
    [geometryJson],
  );
  return rows.map(addressOf);
}

/** The BAN addresses of one département that lie in an IRIS. */
export async function selectDepartementAddresses(database: Queryable, departement: string): Promise<ZoneAddress[]> {
  const { rows } = await database.query<{ longitude: number; latitude: number; iris_code: string }>(
    `SELECT ST_X(geometry) AS longitude, ST_Y(geometry) AS latitude, iris_code FROM ban_addresses
     WHERE departement_code = $1 AND iris_code IS NOT NULL`,
    [departement],
  );
  return rows.map(addressOf);
}

const addressOf = (row: { longitude: number; latitude: number; iris_code: string }): ZoneAddress => ({
  longitude: Number(row.longitude),
  latitude: Number(row.latitude),
  iris_code: row.iris_code,
});

/**
 * The zone repaired as `ST_MakeValid` repairs it, as GeoJSON with every digit kept, or null when it is
 * valid already (the geometry the point-in-polygon tests are made on).
 */
export async function selectRepairedZone(database: Queryable, geometryJson: string): Promise<string | null> {
  const { rows } = await database.query<{ repaired: string | null }>(
    `SELECT CASE WHEN ST_IsValid(geometry) THEN NULL ELSE ST_AsGeoJSON(ST_MakeValid(geometry), 15) END AS repaired
     FROM (SELECT ST_SetSRID(ST_GeomFromGeoJSON($1), 4326) AS geometry) zone`,
    [geometryJson],
  );
  return rows[0]?.repaired ?? null;
}

/** The population (sum of the keys) of every IRIS. */
export async function selectIrisPopulations(
  database: Queryable,
  population: { vintage: number; keys: readonly string[] },
): Promise<Map<string, number>> {
  const { rows } = await database.query<{ iris_code: string; population: number }>(
    `SELECT s.iris_code, sum(coalesce((s."values"->>key)::float8, 0)) AS population
     FROM insee_iris_statistics s, unnest($2::text[]) key WHERE s.vintage = $1 GROUP BY s.iris_code`,
    [population.vintage, population.keys],
  );
  return new Map(rows.map((row) => [row.iris_code, Number(row.population)]));
}

/**
 * The number of BAN addresses of every IRIS (the whole territory: it does not depend on a zone), and the
 * extent of each département's addresses.
 */
export async function selectAddressTotals(
  database: Queryable,
): Promise<{ totals: Map<string, number>; extents: Map<string, Extent> }> {
  const { rows } = await database.query<{
    iris_code: string;
    departement_code: string;
    addresses: number;
    west: number;
    south: number;
    east: number;
    north: number;
  }>(
    `SELECT iris_code, departement_code, count(*)::int AS addresses, min(ST_X(geometry)) AS west,
       min(ST_Y(geometry)) AS south, max(ST_X(geometry)) AS east, max(ST_Y(geometry)) AS north
     FROM ban_addresses WHERE iris_code IS NOT NULL GROUP BY iris_code, departement_code`,
  );
  const totals = new Map<string, number>();
  const extents = new Map<string, Extent>();
  for (const row of rows) {
    totals.set(row.iris_code, (totals.get(row.iris_code) ?? 0) + Number(row.addresses));
    const known = extents.get(row.departement_code);
    const [west, south, east, north] = [row.west, row.south, row.east, row.north].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    extents.set(
      row.departement_code,
      known
        ? [Math.min(known[0], west), Math.min(known[1], south), Math.max(known[2], east), Math.max(known[3], north)]
        : [west, south, east, north],
    );
  }
  return { totals, extents };
}

/** A fingerprint of what the walking coverage reads once: the public services, the BAN addresses and the census. */
export async function selectWalkingVersion(database: Queryable): Promise<string> {
  const { rows } = await database.query<{ version: string | null }>(
    `SELECT string_agg(source || territory || vintage || checksum, '|' ORDER BY source, territory, vintage) AS version
     FROM datasets WHERE source LIKE 'public-services-%' OR source = 'ban' OR source LIKE 'insee-%'`,
  );
  return rows[0]?.version ?? '';
}

/** Population of a département (sum over its IRIS) for the keys. */
export async function selectDepartementPopulation(
  database: Queryable,
  departement: string,
  population: { vintage: number; keys: readonly string[] },
): Promise<number> {
  const { rows } = await database.query<{ population: number | null }>(
    `SELECT sum(coalesce((s."values"->>key)::float8, 0)) AS population
     FROM insee_iris_statistics s, unnest($3::text[]) key
     WHERE s.departement_code = $1 AND s.vintage = $2`,
    [departement, population.vintage, population.keys],
  );
  return Number(rows[0]?.population ?? 0);
}

/** Services per (family, type) in the zone, or in a département when `departement` is given. */
export async function selectServiceCounts(
  database: Queryable,
  area: { geometryJson: string } | { departement: string },
): Promise<{ family: string; type_code: string | null; count: number }[]> {
  const byZone = 'geometryJson' in area;
  const { rows } = await database.query<{ family: string; type_code: string | null; count: number }>(
    byZone
      ? `WITH zone AS (SELECT ${ZONE} AS geometry)
         SELECT s.family, s.type_code, count(*)::int AS count FROM zone, public_services s
         WHERE s.geometry && zone.geometry AND ST_Intersects(s.geometry, zone.geometry) GROUP BY 1, 2`
      : `SELECT s.family, s.type_code, count(*)::int AS count FROM public_services s
         WHERE s.departement_code = $1 GROUP BY 1, 2`,
    [byZone ? area.geometryJson : area.departement],
  );
  return rows;
}
