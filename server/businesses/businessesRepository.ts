import { departementOfCode } from '../../kernel/territory/territoryCodes';
import type { Database, Queryable } from '../db/Database';
import { nafCondition, nafParameter } from './nafCondition';

/** Collects SQL parameters and hands back their `$n` placeholders. */
export class SqlParameters {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A zone as SQL can filter it: codes (by index) or a GeoJSON geometry. */
export type BusinessZone =
  | { kind: 'departement'; code: string }
  | { kind: 'communes'; codes: string[] }
  | { kind: 'iris'; codes: string[] }
  | { kind: 'geometry'; geojson: string };

/** The zone condition on `e` (an establishments row). */
export function zoneCondition(zone: BusinessZone, parameters: SqlParameters): string {
  switch (zone.kind) {
    case 'departement':
      return `e.departement_code = ${parameters.add(zone.code)}`;
    case 'communes':
      return `e.commune_code = ANY(${parameters.add(zone.codes)}::text[])`;
    case 'iris':
      return `e.iris_code = ANY(${parameters.add(zone.codes)}::text[])`;
    case 'geometry':
      return `ST_Intersects(e.geometry, (SELECT ST_SetSRID(ST_GeomFromGeoJSON(${parameters.add(zone.geojson)}), 4326)))`;
  }
}

const ACTIVE = `(e.etat IS NULL OR e.etat = 'A')`;

/** The filters every establishments query shares: the zone (when any) and, unless asked, active ones only. */
export function baseConditions(
  zone: BusinessZone | undefined,
  includeInactive: boolean,
  parameters: SqlParameters,
): string[] {
  return [...(zone ? [zoneCondition(zone, parameters)] : []), ...(includeInactive ? [] : [ACTIVE])];
}

/**
 * Validates a GeoJSON polygon with PostGIS and gives its area (km², on the geography): null area when
 * PostGIS cannot read it or it is empty.
 */
export async function geometryArea(database: Queryable, geojson: string): Promise<number | null> {
  try {
    const { rows } = await database.query<{ area: number | null }>(
      `SELECT CASE WHEN ST_IsEmpty(g) THEN NULL ELSE ST_Area(g::geography) / 1e6 END AS area
       FROM (SELECT ST_SetSRID(ST_GeomFromGeoJSON($1), 4326) AS g) geometry`,
      [geojson],
    );
    return rows[0]?.area ?? null;
  } catch {
    return null;
  }
}

/** Area (km²) of a zone given by codes. */
export async function codesArea(database: Queryable, zone: BusinessZone): Promise<number | null> {
  const query =
    zone.kind === 'departement'
      ? [`SELECT sum(area_km2) AS area FROM communes WHERE departement_code = $1 AND kind = 'commune'`, [zone.code]]
      : zone.kind === 'communes'
        ? [
            `SELECT sum(area_km2) AS area FROM communes WHERE code = ANY($1::text[]) AND (parent_code IS NULL OR NOT parent_code = ANY($1::text[]))`,
            [zone.codes],
          ]
        : zone.kind === 'iris'
          ? ['SELECT sum(area_km2) AS area FROM iris WHERE code = ANY($1::text[])', [zone.codes]]
          : undefined;
  if (!query) return null;
  const { rows } = await database.query<{ area: number | null }>(query[0] as string, query[1] as unknown[]);
  return rows[0]?.area ?? null;
}

export interface StatisticsGroupRow {
  naf_code: string | null;
  tranche_effectifs: string | null;
  source: string;
  source_vintage: string | null;
  count: number;
}

/** Counted establishments of the zone grouped by NAF code, headcount band and source (one scan). */
export async function selectStatisticsGroups(
  database: Queryable,
  zone: BusinessZone,
  includeInactive: boolean,
): Promise<StatisticsGroupRow[]> {
  const parameters = new SqlParameters();
  const where = baseConditions(zone, includeInactive, parameters).join(' AND ');
  const { rows } = await database.query<StatisticsGroupRow>(
    `SELECT e.naf_code, e.tranche_effectifs, e.source, e.source_vintage, count(*)::int AS count
     FROM counted_establishments e WHERE ${where}
     GROUP BY e.naf_code, e.tranche_effectifs, e.source, e.source_vintage`,
    parameters.values,
  );
  return rows;
}

/** One establishment with what a list shows (names of the duplicates fill an unnamed primary). */
export interface BusinessRow {
  id: string;
  siren: string | null;
  denomination: string | null;
  enseigne: string | null;
  adresse: string | null;
  city: string | null;
  code_postal: string | null;
  commune_code: string | null;
  latitude: number | null;
  longitude: number | null;
  naf_code: string | null;
  naf_label: string | null;
  tranche_effectifs: string | null;
  etat: string | null;
  date_creation: string | null;
  source: string;
  source_vintage: string | null;
  duplicates: string[] | null;
}

const BUSINESS_COLUMNS = `e.siret AS id, e.siren,
  coalesce(e.denomination, (SELECT (array_agg(d.denomination ORDER BY d.siret))[1] FROM establishments d
    WHERE d.duplicate_of = e.siret AND d.denomination IS NOT NULL)) AS denomination,
  e.enseigne, e.adresse, c.name AS city, e.code_postal, e.commune_code, e.latitude, e.longitude, e.naf_code,
  n.label AS naf_label, e.tranche_effectifs, e.etat, e.date_creation::text AS date_creation, e.source,
  e.source_vintage,
  (SELECT array_agg(d.source || ' ' || d.siret ORDER BY d.siret) FROM establishments d WHERE d.duplicate_of = e.siret)
    AS duplicates`;

const BUSINESS_JOINS = `LEFT JOIN communes c ON c.code = e.commune_code LEFT JOIN naf_codes n ON n.code = e.naf_code`;

export type BusinessOrder = 'name' | 'similarity';

export interface BusinessQuery {
  zone?: BusinessZone | undefined;
  includeInactive: boolean;
  /** NAF codes or prefixes (`56`, `56.10`, `56.10A`). */
  nafPrefixes?: readonly string[] | undefined;
  /** Free text over name, enseigne, city, NAF code and SIRET (unaccented, case-insensitive). */
  searchText?: string | undefined;
  communeCodes?: readonly string[] | undefined;
  communeName?: string | undefined;
  bounds?: { minLat: number; minLon: number; maxLat: number; maxLon: number } | undefined;
  limit: number;
  offset: number;
  count: boolean;
}

function businessConditions(query: BusinessQuery, parameters: SqlParameters): string[] {
  const conditions = baseConditions(query.zone, query.includeInactive, parameters);
  if (query.nafPrefixes?.length) {
    const patterns = query.nafPrefixes.map((code) => `${code}%`);
    conditions.push(`e.naf_code LIKE ANY(${parameters.add(patterns)}::text[])`);
  }
  if (query.searchText) {
    const text = parameters.add(query.searchText);
    const like = `'%' || lower(unaccent(${text})) || '%'`;
    conditions.push(`(e.search_text LIKE ${like} OR e.siret LIKE ${text} || '%' OR e.naf_code LIKE upper(${text}) || '%'
      OR lower(unaccent(coalesce(e.adresse, ''))) LIKE ${like}
      OR e.commune_code IN (SELECT code FROM communes WHERE lower(unaccent(name)) LIKE ${like})
      OR EXISTS (SELECT 1 FROM establishments d WHERE d.duplicate_of = e.siret AND d.search_text LIKE ${like}))`);
  }
  if (query.communeCodes?.length)
    conditions.push(`e.commune_code = ANY(${parameters.add(query.communeCodes)}::text[])`);
  if (query.communeName) {
    conditions.push(`e.commune_code IN (SELECT code FROM communes
      WHERE lower(unaccent(name)) LIKE lower(unaccent(${parameters.add(query.communeName)})) || '%')`);
  }
  if (query.bounds) {
    const { minLon, minLat, maxLon, maxLat } = query.bounds;
    conditions.push(
      `e.geometry && ST_MakeEnvelope(${parameters.add(minLon)}, ${parameters.add(minLat)}, ${parameters.add(maxLon)}, ${parameters.add(maxLat)}, 4326)`,
    );
  }
  return conditions;
}

/** A page of counted establishments sorted by name (unnamed last), with the total when asked. */
export async function selectBusinesses(
  database: Queryable,
  query: BusinessQuery,
): Promise<{ rows: BusinessRow[]; total: number | null }> {
  const parameters = new SqlParameters();
  const where = businessConditions(query, parameters).join(' AND ') || 'TRUE';
  const limit = parameters.add(query.limit);
  const offset = parameters.add(query.offset);
  const page = database.query<BusinessRow>(
    `SELECT ${BUSINESS_COLUMNS} FROM (SELECT * FROM counted_establishments e WHERE ${where}
       ORDER BY e.search_text IS NULL OR e.search_text = '', e.search_text, e.siret LIMIT ${limit} OFFSET ${offset}) e
     ${BUSINESS_JOINS}
     ORDER BY e.search_text IS NULL OR e.search_text = '', e.search_text, e.siret`,
    parameters.values,
  );
  const total = query.count
    ? database.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM counted_establishments e WHERE ${where}`,
        parameters.values.slice(0, -2),
      )
    : undefined;
  const [pageResult, totalResult] = await Promise.all([page, total]);
  return { rows: pageResult.rows, total: totalResult ? (totalResult.rows[0]?.total ?? 0) : null };
}

/** A counted, active establishment near a point: its identity, name, NAF code, size band, point and straight-line distance (metres). */
export interface NearbyEstablishment {
  id: string;
  name: string | null;
  naf_code: string | null;
  employee_size: string | null;
  longitude: number;
  latitude: number;
  straight_metres: number;
}

/**
 * Counted active establishments of NAF codes or prefixes within `radiusMetres` (straight line, on the
 * geography) of a point, nearest first, at most `limit` (a box on the spatial index, then the exact distance).
 */
export async function selectEstablishmentsNear(
  database: Queryable,
  point: { longitude: number; latitude: number },
  nafPrefixes: readonly string[],
  radiusMetres: number,
  limit: number,
): Promise<NearbyEstablishment[]> {
  const latitudeDelta = radiusMetres / 110_574;
  const longitudeDelta = radiusMetres / (111_320 * Math.cos((point.latitude * Math.PI) / 180));
  const { rows } = await database.query<NearbyEstablishment>(
    `SELECT * FROM (
       SELECT e.siret AS id, coalesce(nullif(e.enseigne, ''), nullif(e.denomination, '')) AS name, e.naf_code,
         e.tranche_effectifs AS employee_size, e.longitude, e.latitude,
         ST_Distance(e.geometry::geography, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography) AS straight_metres
       FROM counted_establishments e
       WHERE e.geometry && ST_MakeEnvelope($1 - $4, $2 - $5, $1 + $4, $2 + $5, 4326)
         AND ${ACTIVE} AND ${nafCondition('e.naf_code', '$3', nafPrefixes)}) near
     WHERE straight_metres <= $6 ORDER BY straight_metres, id LIMIT $7`,
    [point.longitude, point.latitude, nafParameter(nafPrefixes), longitudeDelta, latitudeDelta, radiusMetres, limit],
  );
  return rows.map((row) => ({
    ...row,
    longitude: Number(row.longitude),
    latitude: Number(row.latitude),
    straight_metres: Number(row.straight_metres),
  }));
}

/** Establishments by identity, as a list shows them (in no particular order). */
export async function selectBusinessesByIds(database: Queryable, ids: readonly string[]): Promise<BusinessRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await database.query<BusinessRow>(
    `SELECT ${BUSINESS_COLUMNS} FROM establishments e ${BUSINESS_JOINS} WHERE e.siret = ANY($1::text[])`,
    [ids],
  );
  return rows;
}

/**
 * Establishments whose name looks like the query (pg_trgm word similarity `<%` on the unaccented lower-case
 * name, GIN index), best first; `threshold` is the minimum `word_similarity`, set for this transaction only.
 * The names of a business's duplicates in other sources count as its own: an unnamed OpenStreetMap point
 * merged with the named shop of the Ville de Paris list is found by that name.
 */
export async function selectFuzzyBusinesses(
  database: Database,
  text: string,
  threshold: number,
  limit: number,
  zone?: BusinessZone,
): Promise<{ rows: BusinessRow[]; total: number }> {
  return database.transaction(async (transaction) => {
    await transaction.query(`SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)`, [String(threshold)]);
    const parameters = new SqlParameters();
    const query = parameters.add(text);
    const conditions = baseConditions(zone, false, parameters);
    const limitParameter = parameters.add(limit);
    const { rows } = await transaction.query<BusinessRow & { total: number }>(
      `SELECT ${BUSINESS_COLUMNS}, e.total FROM (
         SELECT e.*, matched.score, count(*) OVER ()::int AS total
         FROM (SELECT coalesce(d.duplicate_of, d.siret) AS siret,
                 max(word_similarity(lower(unaccent(${query})), d.search_text)) AS score
               FROM establishments d WHERE lower(unaccent(${query})) <% d.search_text
               GROUP BY coalesce(d.duplicate_of, d.siret)) matched
         JOIN counted_establishments e ON e.siret = matched.siret
         ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
         ORDER BY matched.score DESC, e.search_text, e.siret LIMIT ${limitParameter}) e
       ${BUSINESS_JOINS}
       ORDER BY e.score DESC, e.search_text, e.siret`,
      parameters.values,
    );
    return { rows, total: rows[0]?.total ?? 0 };
  });
}

/** Communes holding establishments, by name (`search` matches the start of a word, unaccented). */
export async function selectCommunes(
  database: Queryable,
  search: string | undefined,
  limit: number,
): Promise<{ code: string; name: string; departement_code: string; count: number }[]> {
  const parameters = new SqlParameters();
  const filter = search
    ? `AND lower(unaccent(c.name)) ~ ('(^|[ -])' || regexp_replace(lower(unaccent(${parameters.add(search)})), '([.*+?^${'$'}()|\\[\\]\\\\{}])', '\\\\\\1', 'g'))`
    : '';
  const { rows } = await database.query<{ code: string; name: string; departement_code: string; count: number }>(
    `SELECT c.code, c.name, c.departement_code, counts.count FROM (
       SELECT commune_code, count(*)::int AS count FROM counted_establishments GROUP BY commune_code) counts
     JOIN communes c ON c.code = counts.commune_code
     WHERE TRUE ${filter}
     ORDER BY c.name, c.code LIMIT ${parameters.add(limit)}`,
    parameters.values,
  );
  return rows;
}

/** The most frequent enseignes or names of real (non-demo) establishments. */
export async function selectBrands(
  database: Queryable,
  limit: number,
  minimum: number,
): Promise<{ name: string; count: number; naf_code: string | null }[]> {
  const { rows } = await database.query<{ name: string; count: number; naf_code: string | null }>(
    `SELECT name, count(*)::int AS count, mode() WITHIN GROUP (ORDER BY naf_code) AS naf_code FROM (
       SELECT upper(trim(coalesce(e.enseigne, e.denomination))) AS name, e.naf_code
       FROM counted_establishments e
       WHERE e.source <> 'demo-bpe' AND coalesce(e.enseigne, e.denomination) IS NOT NULL AND (e.etat IS NULL OR e.etat = 'A')) named
     GROUP BY name HAVING count(*) >= $2 ORDER BY count(*) DESC, name LIMIT $1`,
    [limit, minimum],
  );
  return rows;
}

/** The NAF catalogue (every level). */
export async function selectNafCodes(database: Queryable): Promise<
  {
    code: string;
    level: number;
    label: string;
    label_65: string;
    label_40: string;
    parent_code: string | null;
    section_code: string;
  }[]
> {
  const { rows } = await database.query<{
    code: string;
    level: number;
    label: string;
    label_65: string;
    label_40: string;
    parent_code: string | null;
    section_code: string;
  }>('SELECT code, level, label, label_65, label_40, parent_code, section_code FROM naf_codes ORDER BY code');
  return rows;
}

/** Which establishment datasets are loaded, for the health answer and the cache key. */
export async function selectEstablishmentDatasets(database: Queryable): Promise<
  {
    source: string;
    territory: string;
    vintage: string;
    label: string;
    row_count: number;
    demo: boolean;
    loaded_at: string;
  }[]
> {
  const { rows } = await database.query<{
    source: string;
    territory: string;
    vintage: string;
    label: string;
    row_count: number;
    demo: boolean;
    loaded_at: string;
  }>(
    `SELECT source, territory, vintage, label, row_count, demo, loaded_at::text AS loaded_at FROM datasets
     WHERE source IN ('sirene', 'demo-bpe') OR source LIKE 'establishments-%' ORDER BY source, territory`,
  );
  return rows;
}

/** Counted vs stored establishments per source (duplicates and superseded demo rows are stored, not counted). */
export async function selectSourceCounts(
  database: Queryable,
): Promise<{ source: string; stored: number; counted: number; duplicates: number }[]> {
  const { rows } = await database.query<{ source: string; stored: number; counted: number; duplicates: number }>(
    `SELECT s.source, s.stored, coalesce(c.counted, 0)::int AS counted, s.duplicates FROM (
       SELECT source, count(*)::int AS stored, count(duplicate_of)::int AS duplicates FROM establishments GROUP BY source) s
     LEFT JOIN (SELECT source, count(*)::int AS counted FROM counted_establishments GROUP BY source) c USING (source)
     ORDER BY s.source`,
  );
  return rows;
}

/** Changes whenever a dataset is loaded again or added: the statistics cache key. */
export async function selectDatasetsLoadStamp(database: Queryable): Promise<string> {
  const { rows } = await database.query<{ key: string | null }>(
    `SELECT max(loaded_at)::text || count(*) AS key FROM datasets`,
  );
  return rows[0]?.key ?? '';
}

/** The départements a zone lies in, as a sub-query of `code`. */
function zoneDepartements(zone: BusinessZone, parameters: SqlParameters): string {
  switch (zone.kind) {
    case 'departement':
      return `SELECT ${parameters.add(zone.code)}::text AS code`;
    case 'communes':
    case 'iris':
      return `SELECT unnest(${parameters.add([...new Set(zone.codes.map(departementOfCode))])}::text[]) AS code`;
    case 'geometry':
      // The IRIS (loaded wherever establishments are, which are placed in them) rather than the département outlines.
      return `SELECT DISTINCT departement_code AS code FROM iris
        WHERE ST_Intersects(geometry, ST_SetSRID(ST_GeomFromGeoJSON(${parameters.add(zone.geojson)}), 4326))`;
  }
}

/**
 * Which of these NAF codes the loaded sources list at all in the zone's départements: a category with none
 * is not covered by the data there (its count would be a false zero).
 */
export async function selectNafCodesWithData(
  database: Queryable,
  zone: BusinessZone,
  nafCodes: readonly string[],
): Promise<Set<string>> {
  const parameters = new SqlParameters();
  const codes = parameters.add([...nafCodes]);
  const { rows } = await database.query<{ naf_code: string }>(
    `WITH zone_departements AS (${zoneDepartements(zone, parameters)})
     SELECT wanted.naf_code FROM unnest(${codes}::text[]) AS wanted(naf_code)
     WHERE EXISTS (SELECT 1 FROM counted_establishments e
       WHERE e.naf_code = wanted.naf_code AND e.departement_code IN (SELECT code FROM zone_departements))`,
    parameters.values,
  );
  return new Set(rows.map((row) => row.naf_code));
}
