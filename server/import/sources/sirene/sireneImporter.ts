import { basename } from 'node:path';
import { COMMUNE_CODE_PATTERN, departementOfCode } from '../../../../kernel/territory/irisCode';
import type { Queryable } from '../../../db/Database';
import { CopyBuffer } from '../../pipeline/copy/CopyBuffer';
import { type DelimitedRow, forEachDelimitedRow, readDelimited } from '../../pipeline/csv/readDelimited';
import { readDate, readDecimal } from '../../pipeline/fields';
import { ImportError, RowError } from '../../pipeline/ImportError';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import type { ImportProgress } from '../../pipeline/ImportProgress';
import { ESTABLISHMENT_INDEXES } from '../establishments/establishmentIndexes';
import { departementLabel } from '../../pipeline/territoryLabel';
import { sireneAddress } from './sireneAddress';
import { findSireneFiles, type SireneEstablishmentFile, type SireneFiles } from './sireneFiles';

const IMPORTER_VERSION = 'sirene-2';

/** Lambert-93 (metropole) or the local projection Sirene uses overseas, by département. */
const LAMBERT_EPSG: Readonly<Record<string, number>> = {
  '971': 5490,
  '972': 5490,
  '973': 2972,
  '974': 2975,
  '976': 4471,
};

const STAGING_TABLE = `CREATE TEMP TABLE staging_establishments (
  siret text NOT NULL, siren text, nic text, denomination text, enseigne text, adresse text, code_postal text,
  commune_code text, departement_code text, naf_code text, tranche_effectifs text, etat text, date_creation date,
  longitude float8, latitude float8, x float8, y float8, epsg integer
) ON COMMIT DROP`;

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

const SIRET = /^\d{14}$/;
const NAF = /^\d{2}\.\d{1,2}[A-Z]?$/;
const TRANCHE = /^(NN|\d{2})$/;

/** A Sirene field: trimmed, null when empty or not diffusible (`[ND]`). */
function field(row: DelimitedRow, column: string): string | null {
  if (!row.has(column)) return null;
  const value = row.get(column).trim();
  return value.length === 0 || value === '[ND]' ? null : value;
}

function coordinate(row: DelimitedRow, column: string): number | null {
  return field(row, column) === null ? null : readDecimal(row, column);
}

/** The name of a unité légale: its denomination, else « PRÉNOM NOM » of a natural person. */
function uniteLegaleName(row: DelimitedRow): string | null {
  const denomination = field(row, 'denominationUniteLegale');
  if (denomination) return denomination;
  const last = field(row, 'nomUsageUniteLegale') ?? field(row, 'nomUniteLegale');
  const first = field(row, 'prenomUsuelUniteLegale') ?? field(row, 'prenom1UniteLegale');
  return last ? [first, last].filter(Boolean).join(' ') : null;
}

/** The values of one establishment row for the staging table, validated; undefined when outside the département. */
function establishmentValues(row: DelimitedRow, departement: string): unknown[] | undefined {
  const communeCode = field(row, 'codeCommuneEtablissement')?.toUpperCase() ?? null;
  if (communeCode === null) return undefined;
  if (!COMMUNE_CODE_PATTERN.test(communeCode)) {
    throw new RowError('codeCommuneEtablissement', `code commune invalide « ${communeCode} »`);
  }
  if (departementOfCode(communeCode) !== departement) return undefined;
  const siret = field(row, 'siret');
  if (!siret || !SIRET.test(siret)) throw new RowError('siret', `SIRET invalide « ${siret ?? ''} » (14 chiffres)`);
  const siren = field(row, 'siren') ?? siret.slice(0, 9);
  const nic = field(row, 'nic') ?? siret.slice(9);
  if (`${siren}${nic}` !== siret) throw new RowError('nic', `SIREN ${siren} + NIC ${nic} ≠ SIRET ${siret}`);
  const naf = field(row, 'activitePrincipaleEtablissement');
  if (naf !== null && !NAF.test(naf))
    throw new RowError('activitePrincipaleEtablissement', `code NAF invalide « ${naf} »`);
  const tranche = field(row, 'trancheEffectifsEtablissement');
  if (tranche !== null && !TRANCHE.test(tranche)) {
    throw new RowError('trancheEffectifsEtablissement', `tranche d’effectifs invalide « ${tranche} »`);
  }
  const etat = field(row, 'etatAdministratifEtablissement');
  if (etat !== null && etat !== 'A' && etat !== 'F') {
    throw new RowError('etatAdministratifEtablissement', `état « ${etat} » inconnu (A ou F attendu)`);
  }
  const codePostal = field(row, 'codePostalEtablissement');
  if (codePostal !== null && !/^\d{5}$/.test(codePostal)) {
    throw new RowError('codePostalEtablissement', `code postal invalide « ${codePostal} »`);
  }
  const longitude = coordinate(row, row.has('longitude') ? 'longitude' : 'x_longitude');
  const latitude = coordinate(row, row.has('latitude') ? 'latitude' : 'y_latitude');
  if ((longitude === null) !== (latitude === null))
    throw new RowError('latitude', 'longitude sans latitude ou inversement');
  if (longitude !== null && (longitude < -180 || longitude > 180)) {
    throw new RowError('longitude', `longitude hors limites « ${longitude} »`);
  }
  if (latitude !== null && (latitude < -90 || latitude > 90)) {
    throw new RowError('latitude', `latitude hors limites « ${latitude} »`);
  }
  const x = coordinate(row, 'coordonneeLambertAbscisseEtablissement');
  const y = coordinate(row, 'coordonneeLambertOrdonneeEtablissement');
  if ((x === null) !== (y === null)) {
    throw new RowError('coordonneeLambertOrdonneeEtablissement', 'abscisse sans ordonnée ou inversement');
  }
  const enseigne = field(row, 'enseigne1Etablissement') ?? field(row, 'denominationUsuelleEtablissement') ?? null;
  return [
    siret,
    siren,
    nic,
    uniteLegaleName(row) ?? field(row, 'denominationUsuelleEtablissement'),
    enseigne,
    sireneAddress({
      numero: field(row, 'numeroVoieEtablissement'),
      indice: field(row, 'indiceRepetitionEtablissement'),
      typeVoie: field(row, 'typeVoieEtablissement'),
      libelleVoie: field(row, 'libelleVoieEtablissement'),
      complement: field(row, 'complementAdresseEtablissement'),
    }),
    codePostal,
    communeCode,
    departement,
    naf,
    tranche,
    etat,
    readDate(row, 'dateCreationEtablissement'),
    longitude,
    latitude,
    longitude === null ? x : null,
    longitude === null ? y : null,
    longitude === null && x !== null ? (LAMBERT_EPSG[departement] ?? 2154) : null,
  ];
}

