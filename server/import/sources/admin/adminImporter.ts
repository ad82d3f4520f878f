import { isTerritoryCode } from '../../../../kernel/territory/territoryCodes';
import { basename } from 'node:path';
import type { Feature, Geometry } from 'geojson';
import { geojsonToEwkt } from '../../pipeline/geojsonToWkt';
import type { Queryable } from '../../../db/Database';
import { CopyBuffer } from '../../pipeline/copy/CopyBuffer';
import { featureText, readGeojsonFile } from '../../pipeline/geojson/readGeojsonFile';
import { findDataFile } from '../../pipeline/findDataFile';
import { ImportError } from '../../pipeline/ImportError';
import type { ImportProgress } from '../../pipeline/ImportProgress';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import {
  BOUNDARY_STAGING_TABLE,
  COMMUNE_INDEXES,
  createBoundaryStaging,
  deleteBoundaries,
  insertStagedCommunes,
  insertStagedDepartements,
  insertStagedRegions,
} from './adminRepository';
import {
  administrativeReferenceVersion,
  departementOfCommune,
  loadAdministrativeReference,
} from './administrativeReference';
import { outlineCommunesWithIris, selectIrisContourVintages } from '../outlines/outlinesRepository';

const IMPORTER_VERSION = 'admin-2';

/** Edition of the Admin Express shapes of `admin/` (gregoiredavid/france-geojson, 2018). */
const ADMIN_EXPRESS_VINTAGE = '2018';

/**
 * Millésime of the legal populations shipped by `@etalab/decoupage-administratif` 6 (COG 2026: populations
 * légales 2023, in force on 1 January 2026 — Paris 2,103,778).
 */
export const COG_POPULATION_VINTAGE = 2023;

/** The files of `admin/` this importer reads (first found), relative to the open-data folder. */
export const ADMIN_FILES = {
  regions: ['admin/regions-avec-outre-mer.geojson.gz'],
  departements: ['admin/departements-avec-outre-mer.geojson.gz'],
  communes: ['admin/communes-france-2018.geojson.gz', 'admin/communes-france.geojson'],
  parisArrondissements: ['admin/arrondissements-municipaux-75-paris.geojson'],
} as const;

function geometryOf(feature: Feature<Geometry | null>, file: string, index: number): string {
  if (!feature.geometry || (feature.geometry.type !== 'Polygon' && feature.geometry.type !== 'MultiPolygon')) {
    throw new ImportError(file, undefined, 'geometry', `entité n° ${index + 1} : Polygon ou MultiPolygon attendu`);
  }
  return geojsonToEwkt(feature.geometry);
}

async function stageFeatures(
  transaction: Queryable,
  path: string,
  progress: ImportProgress,
  toRow: (feature: Feature<Geometry | null>, index: number) => (string | number | null)[],
  columns: string[],
): Promise<number> {
  const file = basename(path);
  const features = readGeojsonFile(path);
  const buffer = new CopyBuffer(transaction, BOUNDARY_STAGING_TABLE, columns, 2_000);
  for (const [index, feature] of features.entries()) {
    await buffer.add(toRow(feature, index));
    if (index % 1000 === 0) progress.update(index, index / features.length);
  }
  await buffer.flush();
  progress.update(features.length, 1);
  if (buffer.rowCount !== features.length) throw new ImportError(file, undefined, undefined, 'chargement incomplet');
  return features.length;
}

function regionsPlan(path: string): DatasetPlan {
  return {
    source: 'admin-regions',
    territory: 'FR',
    vintage: '2018',
    label: 'Régions (IGN Admin Express COG 2018)',
    files: [path],
    version: `${IMPORTER_VERSION}-${administrativeReferenceVersion()}`,
    clear: (transaction) => deleteBoundaries(transaction, 'regions'),
    async load(transaction, progress) {
      const reference = loadAdministrativeReference();
      await createBoundaryStaging(transaction);
      await stageFeatures(
        transaction,
        path,
        progress,
        (feature, index) => {
          const code = featureText(feature, 'code', basename(path), index);
          const name = reference.regions.get(code)?.nom ?? featureText(feature, 'nom', basename(path), index);
          return [code, name, geometryOf(feature, basename(path), index)];
        },
        ['code', 'name', 'geometry'],
      );
      return insertStagedRegions(transaction);
    },
  };
}

