import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { bpePublicServiceFamily } from '../../../../kernel/public-services/publicServiceFamilies';
import { COMMUNE_CODE_PATTERN, departementOfCode } from '../../../../kernel/territory/irisCode';
import type { Queryable } from '../../../db/Database';
import { findBanFiles } from '../ban/banImporter';
import { findBpeFiles } from '../bpe/bpeImporter';
import { readBpeEquipmentTypes } from '../bpe/bpeEquipmentTypes';
import { CopyBuffer, type CopyValue } from '../../pipeline/copy/CopyBuffer';
import { forEachDelimitedRow } from '../../pipeline/csv/readDelimited';
import { createBpeAddressPool } from '../demo-establishments/bpeAddressPoolRepository';
import { readText } from '../../pipeline/fields';
import { RowError } from '../../pipeline/ImportError';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import { listDataFiles } from '../../pipeline/listDataFiles';
import { departementLabel } from '../../pipeline/territoryLabel';
import { readAnnuaireServices } from './annuaireServices';
import {
  BPE_SERVICE_FAMILIES_TABLE,
  createBpeServiceFamilies,
  createPublicServiceStaging,
  deletePublicServices,
  insertBpePublicServices,
  insertStagedPublicServices,
  PUBLIC_SERVICE_INDEXES,
  PUBLIC_SERVICE_STAGING_TABLE,
} from './publicServicesRepository';

const IMPORTER_VERSION = 'public-services-1';

const STAGING_COLUMNS = [
  'id',
  'name',
  'family',
  'type_code',
  'type_label',
  'address',
  'code_postal',
  'commune_code',
  'departement_code',
  'longitude',
  'latitude',
  'source',
  'details',
] as const;

async function loadStaged(
  transaction: Queryable,
  rows: AsyncIterable<CopyValue[]> | Iterable<CopyValue[]>,
): Promise<number> {
  await createPublicServiceStaging(transaction);
  const buffer = new CopyBuffer(transaction, PUBLIC_SERVICE_STAGING_TABLE, STAGING_COLUMNS);
  for await (const row of rows) await buffer.add(row);
  await buffer.flush();
  return insertStagedPublicServices(transaction);
}

function clearSource(source: 'annuaire' | 'bpe' | 'ecoles', departement: string) {
  return (transaction: Queryable) => deletePublicServices(transaction, departement, source);
}

// --- Annuaire de l'administration ------------------------------------------------------------------

const ANNUAIRE_FILE = /\.json(\.gz)?$/i;

function annuairePlan(path: string, departement: string): DatasetPlan {
  return {
    source: 'public-services-annuaire',
    territory: departement,
    vintage: /((?:19|20)\d{2})/.exec(basename(path))?.[1] ?? 'courant',
    label: `Annuaire de l’administration (DILA, service-public.fr) — ${departementLabel(departement)}`,
    files: [path],
    version: IMPORTER_VERSION,
    indexes: PUBLIC_SERVICE_INDEXES,
    clear: clearSource('annuaire', departement),
    async load(transaction, progress) {
      const services = readAnnuaireServices(path, departement);
      const rows = services.map((service): CopyValue[] => [
        service.id,
        service.name,
        service.family,
        service.typeCode,
        null,
        service.address,
        service.codePostal,
        service.communeCode,
        departement,
        service.longitude,
        service.latitude,
        'annuaire',
        JSON.stringify(service.details),
      ]);
      const loaded = await loadStaged(transaction, rows);
      progress.update(loaded, 1);
      return loaded;
    },
  };
}

// --- Paris Open Data: établissements scolaires ------------------------------------------------------

const SCHOOLS_MERGED = /^paris-etablissements-scolaires-.*merged\.csv(\.gz)?$/i;
const SCHOOLS_SINGLE = /^paris-etablissements-scolaires-(maternelles|ecoles-elementaires)\.csv(\.gz)?$/i;

/** `TYPE_ETABLISSEMENT` of the Paris files → (type code, label). */
const SCHOOL_TYPES: Readonly<Record<string, [string, string]>> = {
  mat: ['MAT', 'École maternelle'],
  maternelle: ['MAT', 'École maternelle'],
  ele: ['ELE', 'École élémentaire'],
  élémentaire: ['ELE', 'École élémentaire'],
  elementaire: ['ELE', 'École élémentaire'],
  polyvalent: ['POL', 'École polyvalente (maternelle et élémentaire)'],
  collège: ['COL', 'Collège'],
  college: ['COL', 'Collège'],
};

/** The merged file (maternelles, élémentaires, polyvalentes, collèges) when present, else the per-level files. */
export function findSchoolFiles(directory: string): string[] {
  const merged = listDataFiles(directory, ['public_services'], SCHOOLS_MERGED);
  return merged.length > 0 ? merged.slice(0, 1) : listDataFiles(directory, ['public_services'], SCHOOLS_SINGLE);
}

