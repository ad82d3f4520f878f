import { DEPARTEMENT_CODE_SOURCE } from '../../../../kernel/territory/territoryCodes';
import { basename } from 'node:path';
import { COMMUNE_CODE_PATTERN, departementOfCode } from '../../../../kernel/territory/irisCode';
import { CopyBuffer } from '../../pipeline/copy/CopyBuffer';
import { forEachDelimitedRow } from '../../pipeline/csv/readDelimited';
import { readDecimal, readInteger, readText } from '../../pipeline/fields';
import { RowError } from '../../pipeline/ImportError';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import { listDataFiles } from '../../pipeline/listDataFiles';
import { departementLabel } from '../../pipeline/territoryLabel';
import { banAddressLabel } from './banAddressLabel';
import {
  attachOutsidePoints,
  BAN_ADDRESS_INDEXES,
  BAN_STAGING_TABLE,
  createBanStaging,
  deleteBanAddresses,
  insertStagedBanAddresses,
} from './banRepository';

const IMPORTER_VERSION = 'ban-1';

/**
 * The BAN département files carry no date; the year comes from the file name when it has one
 * (`adresses-75-2024.csv.gz`), else this one: the staged copy is the export of June 2024.
 */
export const BAN_DEFAULT_VINTAGE = '2024';

/** `adresses-75.csv(.gz)` (one département, as adresse.data.gouv.fr distributes it) or `adresses-france.csv.gz`. */
const BAN_FILE = new RegExp(`^adresses-(${DEPARTEMENT_CODE_SOURCE}|france)(?:-(\\d{4}))?\\.csv(\\.gz)?$`, 'i');

interface BanFile {
  path: string;
  departement: string | undefined;
  vintage: string;
}

/** The BAN files of `ban/`: per-département files first, then the national one. */
export function findBanFiles(directory: string): BanFile[] {
  return listDataFiles(directory, ['ban'], BAN_FILE)
    .map((path) => {
      const match = BAN_FILE.exec(basename(path));
      const scope = match?.[1]?.toUpperCase();
      return {
        path,
        departement: scope === 'FRANCE' ? undefined : scope,
        vintage: match?.[2] ?? BAN_DEFAULT_VINTAGE,
      };
    })
    .sort((a, b) => Number(a.departement === undefined) - Number(b.departement === undefined));
}

const STAGING_COLUMNS = [
  'id',
  'numero',
  'rep',
  'nom_voie',
  'code_postal',
  'code_insee',
  'nom_commune',
  'departement_code',
  'label',
  'longitude',
  'latitude',
] as const;

const POSTCODE = /^\d{5}$/;

function banPlan(file: BanFile, departement: string): DatasetPlan {
  return {
    source: 'ban',
    territory: departement,
    vintage: file.vintage,
    label: `Base adresse nationale ${file.vintage} (IGN / Etalab) — ${departementLabel(departement)}`,
    files: [file.path],
    version: IMPORTER_VERSION,
    indexes: BAN_ADDRESS_INDEXES,
    async clear(transaction) {
      await deleteBanAddresses(transaction, departement);
    },
    async load(transaction, progress) {
      await createBanStaging(transaction);
      const buffer = new CopyBuffer(transaction, BAN_STAGING_TABLE, STAGING_COLUMNS);
      const seen = new Set<string>();
      await forEachDelimitedRow(
        file.path,
        {
          separator: ';',
          requiredColumns: [
            'id',
            'numero',
            'rep',
            'nom_voie',
            'code_postal',
            'code_insee',
            'nom_commune',
            'lon',
            'lat',
          ],
          onProgress: (bytes, total) => progress.update(buffer.rowCount + buffer.pendingCount, (0.8 * bytes) / total),
        },
        async (row) => {
          const communeCode = row.get('code_insee').trim().toUpperCase();
          if (!COMMUNE_CODE_PATTERN.test(communeCode)) {
            throw new RowError('code_insee', `code commune invalide « ${communeCode} »`);
          }
          if (departementOfCode(communeCode) !== departement) {
            if (file.departement === undefined) return;
            throw new RowError('code_insee', `commune ${communeCode} hors du département ${departement} du fichier`);
          }
          const id = readText(row, 'id', true) as string;
          if (seen.has(id)) throw new RowError('id', `identifiant « ${id} » en double`);
          seen.add(id);
          const numero = readInteger(row, 'numero');
          if (numero !== null && numero < 0) throw new RowError('numero', `numéro négatif « ${numero} »`);
          const rep = readText(row, 'rep');
          const nomVoie = readText(row, 'nom_voie', true) as string;
          const codePostal = readText(row, 'code_postal');
          if (codePostal !== null && !POSTCODE.test(codePostal)) {
            throw new RowError('code_postal', `code postal invalide « ${codePostal} »`);
          }
          const nomCommune = readText(row, 'nom_commune');
          const longitude = readDecimal(row, 'lon', true) as number;
          if (longitude < -180 || longitude > 180) throw new RowError('lon', `longitude hors limites « ${longitude} »`);
          const latitude = readDecimal(row, 'lat', true) as number;
          if (latitude < -90 || latitude > 90) throw new RowError('lat', `latitude hors limites « ${latitude} »`);
          const label = banAddressLabel({ numero, rep, nomVoie, codePostal, nomCommune });
          await buffer.add([
            id,
            numero,
            rep,
            nomVoie,
            codePostal,
            communeCode,
            nomCommune,
            departement,
            label,
            longitude,
            latitude,
          ]);
        },
      );
      await buffer.flush();
      progress.update(buffer.rowCount, 0.8);
      const affectedRows = await insertStagedBanAddresses(transaction);
      await attachOutsidePoints(transaction, departement);
      progress.update(affectedRows, 1);
      return affectedRows;
    },
  };
}

/**
 * Base adresse nationale (`ban/adresses-75.csv.gz`, official `;` CSV: id, numero, rep, nom_voie,
 * code_postal, code_insee, nom_commune, lon, lat…), one dataset per département: the gazetteer of
 * geocoding. Each address gets its BAN-style label, `search_text = lower(unaccent(label))` and the IRIS
 * containing its point (spatial join at import, so the IRIS importer runs first).
 */
export const banImporter: Importer = {
  source: 'ban',
  plan({ openDataDirectory, departements }) {
    const files = findBanFiles(openDataDirectory);
    const plans: DatasetPlan[] = [];
    for (const departement of departements) {
      const file = files.find(
        (candidate) => candidate.departement === undefined || candidate.departement === departement,
      );
      if (file) plans.push(banPlan(file, departement));
    }
    return plans;
  },
};