/** Fills missing names from StockUniteLegale (streamed, only the SIREN of the staged establishments kept). */
async function addUniteLegaleNames(transaction: Queryable, path: string): Promise<void> {
  const { rows } = await transaction.query<{ siren: string }>(
    'SELECT DISTINCT siren FROM staging_establishments WHERE denomination IS NULL',
  );
  if (rows.length === 0) return;
  const wanted = new Set(rows.map((row) => row.siren));
  await transaction.exec('CREATE TEMP TABLE staging_unite_legale (siren text, denomination text) ON COMMIT DROP');
  const buffer = new CopyBuffer(transaction, 'staging_unite_legale', ['siren', 'denomination']);
  await forEachDelimitedRow(path, { separator: 'auto', requiredColumns: ['siren'] }, async (row) => {
    const siren = row.get('siren').trim();
    if (!wanted.has(siren)) return;
    wanted.delete(siren);
    await buffer.add([siren, uniteLegaleName(row)]);
  });
  await buffer.flush();
  await transaction.exec(`UPDATE staging_establishments s SET denomination = u.denomination
    FROM staging_unite_legale u WHERE u.siren = s.siren AND s.denomination IS NULL`);
}

/**
 * Fills missing coordinates from INSEE's géolocalisation file (`siret;x;y;…;epsg;…;y_latitude;x_longitude`):
 * WGS84 when given, else x/y in the file's EPSG (Lambert-93 in metropole).
 */
async function addGeolocalisation(transaction: Queryable, path: string): Promise<void> {
  const { rows } = await transaction.query<{ siret: string }>(
    'SELECT siret FROM staging_establishments WHERE longitude IS NULL AND x IS NULL',
  );
  if (rows.length === 0) return;
  const wanted = new Set(rows.map((row) => row.siret));
  await transaction.exec(`CREATE TEMP TABLE staging_geolocalisation (
    siret text, longitude float8, latitude float8, x float8, y float8, epsg integer) ON COMMIT DROP`);
  const columns = ['siret', 'longitude', 'latitude', 'x', 'y', 'epsg'];
  const buffer = new CopyBuffer(transaction, 'staging_geolocalisation', columns);
  await forEachDelimitedRow(path, { separator: 'auto', requiredColumns: ['siret', 'x', 'y'] }, async (row) => {
    const siret = row.get('siret').trim();
    if (!wanted.has(siret)) return;
    const longitude = coordinate(row, 'x_longitude');
    const latitude = coordinate(row, 'y_latitude');
    const x = coordinate(row, 'x');
    const y = coordinate(row, 'y');
    const epsgText = field(row, 'epsg');
    const epsg = epsgText === null ? 2154 : Number(epsgText);
    if (!Number.isInteger(epsg)) throw new RowError('epsg', `code EPSG invalide « ${epsgText} »`);
    await buffer.add([siret, longitude, latitude, x, y, epsg]);
  });
  await buffer.flush();
  await transaction.exec(`UPDATE staging_establishments s SET longitude = g.longitude, latitude = g.latitude,
      x = CASE WHEN g.longitude IS NULL THEN g.x END, y = CASE WHEN g.longitude IS NULL THEN g.y END,
      epsg = CASE WHEN g.longitude IS NULL AND g.x IS NOT NULL THEN g.epsg END
    FROM staging_geolocalisation g WHERE g.siret = s.siret`);
}

