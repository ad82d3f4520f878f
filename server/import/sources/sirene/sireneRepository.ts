import type { Queryable } from '../../../db/Database';
import { CopyBuffer } from '../../pipeline/copy/CopyBuffer';
import type { SireneEstablishment, SireneGeolocalisation } from './sireneEstablishment';

const STAGING_COLUMNS = [
  'siret',
  'siren',
  'nic',
  'denomination',
  'enseigne',
  'adresse',
  'code_postal',
  'commune_code',
  'departement_code',
  'naf_code',
  'tranche_effectifs',
  'etat',
  'date_creation',
  'longitude',
  'latitude',
  'x',
  'y',
  'epsg',
] as const;

/** WGS84 coordinates as given, else the Lambert ones projected with PostGIS; then the IRIS containing the point. */
const INSERT_ESTABLISHMENTS = `INSERT INTO establishments
    (siret, siren, nic, denomination, enseigne, adresse, code_postal, commune_code, departement_code, naf_code,
     tranche_effectifs, etat, date_creation, longitude, latitude, geometry, iris_code, source, source_vintage)
  SELECT siret, siren, nic, denomination, enseigne, adresse, code_postal, commune_code, departement_code, naf_code,
    tranche_effectifs, etat, date_creation, ST_X(point), ST_Y(point), point,
    CASE WHEN point IS NOT NULL THEN
      (SELECT iris.code FROM iris WHERE ST_Intersects(iris.geometry, point) ORDER BY iris.code LIMIT 1) END,
    'sirene', $1::text
  FROM (SELECT *, CASE
      WHEN longitude IS NOT NULL THEN ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)
      WHEN x IS NOT NULL THEN ST_Transform(ST_SetSRID(ST_MakePoint(x, y), epsg), 4326)
    END AS point FROM staging_establishments) staged`;

/**
 * The establishments of one département on their way in: rows go to a temporary table (`COPY`), get their
 * missing names and coordinates from the companion files, then one `INSERT … SELECT` projects and places them.
 */
export class StagedSireneEstablishments {
  private readonly buffer: CopyBuffer;

  private constructor(private readonly transaction: Queryable) {
    this.buffer = new CopyBuffer(transaction, 'staging_establishments', STAGING_COLUMNS);
  }

  static async create(transaction: Queryable): Promise<StagedSireneEstablishments> {
    await transaction.exec(`CREATE TEMP TABLE staging_establishments (
      siret text NOT NULL, siren text, nic text, denomination text, enseigne text, adresse text, code_postal text,
      commune_code text, departement_code text, naf_code text, tranche_effectifs text, etat text, date_creation date,
      longitude float8, latitude float8, x float8, y float8, epsg integer
    ) ON COMMIT DROP`);
    return new StagedSireneEstablishments(transaction);
  }

  /** Rows added so far, loaded or still buffered. */
  get count(): number {
    return this.buffer.rowCount + this.buffer.pendingCount;
  }

  add(row: SireneEstablishment): Promise<void> {
    return this.buffer.add([
      row.siret,
      row.siren,
      row.nic,
      row.denomination,
      row.enseigne,
      row.adresse,
      row.codePostal,
      row.communeCode,
      row.departementCode,
      row.nafCode,
      row.trancheEffectifs,
      row.etat,
      row.dateCreation,
      row.longitude,
      row.latitude,
      row.x,
      row.y,
      row.epsg,
    ]);
  }

  flush(): Promise<void> {
    return this.buffer.flush();
  }

  /** The SIREN of the staged establishments without a name. */
  async sirensWithoutName(): Promise<Set<string>> {
    const { rows } = await this.transaction.query<{ siren: string }>(
      'SELECT DISTINCT siren FROM staging_establishments WHERE denomination IS NULL',
    );
    return new Set(rows.map((row) => row.siren));
  }

  /** Names the unnamed establishments with the unité légale names `read` adds (SIREN, name). */
  async addUniteLegaleNames(
    read: (add: (siren: string, name: string | null) => Promise<void>) => Promise<unknown>,
  ): Promise<void> {
    await this.transaction.exec(
      'CREATE TEMP TABLE staging_unite_legale (siren text, denomination text) ON COMMIT DROP',
    );
    const buffer = new CopyBuffer(this.transaction, 'staging_unite_legale', ['siren', 'denomination']);
    await read((siren, name) => buffer.add([siren, name]));
    await buffer.flush();
    await this.transaction.exec(`UPDATE staging_establishments s SET denomination = u.denomination
      FROM staging_unite_legale u WHERE u.siren = s.siren AND s.denomination IS NULL`);
  }

  /** The SIRET of the staged establishments with no coordinates at all. */
  async siretsWithoutCoordinates(): Promise<Set<string>> {
    const { rows } = await this.transaction.query<{ siret: string }>(
      'SELECT siret FROM staging_establishments WHERE longitude IS NULL AND x IS NULL',
    );
    return new Set(rows.map((row) => row.siret));
  }

  /** Gives the unlocated establishments the coordinates `read` adds (from the géolocalisation file). */
  async addGeolocalisations(
    read: (add: (row: SireneGeolocalisation) => Promise<void>) => Promise<unknown>,
  ): Promise<void> {
    await this.transaction.exec(`CREATE TEMP TABLE staging_geolocalisation (
      siret text, longitude float8, latitude float8, x float8, y float8, epsg integer) ON COMMIT DROP`);
    const columns = ['siret', 'longitude', 'latitude', 'x', 'y', 'epsg'];
    const buffer = new CopyBuffer(this.transaction, 'staging_geolocalisation', columns);
    await read((row) => buffer.add([row.siret, row.longitude, row.latitude, row.x, row.y, row.epsg]));
    await buffer.flush();
    await this.transaction.exec(`UPDATE staging_establishments s SET longitude = g.longitude, latitude = g.latitude,
        x = CASE WHEN g.longitude IS NULL THEN g.x END, y = CASE WHEN g.longitude IS NULL THEN g.y END,
        epsg = CASE WHEN g.longitude IS NULL AND g.x IS NOT NULL THEN g.epsg END
      FROM staging_geolocalisation g WHERE g.siret = s.siret`);
  }

  /** Inserts the staged rows into `establishments` (source `sirene`, this vintage); gives the count. */
  async insert(vintage: string): Promise<number> {
    const { affectedRows } = await this.transaction.query(INSERT_ESTABLISHMENTS, [vintage]);
    return affectedRows;
  }
}

/** Removes the establishments of the département and its demo dataset record: real Sirene rows replace them. */
export async function deleteDepartementEstablishments(transaction: Queryable, departement: string): Promise<void> {
  await transaction.query('DELETE FROM establishments WHERE departement_code = $1', [departement]);
  await transaction.query(`DELETE FROM datasets WHERE source = 'demo-bpe' AND territory = $1`, [departement]);
}
