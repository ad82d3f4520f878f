import { DEPARTEMENT_CODE_SOURCE } from '../../../../kernel/territory/territoryCodes';
import { basename } from 'node:path';
import type { Feature, Geometry } from 'geojson';
import { geojsonToEwkt } from '../../pipeline/geojsonToWkt';
import { COMMUNE_CODE_PATTERN, departementOfCode, normaliseIrisCode } from '../../../../kernel/territory/irisCode';
import { CopyBuffer } from '../../pipeline/copy/CopyBuffer';
import { readGeojsonFile } from '../../pipeline/geojson/readGeojsonFile';
import { ImportError } from '../../pipeline/ImportError';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import { listDataFiles } from '../../pipeline/listDataFiles';
import { departementLabel } from '../../pipeline/territoryLabel';
import { findIrisTypeFile, readIrisTypes } from './irisTypes';
import { outlineCommunesWithIris } from '../outlines/outlinesRepository';
import { createIrisStaging, deleteIris, insertStagedIris, IRIS_INDEXES, IRIS_STAGING_TABLE } from './irisRepository';

const IMPORTER_VERSION = 'iris-2';

/** The départements of the Métropole du Grand Paris contours (Paris, petite couronne, parts of 91 and 95). */
const GRAND_PARIS = ['75', '91', '92', '93', '94', '95'];

/** A contours file: which départements it covers, its edition and how complete it is. */
interface ContoursFile {
  path: string;
  departements: readonly string[] | undefined;
  vintage: string;
  description: string;
}

const DEPARTEMENT_FILE = new RegExp(`^iris-(${DEPARTEMENT_CODE_SOURCE})-.*\\.geojson(\\.gz)?$`, 'i');
const NATIONAL_FILE = /^contours-iris.*\.geojson(\.gz)?$/i;
const GRAND_PARIS_FILE = /^iris-grand-paris-mgp.*\.geojson(\.gz)?$/i;

/** The contours files of `iris/`, most specific first. */
export function findContoursFiles(directory: string): ContoursFile[] {
  const files: ContoursFile[] = [];
  for (const path of listDataFiles(directory, ['iris'], DEPARTEMENT_FILE)) {
    const departement = DEPARTEMENT_FILE.exec(basename(path))?.[1]?.toUpperCase() as string;
    // The per-département files come from gregoiredavid/france-geojson (commit of 2016-11-24, edition
    // not stated): 2016 unless the name gives a year.
    const year = /(\d{4})/.exec(basename(path))?.[1] ?? '2016';
    files.push({ path, departements: [departement], vintage: year, description: 'IGN Contours IRIS' });
  }
  for (const path of listDataFiles(directory, ['iris'], NATIONAL_FILE)) {
    const year = /(\d{4})/.exec(basename(path))?.[1] ?? 'inconnu';
    files.push({ path, departements: undefined, vintage: year, description: 'IGN Contours IRIS' });
  }
  for (const path of listDataFiles(directory, ['iris'], GRAND_PARIS_FILE)) {
    files.push({
      path,
      departements: GRAND_PARIS,
      vintage: '2019',
      description: 'IGN Contours IRIS, extrait Métropole du Grand Paris',
    });
  }
  return files;
}

const STAGING_COLUMNS = ['code', 'name', 'type', 'commune_code', 'commune_name', 'departement_code', 'geometry'];

function property(feature: Feature<Geometry | null>, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = feature.properties?.[name] as unknown;
    if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  }
  return undefined;
}