async function loadEstablishments(
  transaction: Queryable,
  progress: ImportProgress,
  file: SireneEstablishmentFile,
  files: SireneFiles,
  departement: string,
  vintage: string,
): Promise<number> {
  await transaction.exec(STAGING_TABLE);
  const buffer = new CopyBuffer(transaction, 'staging_establishments', STAGING_COLUMNS);
  const seen = new Set<string>();
  await forEachDelimitedRow(
    file.path,
    {
      separator: 'auto',
      requiredColumns: ['siret', 'codeCommuneEtablissement', 'activitePrincipaleEtablissement'],
      onProgress: (bytes, total) => progress.update(buffer.rowCount + buffer.pendingCount, (0.8 * bytes) / total),
    },
    async (row) => {
      const values = establishmentValues(row, departement);
      if (!values) return;
      const siret = values[0] as string;
      if (seen.has(siret)) throw new RowError('siret', `SIRET ${siret} en double`);
      seen.add(siret);
      await buffer.add(values as (string | number | null)[]);
    },
  );
  await buffer.flush();
  if (files.uniteLegale) await addUniteLegaleNames(transaction, files.uniteLegale);
  if (files.geolocalisation) await addGeolocalisation(transaction, files.geolocalisation);
  const { affectedRows } = await transaction.query(INSERT_ESTABLISHMENTS, [vintage]);
  progress.update(affectedRows, 1);
  return affectedRows;
}

function sirenePlan(file: SireneEstablishmentFile, files: SireneFiles, departement: string): DatasetPlan {
  const extra = [files.uniteLegale, files.geolocalisation].filter((path): path is string => path !== undefined);
  return {
    source: 'sirene',
    territory: departement,
    vintage: vintageOf(file.path),
    label: `Sirene, établissements (INSEE) — ${departementLabel(departement)}`,
    files: [file.path, ...extra],
    version: IMPORTER_VERSION,
    indexes: ESTABLISHMENT_INDEXES,
    async clear(transaction) {
      // Real Sirene rows replace the demo establishments of the département (and their dataset record).
      await transaction.query('DELETE FROM establishments WHERE departement_code = $1', [departement]);
      await transaction.query(`DELETE FROM datasets WHERE source = 'demo-bpe' AND territory = $1`, [departement]);
    },
    load: (transaction, progress) =>
      loadEstablishments(transaction, progress, file, files, departement, vintageOf(file.path)),
  };
}

/** The year in the file name (`…-2021.csv`, `StockEtablissement_2025-01.csv`), else `courant`. */
function vintageOf(path: string): string {
  return /(?:^|[^\d])((?:19|20)\d{2})(?:[^\d]|$)/.exec(basename(path))?.[1] ?? 'courant';
}

/** The départements an extract holds (its `codeCommuneEtablissement`), read once; the national stock is not scanned. */
async function departementsOf(path: string): Promise<Set<string>> {
  const found = new Set<string>();
  try {
    for await (const row of readDelimited(path, { separator: 'auto', requiredColumns: ['codeCommuneEtablissement'] })) {
      const code = row.get('codeCommuneEtablissement').trim().toUpperCase();
      if (COMMUNE_CODE_PATTERN.test(code)) found.add(departementOfCode(code));
    }
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    // A malformed file is reported by its load, with file and line.
  }
  return found;
}

/**
 * Sirene establishments: INSEE's StockEtablissement (national, or an extract such as the joined
 * établissements × unités légales export), Etalab's géolocalisé `geo_siret_NN.csv.gz`, or the output of
 * the BAN geocoder on an extract (`*.geocoded.csv`). Names come from the unité légale columns, else from
 * `StockUniteLegale`; coordinates from longitude/latitude, else Lambert (`coordonneeLambert…` or the
 * GeolocalisationEtablissement file) projected with `ST_Transform`. One dataset per département: the
 * asked ones for the national stock; the département of a `geo_siret_NN` file; every département an
 * extract holds (so the Bas-Rhin sample loads with the demo territory). Loading a département replaces
 * its demo establishments.
 */
export const sireneImporter: Importer = {
  source: 'sirene',
  async plan({ openDataDirectory, departements }) {
    const files = findSireneFiles(openDataDirectory);
    const plans = new Map<string, DatasetPlan>();
    for (const file of files.establishments) {
      const targets = file.national
        ? new Set(departements)
        : file.departement !== undefined
          ? new Set([file.departement])
          : await departementsOf(file.path);
      for (const departement of [...targets].sort()) {
        if (!plans.has(departement)) plans.set(departement, sirenePlan(file, files, departement));
      }
    }
    return [...plans.values()];
  },
};
