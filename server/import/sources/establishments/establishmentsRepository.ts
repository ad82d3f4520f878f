import type { Queryable } from '../../../db/Database';
import { CopyBuffer } from '../../pipeline/copy/CopyBuffer';
import type { SourceEstablishment } from './SourceEstablishment';

const STAGING_COLUMNS = [
  'siret',
  'denomination',
  'enseigne',
  'adresse',
  'code_postal',
  'commune_code',
  'iris_code',
  'naf_code',
  'longitude',
  'latitude',
  'x',
  'y',
  'source_activity',
] as const;

/** Sources whose rows a later source can be a duplicate of. */
export type EstablishmentSource = 'sirene' | 'osm' | 'apur-bdcom' | 'paris-commercants';

/** Rows a source's parser produced, copied to a temporary table before one `INSERT … SELECT`. */
export class StagedEstablishments {
  private readonly buffer: CopyBuffer;

  private constructor(transaction: Queryable) {
    this.buffer = new CopyBuffer(transaction, 'staging_source_establishments', STAGING_COLUMNS);
  }

  static async create(transaction: Queryable): Promise<StagedEstablishments> {
    await transaction.exec(`CREATE TEMP TABLE staging_source_establishments (
      siret text NOT NULL, denomination text, enseigne text, adresse text, code_postal text, commune_code text,
      iris_code text, naf_code text, longitude float8, latitude float8, x float8, y float8, source_activity text
    ) ON COMMIT DROP`);
    return new StagedEstablishments(transaction);
  }

  add(row: SourceEstablishment): Promise<void> {
    return this.buffer.add([
      row.id,
      row.denomination,
      row.enseigne,
      row.adresse,
      row.codePostal,
      row.communeCode,
      row.irisCode,
      row.nafCode,
      row.longitude,
      row.latitude,
      row.x,
      row.y,
      row.sourceActivity,
    ]);
  }

  flush(): Promise<void> {
    return this.buffer.flush();
  }
}

/**
 * Moves the staged rows into `establishments`: the point (WGS84, or Lambert-93 projected by PostGIS), the
 * IRIS given by the source else the one containing the point (else the nearest within ≈ 300 m: points on a
 * quay or a boundary), the commune from the IRIS when the source gives none; only the département's rows.
 */
export async function insertStagedEstablishments(
  transaction: Queryable,
  source: EstablishmentSource,
  departement: string,
  vintage: string,
): Promise<number> {
  const { affectedRows } = await transaction.query(
    `INSERT INTO establishments
       (siret, denomination, enseigne, adresse, code_postal, commune_code, departement_code, naf_code, etat,
        longitude, latitude, geometry, iris_code, source, source_vintage, source_activity)
     SELECT siret, denomination, enseigne, adresse, code_postal, coalesce(commune_code, left(located_iris, 5)), $2,
       naf_code, 'A', ST_X(point), ST_Y(point), point, located_iris, $1, $3, source_activity
     FROM (SELECT staged.*, coalesce(staged.iris_code,
         (SELECT iris.code FROM iris WHERE ST_Intersects(iris.geometry, staged.point) ORDER BY iris.code LIMIT 1),
         (SELECT iris.code FROM iris WHERE ST_DWithin(iris.geometry, staged.point, 0.004)
          ORDER BY iris.geometry <-> staged.point, iris.code LIMIT 1)) AS located_iris
       FROM (SELECT *, CASE
           WHEN longitude IS NOT NULL THEN ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)
           WHEN x IS NOT NULL THEN ST_Transform(ST_SetSRID(ST_MakePoint(x, y), 2154), 4326)
         END AS point FROM staging_source_establishments) staged) located
     WHERE left(coalesce(commune_code, left(located_iris, 5)), 2) = $2`,
    [source, departement, vintage],
  );
  return affectedRows;
}

/** Deletes a source's establishments of a département and the NAF codes it covered there. */
export async function clearSourceEstablishments(
  transaction: Queryable,
  source: EstablishmentSource,
  departement: string,
): Promise<void> {
  await transaction.query('DELETE FROM establishments WHERE source = $1 AND departement_code = $2', [
    source,
    departement,
  ]);
  await transaction.query('DELETE FROM establishment_family_coverage WHERE source = $1 AND departement_code = $2', [
    source,
    departement,
  ]);
}

/** Records that the source lists every establishment of these NAF codes in the département (demo rows step aside). */
export async function recordFamilyCoverage(
  transaction: Queryable,
  source: EstablishmentSource,
  departement: string,
  nafCodes: readonly string[],
): Promise<void> {
  await transaction.query(
    `INSERT INTO establishment_family_coverage (departement_code, naf_code, source)
     SELECT $1, naf_code, $2 FROM unnest($3::text[]) AS naf_code ON CONFLICT DO NOTHING`,
    [departement, source, [...nafCodes]],
  );
}

/** How close two records of the same business are (metres) and how alike their names must be (trigrams). */
export const DUPLICATE_RULES = {
  /** Named candidate: at most this far… */
  namedDistanceMetres: 60,
  /** …and at least this `similarity()` between the unaccented lower-case names. */
  nameSimilarity: 0.45,
  /** Unnamed candidate (BDCOM shop fronts): same NAF code, same house number, at most this far. */
  unnamedDistanceMetres: 40,
} as const;

/**
 * Marks the source's rows that are a business another source already holds (`duplicate_of` = that row's
 * identity): the best candidate of `against` within {@link DUPLICATE_RULES} — a named one with a similar
 * name close by, or an unnamed one (BDCOM) of the same NAF code at the same house number. Both rows stay; only the primary counts.
 * Returns how many rows were marked.
 */
export async function markDuplicates(
  transaction: Queryable,
  source: EstablishmentSource,
  departement: string,
  against: readonly EstablishmentSource[],
): Promise<number> {
  await transaction.query(
    `UPDATE establishments duplicate SET duplicate_of = (
       SELECT candidate.siret FROM establishments candidate
       WHERE candidate.source = ANY($3::text[]) AND candidate.departement_code = $2
         AND candidate.duplicate_of IS NULL AND candidate.geometry IS NOT NULL
         AND ST_DWithin(candidate.geometry, duplicate.geometry, 0.001)
         AND (
           (candidate.search_text <> '' AND similarity(candidate.search_text, duplicate.search_text) >= $4
             AND ST_DistanceSphere(candidate.geometry, duplicate.geometry) <= $5)
           OR ((candidate.search_text IS NULL OR candidate.search_text = '') AND candidate.naf_code = duplicate.naf_code
             AND substring(candidate.adresse FROM '^[0-9]+') = substring(duplicate.adresse FROM '^[0-9]+')
             AND ST_DistanceSphere(candidate.geometry, duplicate.geometry) <= $6))
       ORDER BY similarity(coalesce(candidate.search_text, ''), duplicate.search_text) DESC,
         ST_DistanceSphere(candidate.geometry, duplicate.geometry), candidate.siret
       LIMIT 1)
     WHERE duplicate.source = $1 AND duplicate.departement_code = $2 AND duplicate.geometry IS NOT NULL`,
    [
      source,
      departement,
      [...against],
      DUPLICATE_RULES.nameSimilarity,
      DUPLICATE_RULES.namedDistanceMetres,
      DUPLICATE_RULES.unnamedDistanceMetres,
    ],
  );
  const { rows } = await transaction.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM establishments WHERE source = $1 AND departement_code = $2
       AND duplicate_of IS NOT NULL`,
    [source, departement],
  );
  return rows[0]?.count ?? 0;
}
