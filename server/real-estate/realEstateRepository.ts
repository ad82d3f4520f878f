import type { Queryable } from '../db/Database';
import { MINIMUM_SALES_FOR_AVERAGE } from './priceStatistics';
import type { RealEstateFilters } from '../../kernel/real-estate/realEstateTypes';
import type { ClustersQuery, RealEstateCluster, SortField } from '../../kernel/real-estate/realEstateSchemas';

/** The zone of a request: codes (priority département, commune, IRIS) or a GeoJSON geometry. */
export type ZoneReference =
  | { kind: 'departement'; code: string }
  | { kind: 'commune'; code: string }
  | { kind: 'communes'; codes: string[] }
  | { kind: 'iris'; codes: string[] }
  | { kind: 'geometry'; geojson: string }
  | { kind: 'all' };

/** Collects positional parameters while a WHERE clause is built. */
export class Parameters {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export const SALE = `m.nature_mutation = 'Vente'`;
/** Hidden below the minimum number of sales. */
export const guarded = (expression: string, count: string) =>
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

export function whereClause(zone: ZoneReference, filters: RealEstateFilters, parameters: Parameters): string {
  return [zoneCondition(zone, parameters), ...filterConditions(filters, parameters)].join(' AND ');
}

/** Single-property Appartement / Maison sales with a €/m². */
export const HOUSING_SALE = `${SALE} AND m.price_per_m2 IS NOT NULL AND m.single_type_local IN ('Appartement', 'Maison')`;
/** A quartile of €/m², hidden below the minimum number of sales. */
export const priceQuartile = (q: number) =>
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

export const LOT_COLUMNS = `r.id::float8 AS id, r.id_mutation, r.date_mutation::text AS date_mutation, r.nature_mutation,
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