function irisPlan(contours: ContoursFile, departement: string, typeFile: string | undefined): DatasetPlan {
  const file = basename(contours.path);
  // The Grand Paris extract holds only the IRIS of the communes of the Métropole in 91 and 95.
  const partial = contours.departements === GRAND_PARIS && ['91', '95'].includes(departement);
  return {
    source: 'iris',
    territory: departement,
    vintage: contours.vintage,
    label: `Contours IRIS — ${departementLabel(departement)} (${contours.description}${partial ? ', partiel' : ''}, édition ≈ ${contours.vintage})`,
    files: typeFile ? [contours.path, typeFile] : [contours.path],
    version: IMPORTER_VERSION,
    indexes: IRIS_INDEXES,
    clear: (transaction) => deleteIris(transaction, departement),
    async load(transaction, progress) {
      const types = typeFile ? await readIrisTypes(typeFile, departement) : new Map<string, string>();
      const features = readGeojsonFile(contours.path);
      await createIrisStaging(transaction);
      const buffer = new CopyBuffer(transaction, IRIS_STAGING_TABLE, STAGING_COLUMNS, 1_000);
      const seen = new Set<string>();
      const fail = (index: number, column: string, reason: string): never => {
        throw new ImportError(file, undefined, column, `entité n° ${index + 1} : ${reason}`);
      };
      for (const [index, feature] of features.entries()) {
        const rawCode = property(feature, ['CODE_IRIS', 'code_iris']) ?? fail(index, 'CODE_IRIS', 'propriété absente');
        const code = normaliseIrisCode(rawCode) ?? fail(index, 'CODE_IRIS', `code IRIS invalide « ${rawCode} »`);
        const communeCode =
          property(feature, ['INSEE_COM', 'CODE_COM']) ?? fail(index, 'INSEE_COM', 'propriété absente');
        if (!COMMUNE_CODE_PATTERN.test(communeCode) || !code.startsWith(communeCode)) {
          fail(index, 'INSEE_COM', `commune « ${communeCode} » incohérente avec l’IRIS ${code}`);
        }
        if (departementOfCode(communeCode) !== departement) continue;
        const name = property(feature, ['NOM_IRIS', 'nom_iris']) ?? fail(index, 'NOM_IRIS', 'propriété absente');
        const publishedType = property(feature, ['TYP_IRIS', 'typ_iris']);
        if (publishedType !== undefined && !/^[HADZ]$/.test(publishedType)) {
          fail(index, 'TYP_IRIS', `type « ${publishedType} » inconnu (H, A, D ou Z attendu)`);
        }
        const type = publishedType ?? types.get(code) ?? (code.endsWith('0000') ? 'Z' : null);
        const geometry = feature.geometry;
        if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) {
          fail(index, 'geometry', 'Polygon ou MultiPolygon attendu');
        }
        if (seen.has(code)) fail(index, 'CODE_IRIS', `IRIS ${code} en double`);
        seen.add(code);
        await buffer.add([
          code,
          name,
          type,
          communeCode,
          property(feature, ['NOM_COM', 'nom_com']) ?? null,
          departement,
          geojsonToEwkt(geometry as Geometry),
        ]);
        if (index % 200 === 0) progress.update(seen.size, index / features.length);
      }
      await buffer.flush();
      const affectedRows = await insertStagedIris(transaction);
      // The communes of the département become the union of their IRIS, so that a commune analysed by its
      // outline covers exactly its IRIS.
      await outlineCommunesWithIris(transaction, new Map([[departement, contours.vintage]]));
      progress.update(affectedRows, 1);
      return affectedRows;
    },
  };
}

/**
 * IRIS contours (IGN CONTOURS-IRIS field names: CODE_IRIS, NOM_IRIS, TYP_IRIS, INSEE_COM, NOM_COM), one
 * dataset per département, from the most specific file: `iris/iris-75-paris.geojson`, a national
 * `contours-iris*.geojson`, or the Métropole du Grand Paris extract (CODE_COM, no TYP_IRIS: the type is
 * then read from INSEE's census file of the same IRIS, or 'Z' for a commune not divided into IRIS).
 */
export const irisImporter: Importer = {
  source: 'iris',
  async plan({ openDataDirectory, departements }) {
    const files = findContoursFiles(openDataDirectory);
    const plans: DatasetPlan[] = [];
    for (const departement of departements) {
      const contours = files.find((file) => file.departements === undefined || file.departements.includes(departement));
      if (!contours) continue;
      const needsTypes = contours.departements === GRAND_PARIS;
      const typeFile = needsTypes ? await findIrisTypeFile(openDataDirectory, departement) : undefined;
      plans.push(irisPlan(contours, departement, typeFile));
    }
    return plans;
  },
};
