import type { Queryable } from '../../../db/Database';

/** Temporary tables of a Sirene load (dropped at commit). */
export const ESTABLISHMENT_STAGING_TABLE = 'staging_establishments';
export const UNITE_LEGALE_STAGING_TABLE = 'staging_unite_legale';
export const GEOLOCALISATION_STAGING_TABLE = 'staging_geolocalisation';

/** Indexes of `establishments` (Sirene and demo rows), dropped before a load and built after it. */
export const ESTABLISHMENT_INDEXES = {
  establishments_departement_index:
    'CREATE INDEX establishments_departement_index ON establishments (departement_code, source)',
  establishments_geometry_index: 'CREATE INDEX establishments_geometry_index ON establishments USING gist (geometry)',
  establishments_naf_index: 'CREATE INDEX establishments_naf_index ON establishments (naf_code)',
  establishments_iris_index: 'CREATE INDEX establishments_iris_index ON establishments (iris_code)',
};

/** WGS84 coordinates as given, else the Lambert ones projected with PostGIS; then the IRIS containing the point. */
const INSERT_ESTABLISHMENTS = `INSERT INTO establishments
    (siret, siren, nic, denomination, enseigne, adresse, code_postal, commune_code, departement_code, naf_code,
     tranche_effectifs, etat, date_creation, longitude, latitude, geometry, iris_code, source)
  SELECT siret, siren, nic, denomination, enseigne, adresse, code_postal, commune_code, departement_code, naf_code,
    tranche_effectifs, etat, date_creation, ST_X(point), ST_Y(point), point,
    CASE WHEN point IS NOT NULL THEN
      (SELECT iris.code FROM iris WHERE ST_Intersects(iris.geometry, point) ORDER BY iris.code LIMIT 1) END,
    'sirene'
  FROM (SELECT *, CASE
      WHEN longitude IS NOT NULL THEN ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)
      WHEN x IS NOT NULL THEN ST_Transform(ST_SetSRID(ST_MakePoint(x, y), epsg), 4326)
    END AS point FROM ${ESTABLISHMENT_STAGING_TABLE}) staged`;

export async function createEstablishmentStaging(transaction: Queryable): Promise<void> {
  await transaction.exec(`CREATE TEMP TABLE ${ESTABLISHMENT_STAGING_TABLE} (
  siret text NOT NULL, siren text, nic text, denomination text, enseigne text, adresse text, code_postal text,
  commune_code text, departement_code text, naf_code text, tranche_effectifs text, etat text, date_creation date,
  longitude float8, latitude float8, x float8, y float8, epsg integer
) ON COMMIT DROP`);
}

/** The SIREN of staged establishments that have no name yet. */
export async function selectStagedSirenWithoutName(transaction: Queryable): Promise<string[]> {
  const { rows } = await transaction.query<{ siren: string }>(
    `SELECT DISTINCT siren FROM ${ESTABLISHMENT_STAGING_TABLE} WHERE denomination IS NULL`,
  );
  return rows.map((row) => row.siren);
}

export async function createUniteLegaleStaging(transaction: Queryable): Promise<void> {
  await transaction.exec(
    `CREATE TEMP TABLE ${UNITE_LEGALE_STAGING_TABLE} (siren text, denomination text) ON COMMIT DROP`,
  );
}

/** Names of the unités légales → the staged establishments without one. */
export async function fillStagedNames(transaction: Queryable): Promise<void> {
  await transaction.exec(`UPDATE ${ESTABLISHMENT_STAGING_TABLE} s SET denomination = u.denomination
    FROM ${UNITE_LEGALE_STAGING_TABLE} u WHERE u.siren = s.siren AND s.denomination IS NULL`);
}

/** The SIRET of staged establishments with neither WGS84 nor Lambert coordinates. */
export async function selectStagedSiretWithoutPosition(transaction: Queryable): Promise<string[]> {
  const { rows } = await transaction.query<{ siret: string }>(
    `SELECT siret FROM ${ESTABLISHMENT_STAGING_TABLE} WHERE longitude IS NULL AND x IS NULL`,
  );
  return rows.map((row) => row.siret);
}

export async function createGeolocalisationStaging(transaction: Queryable): Promise<void> {
  await transaction.exec(`CREATE TEMP TABLE ${GEOLOCALISATION_STAGING_TABLE} (
    siret text, longitude float8, latitude float8, x float8, y float8, epsg integer) ON COMMIT DROP`);
}

/** Positions of the géolocalisation file → the staged establishments (WGS84 when given, else x/y and EPSG). */
export async function fillStagedPositions(transaction: Queryable): Promise<void> {
  await transaction.exec(`UPDATE ${ESTABLISHMENT_STAGING_TABLE} s SET longitude = g.longitude, latitude = g.latitude,
      x = CASE WHEN g.longitude IS NULL THEN g.x END, y = CASE WHEN g.longitude IS NULL THEN g.y END,
      epsg = CASE WHEN g.longitude IS NULL AND g.x IS NOT NULL THEN g.epsg END
    FROM ${GEOLOCALISATION_STAGING_TABLE} g WHERE g.siret = s.siret`);
}

/** Staged rows → `establishments`; returns the rows inserted. */
export async function insertStagedEstablishments(transaction: Queryable): Promise<number> {
  const { affectedRows } = await transaction.query(INSERT_ESTABLISHMENTS);
  return affectedRows;
}

/** Removes a département's establishments and the record of its demo dataset. */
export async function deleteEstablishmentsAndDemoDataset(transaction: Queryable, departement: string): Promise<void> {
  await transaction.query('DELETE FROM establishments WHERE departement_code = $1', [departement]);
  await transaction.query(`DELETE FROM datasets WHERE source = 'demo-bpe' AND territory = $1`, [departement]);
}