async function* schoolRows(files: readonly string[], departement: string): AsyncGenerator<CopyValue[]> {
  const seen = new Set<string>();
  for (const path of files) {
    const rows: CopyValue[][] = [];
    await forEachDelimitedRow(
      path,
      { separator: ';', requiredColumns: ['LIBELLE_ETABLISSEMENT', 'ADRESSE', 'TYPE_ETABLISSEMENT', 'GEO_POINT_2D'] },
      (row) => {
        const communeColumn = row.has('CODE_INSEE NUMBER') ? 'CODE_INSEE NUMBER' : 'CODE_INSEE';
        const communeCode = readText(row, communeColumn, true) as string;
        if (!COMMUNE_CODE_PATTERN.test(communeCode)) {
          throw new RowError(communeColumn, `code commune invalide « ${communeCode} »`);
        }
        if (departementOfCode(communeCode) !== departement) return;
        const rawType = readText(row, 'TYPE_ETABLISSEMENT', true) as string;
        const type = SCHOOL_TYPES[rawType.toLowerCase()];
        if (!type) throw new RowError('TYPE_ETABLISSEMENT', `type d’établissement inconnu « ${rawType} »`);
        const name = readText(row, 'LIBELLE_ETABLISSEMENT', true) as string;
        const point = readText(row, 'GEO_POINT_2D', true) as string;
        const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(point);
        const latitude = Number(match?.[1]);
        const longitude = Number(match?.[2]);
        if (!match || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
          throw new RowError('GEO_POINT_2D', `point « latitude, longitude » attendu, reçu « ${point} »`);
        }
        const id = `ecoles-${createHash('sha1').update(`${type[0]}|${name}`).digest('hex').slice(0, 16)}`;
        if (seen.has(id)) throw new RowError('LIBELLE_ETABLISSEMENT', `établissement « ${name} » en double`);
        seen.add(id);
        const address = readText(row, 'ADRESSE');
        const year = row.has('ANNEE_SCOLAIRE') ? readText(row, 'ANNEE_SCOLAIRE') : null;
        rows.push([
          id,
          name,
          'enseignement',
          type[0],
          type[1],
          address,
          communeCode.startsWith('751') ? `750${communeCode.slice(3)}` : null,
          communeCode,
          departement,
          longitude,
          latitude,
          'ecoles',
          JSON.stringify({ annee_scolaire: year, fichier: basename(path) }),
        ]);
      },
    );
    yield* rows;
  }
}

function schoolsPlan(files: string[], departement: string): DatasetPlan {
  return {
    source: 'public-services-ecoles',
    territory: departement,
    vintage: '2022-2023',
    label: `Établissements scolaires 2022-2023 (Ville de Paris, opendata.paris.fr) — ${departementLabel(departement)}`,
    files,
    version: IMPORTER_VERSION,
    indexes: PUBLIC_SERVICE_INDEXES,
    clear: clearSource('ecoles', departement),
    async load(transaction, progress) {
      const loaded = await loadStaged(transaction, schoolRows(files, departement));
      progress.update(loaded, 1);
      return loaded;
    },
  };
}

// --- BPE equipment types of the public-service families ---------------------------------------------

/** School types the Paris schools file already holds with their real position. */
const SCHOOL_BPE_TYPES = ['C101', 'C102', 'C104', 'C105', 'C201'];

function bpePlan(files: string[], vintage: number, departement: string, withoutSchools: boolean): DatasetPlan {
  const types = readBpeEquipmentTypes()
    .map((type) => ({ code: type.code, family: bpePublicServiceFamily(type.code) }))
    .filter((type) => type.family !== undefined && !(withoutSchools && SCHOOL_BPE_TYPES.includes(type.code)));
  return {
    source: 'public-services-bpe',
    territory: departement,
    vintage: String(vintage),
    label: `Services publics de la BPE ${vintage} placés à des adresses BAN de leur IRIS (démonstration) — ${departementLabel(departement)}`,
    files,
    version: `${IMPORTER_VERSION}-${createHash('sha256').update(JSON.stringify(types)).digest('hex').slice(0, 8)}`,
    demo: true,
    indexes: PUBLIC_SERVICE_INDEXES,
    clear: clearSource('bpe', departement),
    async load(transaction, progress) {
      await createBpeServiceFamilies(transaction);
      const buffer = new CopyBuffer(transaction, BPE_SERVICE_FAMILIES_TABLE, ['code', 'family']);
      for (const type of types) await buffer.add([type.code, type.family]);
      await buffer.flush();
      await createBpeAddressPool(transaction, departement);
      const affectedRows = await insertBpePublicServices(transaction, departement, vintage);
      progress.update(affectedRows, 1);
      return affectedRows;
    },
  };
}

/**
 * Public services (`public_services`), three sources per département:
 * - `annuaire`: the Annuaire de l'administration (service-public.fr JSON export, `public_services/*.json`);
 * - `ecoles`: the Paris schools files of opendata.paris.fr (real positions);
 * - `bpe`: the BPE equipment types of the public-service families (police, justice, emploi, finances
 *   publiques, poste, enseignement, santé, action sociale, culture…; {@link PUBLIC_SERVICE_FAMILIES}),
 *   one row per counted equipment at a BAN address of its IRIS like the demo establishments (flagged
 *   demo); the school types the schools file covers are left out.
 */
export const publicServicesImporter: Importer = {
  source: 'public-services',
  plan({ openDataDirectory, departements }) {
    const annuaire = listDataFiles(openDataDirectory, ['public_services', 'annuaire'], ANNUAIRE_FILE);
    const schools = findSchoolFiles(openDataDirectory);
    const banFiles = findBanFiles(openDataDirectory);
    const bpeFiles = findBpeFiles(openDataDirectory);
    const plans: DatasetPlan[] = [];
    for (const departement of departements) {
      if (annuaire[0]) plans.push(annuairePlan(annuaire[0], departement));
      const withSchools = schools.length > 0 && departement === '75';
      if (withSchools) plans.push(schoolsPlan(schools, departement));
      const ban = banFiles.find((file) => file.departement === undefined || file.departement === departement);
      const bpe = bpeFiles.find((file) => file.departement === undefined || file.departement === departement);
      if (ban && bpe) plans.push(bpePlan([ban.path, bpe.path], bpe.vintage, departement, withSchools));
    }
    return plans;
  },
};
