import type { Queryable } from '../db/Database';
import { MINIMUM_SALES_FOR_AVERAGE } from './priceStatistics';
import type { RealEstateFilters } from '../../kernel/real-estate/realEstateTypes';
import type {
  ClustersQuery,
  MarketSnapshot,
  RealEstateCluster,
  SortField,
} from '../../kernel/real-estate/realEstateSchemas';

/** The zone of a request: codes (priority département, commune, IRIS) or a GeoJSON geometry. */
export type ZoneReference =
  | { kind: 'departement'; code: string }
  | { kind: 'commune'; code: string }
  | { kind: 'communes'; codes: string[] }
  | { kind: 'iris'; codes: string[] }
  | { kind: 'geometry'; geojson: string }
  | { kind: 'all' };

/** Collects positional parameters while a WHERE clause is built. */
class Parameters {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const SALE = `m.nature_mutation = 'Vente'`;
/** Hidden below the minimum number of sales. */
const guarded = (expression: string, count: string) =>
  `CASE WHEN ${count} >= ${MINIMUM_SALES_FOR_AVERAGE} THEN ${expression} END`;

function zoneCondition(zone: ZoneReference, parameters: Parameters): string {
  switch (zone.kind) {
    case 'departement':
      return `m.code_departement = ${parameters.add(zone.code)}`;
    case 'commune':
      return `m.code_commune = ${parameters.add(zone.code)}`;
    case 'communes':
      return `m.code_commune = ANY(${parameters.add(zone.codes)}::text[])`;
    case 'iris':
      return `m.iris_code = ANY(${parameters.add(zone.codes)}::text[])`;
    case 'geometry':
      return `ST_Intersects(m.geometry, ST_SetSRID(ST_GeomFromGeoJSON(${parameters.add(zone.geojson)}), 4326))`;
    case 'all':
      return 'true';
  }
}

/** SQL conditions on `dvf_mutations m` for filters. */

function filterConditions(filters: RealEstateFilters, parameters: Parameters): string[] {
  const conditions: string[] = [];
  if (filters.date_from) conditions.push(`m.date_mutation >= ${parameters.add(filters.date_from)}::date`);
  if (filters.date_to) conditions.push(`m.date_mutation <= ${parameters.add(filters.date_to)}::date`);
  if (filters.property_category?.length) {
    conditions.push(`m.property_category = ANY(${parameters.add(filters.property_category)}::text[])`);
  }
  if (filters.type_local?.length) conditions.push(`m.type_local = ANY(${parameters.add(filters.type_local)}::text[])`);
  if (filters.nature_mutation?.length) {
    conditions.push(`m.nature_mutation = ANY(${parameters.add(filters.nature_mutation)}::text[])`);
  }
  const range = (column: string, min: number | undefined, max: number | undefined) => {
    if (min !== undefined) conditions.push(`${column} >= ${parameters.add(min)}`);
    if (max !== undefined) conditions.push(`${column} <= ${parameters.add(max)}`);
  };
  range('m.valeur_fonciere', filters.price_min, filters.price_max);
  range('m.surface_reelle_bati', filters.surface_min, filters.surface_max);
  range('m.nombre_pieces_principales', filters.rooms_min, filters.rooms_max);
  range('coalesce(m.price_per_m2, m.price_per_m2_bati)', filters.price_per_m2_min, filters.price_per_m2_max);
  return conditions;
}

function whereClause(zone: ZoneReference, filters: RealEstateFilters, parameters: Parameters): string {
  return [zoneCondition(zone, parameters), ...filterConditions(filters, parameters)].join(' AND ');
}

export interface ZoneSummaryRow {
  total: number;
  sales: number;
  avg_price: number | null;
  median_price: number | null;
  price_per_m2_count: number;
  avg_price_per_m2: number | null;
  median_price_per_m2: number | null;
  q1_price_per_m2: number | null;
  q3_price_per_m2: number | null;
}

/** Counts and price figures of the zone's mutations (sales = nature 'Vente' with a price). */
export async function selectZoneSummary(
  database: Queryable,
  zone: ZoneReference,
  filters: RealEstateFilters,
): Promise<ZoneSummaryRow> {
  const parameters = new Parameters();
  const where = whereClause(zone, filters, parameters);
  const sales = `count(*) FILTER (WHERE ${SALE} AND m.valeur_fonciere > 0)`;
  const single = `count(*) FILTER (WHERE ${SALE} AND m.price_per_m2 IS NOT NULL)`;
  const { rows } = await database.query<ZoneSummaryRow>(
    `SELECT count(*)::int AS total, ${sales}::int AS sales,
       ${guarded(`avg(m.valeur_fonciere) FILTER (WHERE ${SALE} AND m.valeur_fonciere > 0)`, sales)} AS avg_price,
       ${guarded(`percentile_cont(0.5) WITHIN GROUP (ORDER BY m.valeur_fonciere) FILTER (WHERE ${SALE} AND m.valeur_fonciere > 0)`, sales)} AS median_price,
       ${single}::int AS price_per_m2_count,
       ${guarded(`avg(m.price_per_m2) FILTER (WHERE ${SALE})`, single)} AS avg_price_per_m2,
       ${guarded(`percentile_cont(0.5) WITHIN GROUP (ORDER BY m.price_per_m2) FILTER (WHERE ${SALE})`, single)} AS median_price_per_m2,
       ${guarded(`percentile_cont(0.25) WITHIN GROUP (ORDER BY m.price_per_m2) FILTER (WHERE ${SALE})`, single)} AS q1_price_per_m2,
       ${guarded(`percentile_cont(0.75) WITHIN GROUP (ORDER BY m.price_per_m2) FILTER (WHERE ${SALE})`, single)} AS q3_price_per_m2
     FROM dvf_mutations m WHERE ${where}`,
    parameters.values,
  );
  return rows[0] as ZoneSummaryRow;
}

/** Sale natures that transfer a property for a price (an exchange or an expropriation does not count). */
const DWELLING_SALE = `m.nature_mutation IN ('Vente', 'Vente en l''état futur d''achèvement', 'Adjudication')
  AND m.type_local IN ('Appartement', 'Maison')`;

export interface MutationCountsRow {
  /** Every mutation: all natures, all properties (parkings, shops, land, exchanges). */
  mutations: number;
  /** Sales (Vente, VEFA, adjudication) including at least one dwelling. */
  dwelling_sales: number;
}

/** The zone's mutations, and among them the sales of dwellings. */
export async function selectMutationCounts(
  database: Queryable,
  zone: ZoneReference,
  filters: RealEstateFilters,
): Promise<MutationCountsRow> {
  const parameters = new Parameters();
  const where = whereClause(zone, filters, parameters);
  const { rows } = await database.query<MutationCountsRow>(
    `SELECT count(*)::int AS mutations, count(*) FILTER (WHERE ${DWELLING_SALE})::int AS dwelling_sales
     FROM dvf_mutations m WHERE ${where}`,
    parameters.values,
  );
  return rows[0] as MutationCountsRow;
}

export interface PricePerM2Row {
  count: number;
  q1: number | null;
  median: number | null;
  q3: number | null;
  first_date: string | null;
  last_date: string | null;
}

/**
 * €/m² of the sales (nature 'Vente') of exactly one apartment, with or without dependencies: DVF adds a
 * cave's or parking's price to the sale but gives it no surface, so the sales with one overstate the €/m².
 */
export async function selectApartmentPricePerM2(
  database: Queryable,
  zone: ZoneReference,
  filters: RealEstateFilters,
): Promise<{ without_dependencies: PricePerM2Row; with_dependencies: PricePerM2Row }> {
  const parameters = new Parameters();
  const where = whereClause(zone, filters, parameters);
  const quartile = (q: number) => guarded(`percentile_cont(${q}) WITHIN GROUP (ORDER BY m.price_per_m2)`, 'count(*)');
  const { rows } = await database.query<PricePerM2Row & { with_dependencies: boolean }>(
    `SELECT m.dependency_count > 0 AS with_dependencies, count(*)::int AS count,
       ${quartile(0.25)} AS q1, ${quartile(0.5)} AS median, ${quartile(0.75)} AS q3,
       to_char(min(m.date_mutation), 'YYYY-MM-DD') AS first_date, to_char(max(m.date_mutation), 'YYYY-MM-DD') AS last_date
     FROM dvf_mutations m
     WHERE ${where} AND ${SALE} AND m.single_type_local = 'Appartement' AND m.price_per_m2 IS NOT NULL
     GROUP BY 1`,
    parameters.values,
  );
  const empty: PricePerM2Row = { count: 0, q1: null, median: null, q3: null, first_date: null, last_date: null };
  const pick = (withDependencies: boolean): PricePerM2Row => {
    const row = rows.find((candidate) => candidate.with_dependencies === withDependencies);
    if (!row) return empty;
    const { with_dependencies: _ignored, ...figures } = row;
    return figures;
  };
  return { without_dependencies: pick(false), with_dependencies: pick(true) };
}

/** How many single-property sales of each type the zone's €/m² mixes. */
export async function selectPricePerM2Mix(
  database: Queryable,
  zone: ZoneReference,
  filters: RealEstateFilters,
): Promise<{ type_local: string; count: number }[]> {
  const parameters = new Parameters();
  const where = whereClause(zone, filters, parameters);
  const { rows } = await database.query<{ type_local: string; count: number }>(
    `SELECT m.single_type_local AS type_local, count(*)::int AS count FROM dvf_mutations m
     WHERE ${where} AND ${SALE} AND m.price_per_m2 IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1`,
    parameters.values,
  );
  return rows;
}

export interface BreakdownRow {
  key: string;
  count: number;
  avg_price: number | null;
  avg_price_per_m2: number | null;
}

/** Mutations of the zone grouped by type (`type_local`) or by nature (`nature_mutation`). */
export async function selectBreakdown(
  database: Queryable,
  zone: ZoneReference,
  filters: RealEstateFilters,
  column: 'type_local' | 'nature_mutation',
): Promise<BreakdownRow[]> {
  const parameters = new Parameters();
  const where = whereClause(zone, filters, parameters);
  const priced = `count(*) FILTER (WHERE m.valeur_fonciere > 0)`;
  const single = `count(*) FILTER (WHERE ${SALE} AND m.price_per_m2 IS NOT NULL)`;
  const { rows } = await database.query<BreakdownRow>(
    `SELECT m.${column} AS key, count(*)::int AS count,
       ${guarded(`avg(m.valeur_fonciere) FILTER (WHERE m.valeur_fonciere > 0)`, priced)} AS avg_price,
       ${guarded(`avg(m.price_per_m2) FILTER (WHERE ${SALE})`, single)} AS avg_price_per_m2
     FROM dvf_mutations m WHERE ${where} GROUP BY m.${column} ORDER BY count(*) DESC, m.${column}`,
    parameters.values,
  );
  return rows;
}

export interface TemporalRow {
  period: string;
  count: number;
  avg_price: number | null;
  median_price_per_m2: number | null;
}

export async function selectTemporalSeries(
  database: Queryable,
  zone: ZoneReference,
  filters: RealEstateFilters,
  granularity: 'month' | 'quarter' | 'year',
): Promise<TemporalRow[]> {
  const parameters = new Parameters();
  const where = whereClause(zone, filters, parameters);
  const period = {
    month: `to_char(m.date_mutation, 'YYYY-MM')`,
    quarter: `to_char(m.date_mutation, 'YYYY') || '-T' || to_char(m.date_mutation, 'Q')`,
    year: `to_char(m.date_mutation, 'YYYY')`,
  }[granularity];
  const sales = `count(*) FILTER (WHERE ${SALE} AND m.valeur_fonciere > 0)`;
  const single = `count(*) FILTER (WHERE ${SALE} AND m.price_per_m2 IS NOT NULL)`;
  const { rows } = await database.query<TemporalRow>(
    `SELECT ${period} AS period, count(*)::int AS count,
       ${guarded(`avg(m.valeur_fonciere) FILTER (WHERE ${SALE} AND m.valeur_fonciere > 0)`, sales)} AS avg_price,
       ${guarded(`percentile_cont(0.5) WITHIN GROUP (ORDER BY m.price_per_m2) FILTER (WHERE ${SALE})`, single)} AS median_price_per_m2
     FROM dvf_mutations m WHERE ${where} GROUP BY 1 ORDER BY 1`,
    parameters.values,
  );
  return rows;
}

const HOUSING_SALE = `${SALE} AND m.price_per_m2 IS NOT NULL AND m.single_type_local IN ('Appartement', 'Maison')`;
const priceQuartile = (q: number) =>
  guarded(`percentile_cont(${q}) WITHIN GROUP (ORDER BY m.price_per_m2)`, 'count(*)');

/** The median €/m² of single Appartement / Maison sales of a whole département (the snapshot's reference). */
export async function selectDepartementMedianPricePerM2(
  database: Queryable,
  departementCode: string,
  filters: RealEstateFilters,
): Promise<number | null> {
  const departement = new Parameters();
  const departementWhere = whereClause({ kind: 'departement', code: departementCode }, filters, departement);
  const { rows } = await database.query<{ median: number | null }>(
    `SELECT ${priceQuartile(0.5)} AS median FROM dvf_mutations m WHERE ${departementWhere} AND ${HOUSING_SALE}`,
    departement.values,
  );
  return rows[0]?.median ?? null;
}

/**
 * Spec beyond: quartiles of €/m² of single Appartement / Maison sales by quarter, and vs the département
 * (whose median `departementMedianOf` gives, by default a query of the whole département).
 */
export async function selectMarketSnapshot(
  database: Queryable,
  zone: ZoneReference,
  filters: RealEstateFilters,
  departementMedianOf: (code: string) => Promise<number | null> = (code) =>
    selectDepartementMedianPricePerM2(database, code, filters),
): Promise<MarketSnapshot> {
  const parameters = new Parameters();
  const where = whereClause(zone, filters, parameters);
  const housing = HOUSING_SALE;
  const quartile = priceQuartile;
  const quarter = `to_char(m.date_mutation, 'YYYY') || '-T' || to_char(m.date_mutation, 'Q')`;
  const { rows } = await database.query<{
    type_local: string | null;
    quarter: string | null;
    count: number;
    q1: number | null;
    median: number | null;
    q3: number | null;
    departement_code: string | null;
  }>(
    `SELECT m.single_type_local AS type_local, ${quarter} AS quarter, count(*)::int AS count,
       ${quartile(0.25)} AS q1, ${quartile(0.5)} AS median, ${quartile(0.75)} AS q3,
       mode() WITHIN GROUP (ORDER BY m.code_departement) AS departement_code
     FROM dvf_mutations m WHERE ${where} AND ${housing}
     GROUP BY GROUPING SETS ((m.single_type_local, ${quarter}), (m.single_type_local), ())
     ORDER BY 1, 2`,
    parameters.values,
  );
  const total = rows.find((row) => row.type_local === null && row.quarter === null);
  const departementCode = total?.departement_code ?? null;
  let departementMedian: number | null = null;
  if (departementCode && zone.kind === 'departement' && zone.code === departementCode) {
    departementMedian = total?.median ?? null;
  } else if (departementCode) {
    departementMedian = await departementMedianOf(departementCode);
  }
  return {
    by_type_quarter: rows
      .filter((row) => row.type_local !== null && row.quarter !== null)
      .map(({ type_local, quarter: period, count, q1, median, q3 }) => ({
        type_local: type_local as string,
        quarter: period as string,
        count,
        q1,
        median,
        q3,
      })),
    by_type: rows
      .filter((row) => row.type_local !== null && row.quarter === null)
      .map(({ type_local, count, q1, median, q3 }) => ({ type_local: type_local as string, count, q1, median, q3 })),
    sales_count: total?.count ?? 0,
    zone_median_price_per_m2: total?.median ?? null,
    departement_code: departementCode,
    departement_median_price_per_m2: departementMedian,
  };
}

/** The lot columns of (a DVF row) with its group type and single-property €/m². */
export interface LotRow {
  id: number;
  id_mutation: string;
  date_mutation: string;
  nature_mutation: string;
  valeur_fonciere: number | null;
  price_per_m2: number | null;
  group_type_local: string;
  type_local: string | null;
  surface_reelle_bati: number | null;
  surface_terrain: number | null;
  nombre_pieces_principales: number | null;
  nature_culture: string | null;
  code_nature_culture: string | null;
  lot1_numero: string | null;
  adresse_numero: string | null;
  adresse_suffixe: string | null;
  adresse_nom_voie: string | null;
  code_postal: string | null;
  nom_commune: string | null;
  iris_code: string | null;
  id_parcelle: string | null;
  longitude: number | null;
  latitude: number | null;
}

const LOT_COLUMNS = `r.id::float8 AS id, r.id_mutation, r.date_mutation::text AS date_mutation, r.nature_mutation,
  r.valeur_fonciere::float8 AS valeur_fonciere, m.price_per_m2, m.type_local AS group_type_local, r.type_local,
  r.surface_reelle_bati::float8 AS surface_reelle_bati, r.surface_terrain::float8 AS surface_terrain,
  r.nombre_pieces_principales, r.nature_culture, r.code_nature_culture, r.lot1_numero, r.adresse_numero,
  r.adresse_suffixe, r.adresse_nom_voie, r.code_postal, r.nom_commune, r.iris_code, r.id_parcelle,
  r.longitude, r.latitude`;

/**
 * The lots (DVF rows) of the zone's mutations, most recent mutation first, whole mutations only, at
 * most about `limit` rows (`undefined`: all of them).
 */
export async function selectZoneLots(
  database: Queryable,
  zone: ZoneReference,
  filters: RealEstateFilters,
  limit: number | undefined,
): Promise<LotRow[]> {
  const parameters = new Parameters();
  const where = whereClause(zone, filters, parameters);
  const cap = limit === undefined ? '' : `WHERE running - row_count < ${parameters.add(limit)}`;
  const { rows } = await database.query<LotRow>(
    `WITH chosen AS (
       SELECT * FROM (
         SELECT m.*, sum(m.row_count) OVER (ORDER BY m.date_mutation DESC, m.id_mutation DESC) AS running
         FROM dvf_mutations m WHERE ${where}) ranked ${cap})
     SELECT ${LOT_COLUMNS} FROM chosen m
     JOIN dvf_rows r ON r.vintage = m.vintage AND r.id_mutation = m.id_mutation
     ORDER BY m.date_mutation DESC, m.id_mutation DESC, r.id`,
    parameters.values,
  );
  return rows;
}

/** One lot and the other lots of its mutation. */
export async function selectMutationOfLot(database: Queryable, id: number): Promise<LotRow[]> {
  const { rows } = await database.query<LotRow>(
    `SELECT ${LOT_COLUMNS} FROM dvf_rows target
     JOIN dvf_mutations m ON m.vintage = target.vintage AND m.id_mutation = target.id_mutation
     JOIN dvf_rows r ON r.vintage = m.vintage AND r.id_mutation = m.id_mutation
     WHERE target.id = $1 ORDER BY r.id`,
    [id],
  );
  return rows;
}

export interface SearchRow {
  id: number;
  id_mutation: string;
  type_local: string;
  property_category: string;
  nature_mutation: string;
  adresse_numero: string | null;
  adresse_nom_voie: string | null;
  code_postal: string | null;
  nom_commune: string | null;
  valeur_fonciere: number | null;
  price_per_m2_bati: number | null;
  price_per_m2_terrain: number | null;
  surface_reelle_bati: number | null;
  surface_terrain: number | null;
  nombre_pieces_principales: number | null;
  date_mutation: string;
  longitude: number | null;
  latitude: number | null;
  total: number;
}

const SORT_COLUMNS: Readonly<Record<SortField, string>> = {
  date_mutation: 'm.date_mutation',
  valeur_fonciere: 'm.valeur_fonciere',
  price_per_m2: 'coalesce(m.price_per_m2, m.price_per_m2_bati)',
  surface_reelle_bati: 'm.surface_reelle_bati',
};

/** One page of mutations matching the filters, with the total count. */
export async function selectSearchPage(
  database: Queryable,
  zone: ZoneReference,
  filters: RealEstateFilters,
  page: { offset: number; limit: number; sortBy: SortField; order: 'asc' | 'desc' },
): Promise<{ rows: SearchRow[]; total: number }> {
  const parameters = new Parameters();
  const where = whereClause(zone, filters, parameters);
  const direction = page.order === 'asc' ? 'ASC NULLS LAST' : 'DESC NULLS LAST';
  const { rows } = await database.query<SearchRow>(
    `SELECT m.primary_row_id::float8 AS id, m.id_mutation, m.type_local, m.property_category, m.nature_mutation,
       m.adresse_numero, m.adresse_nom_voie, m.code_postal, m.nom_commune, m.valeur_fonciere, m.price_per_m2_bati,
       m.price_per_m2_terrain, m.surface_reelle_bati, m.surface_terrain, m.nombre_pieces_principales,
       m.date_mutation::text AS date_mutation, m.longitude, m.latitude, count(*) OVER ()::int AS total
     FROM dvf_mutations m WHERE ${where}
     ORDER BY ${SORT_COLUMNS[page.sortBy]} ${direction}, m.id_mutation DESC
     LIMIT ${parameters.add(page.limit)} OFFSET ${parameters.add(page.offset)}`,
    parameters.values,
  );
  if (rows.length > 0 || page.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const { rows: count } = await database.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM dvf_mutations m WHERE ${where}`,
    parameters.values.slice(0, -2),
  );
  return { rows, total: count[0]?.total ?? 0 };
}

/** Cell size in degrees of longitude for a zoom: about 60 screen pixels. */
export function clusterCellDegrees(zoom: number): number {
  return (360 / (256 * 2 ** Math.floor(zoom))) * 60;
}

/** Mutations of the box grouped on a grid of about 60 px; single sales carry their popup fields. */
export async function selectClusters(database: Queryable, query: ClustersQuery): Promise<RealEstateCluster[]> {
  const parameters = new Parameters();
  const box = `ST_MakeEnvelope(${parameters.add(query.west)}, ${parameters.add(query.south)}, ${parameters.add(query.east)}, ${parameters.add(query.north)}, 4326)`;
  const conditions = [
    `m.geometry && ${box}`,
    ...filterConditions(
      {
        date_from: query.date_from,
        date_to: query.date_to,
        type_local: query.type_local,
        price_min: query.price_min,
        price_max: query.price_max,
      },
      parameters,
    ),
  ];
  const cell = parameters.add(clusterCellDegrees(query.zoom));
  const { rows } = await database.query<{
    cell_x: number;
    cell_y: number;
    count: number;
    longitude: number;
    latitude: number;
    avg_price: number | null;
    id: number;
    id_mutation: string;
    type_local: string;
    valeur_fonciere: number | null;
    surface_reelle_bati: number | null;
    date_mutation: string;
    address: string;
  }>(
    `SELECT floor(m.longitude / ${cell})::int AS cell_x, floor(m.latitude / ${cell})::int AS cell_y,
       count(*)::int AS count, avg(m.longitude) AS longitude, avg(m.latitude) AS latitude,
       avg(m.valeur_fonciere) FILTER (WHERE m.valeur_fonciere > 0) AS avg_price,
       min(m.primary_row_id)::float8 AS id, min(m.id_mutation) AS id_mutation, min(m.type_local) AS type_local,
       min(m.valeur_fonciere) AS valeur_fonciere, min(m.surface_reelle_bati) AS surface_reelle_bati,
       min(m.date_mutation)::text AS date_mutation,
       min(concat_ws(' ', m.adresse_numero, m.adresse_nom_voie, m.code_postal, m.nom_commune)) AS address
     FROM dvf_mutations m WHERE ${conditions.join(' AND ')}
     GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 5000`,
    parameters.values,
  );
  return rows.map((row) => ({
    id: `${row.cell_x}:${row.cell_y}`,
    longitude: row.longitude,
    latitude: row.latitude,
    count: row.count,
    avg_price: row.avg_price,
    transaction:
      row.count === 1
        ? {
            id: row.id,
            id_mutation: row.id_mutation,
            type_local: row.type_local,
            valeur_fonciere: row.valeur_fonciere,
            surface_reelle_bati: row.surface_reelle_bati,
            date_mutation: row.date_mutation,
            address: row.address,
          }
        : null,
  }));
}

/** Centroid-free circle of `radiusKm` around a point, as GeoJSON (for `/api/real-estate/coordinates`). */
export async function selectCircle(
  database: Queryable,
  longitude: number,
  latitude: number,
  radiusKm: number,
): Promise<string> {
  const { rows } = await database.query<{ geojson: string }>(
    `SELECT ST_AsGeoJSON(ST_Buffer(ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, $3)::geometry) AS geojson`,
    [longitude, latitude, radiusKm * 1000],
  );
  return rows[0]?.geojson ?? '';
}