function departementsPlan(path: string): DatasetPlan {
  return {
    source: 'admin-departements',
    territory: 'FR',
    vintage: '2018',
    label: 'Départements (IGN Admin Express COG 2018)',
    files: [path],
    version: `${IMPORTER_VERSION}-${administrativeReferenceVersion()}`,
    clear: (transaction) => deleteBoundaries(transaction, 'departements'),
    async load(transaction, progress) {
      const reference = loadAdministrativeReference();
      const file = basename(path);
      await createBoundaryStaging(transaction);
      await stageFeatures(
        transaction,
        path,
        progress,
        (feature, index) => {
          const code = featureText(feature, 'code', file, index);
          const known = reference.departements.get(code);
          if (!known)
            throw new ImportError(file, undefined, 'code', `entité n° ${index + 1} : département inconnu « ${code} »`);
          return [code, known.nom, known.region, geometryOf(feature, file, index)];
        },
        ['code', 'name', 'region_code', 'geometry'],
      );
      const inserted = await insertStagedDepartements(transaction, ADMIN_EXPRESS_VINTAGE);
      await outlineCommunesWithIris(transaction, await selectIrisContourVintages(transaction));
      return inserted;
    },
  };
}

function communesPlan(communesPath: string, arrondissementsPath: string | undefined): DatasetPlan {
  const files = [communesPath, ...(arrondissementsPath ? [arrondissementsPath] : [])];
  return {
    source: 'admin-communes',
    territory: 'FR',
    vintage: '2018',
    label: `Communes (IGN Admin Express COG 2018, noms COG 2026 et populations légales ${COG_POPULATION_VINTAGE})`,
    files,
    version: `${IMPORTER_VERSION}-${administrativeReferenceVersion()}`,
    indexes: COMMUNE_INDEXES,
    clear: (transaction) => deleteBoundaries(transaction, 'communes'),
    async load(transaction, progress) {
      const reference = loadAdministrativeReference();
      await createBoundaryStaging(transaction);
      const columns = [
        'code',
        'name',
        'kind',
        'parent_code',
        'departement_code',
        'region_code',
        'population',
        'postcodes',
        'geometry',
      ];
      for (const path of files) {
        const file = basename(path);
        const kind = path === arrondissementsPath ? 'arrondissement-municipal' : 'commune';
        await stageFeatures(
          transaction,
          path,
          progress,
          (feature, index) => {
            const code = featureText(feature, 'code', file, index);
            if (!isTerritoryCode('commune', code)) {
              throw new ImportError(
                file,
                undefined,
                'code',
                `entité n° ${index + 1} : code commune invalide « ${code} »`,
              );
            }
            const known = reference.communes.get(code);
            const departementCode = known?.departement ?? departementOfCommune(code);
            return [
              code,
              known?.nom ?? featureText(feature, 'nom', file, index),
              kind,
              known?.commune ?? null,
              departementCode,
              known?.region ?? reference.departements.get(departementCode)?.region ?? null,
              known?.population ?? null,
              `{${(known?.codesPostaux ?? []).join(',')}}`,
              geometryOf(feature, file, index),
            ];
          },
          columns,
        );
      }
      const inserted = await insertStagedCommunes(transaction, ADMIN_EXPRESS_VINTAGE, COG_POPULATION_VINTAGE);
      // Where IRIS contours are already loaded, the communes are their union (as after an IRIS import).
      await outlineCommunesWithIris(transaction, await selectIrisContourVintages(transaction));
      return inserted;
    },
  };
}

/** Régions, départements and communes (with the Paris arrondissements municipaux), national. */
export const adminImporter: Importer = {
  source: 'admin',
  plan({ openDataDirectory }) {
    const plans: DatasetPlan[] = [];
    const regions = findDataFile(openDataDirectory, ADMIN_FILES.regions);
    const departements = findDataFile(openDataDirectory, ADMIN_FILES.departements);
    const communes = findDataFile(openDataDirectory, ADMIN_FILES.communes);
    if (regions) plans.push(regionsPlan(regions));
    if (departements) plans.push(departementsPlan(departements));
    if (communes) plans.push(communesPlan(communes, findDataFile(openDataDirectory, ADMIN_FILES.parisArrondissements)));
    return plans;
  },
};
