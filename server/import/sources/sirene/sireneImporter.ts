import { basename } from 'node:path';
import { COMMUNE_CODE_PATTERN, departementOfCode } from '../../../../kernel/territory/irisCode';
import type { Queryable } from '../../../db/Database';
import { forEachDelimitedRow, readDelimited } from '../../pipeline/csv/readDelimited';
import { ImportError, RowError } from '../../pipeline/ImportError';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import type { ImportProgress } from '../../pipeline/ImportProgress';
import { departementLabel } from '../../pipeline/territoryLabel';
import { ESTABLISHMENT_INDEXES } from '../establishments/establishmentIndexes';
import { sireneEstablishment, sireneGeolocalisation, uniteLegaleName } from './sireneEstablishment';
import { findSireneFiles, type SireneEstablishmentFile, type SireneFiles } from './sireneFiles';
import { deleteDepartementEstablishments, StagedSireneEstablishments } from './sireneRepository';

const IMPORTER_VERSION = 'sirene-2';

/** Fills missing names from StockUniteLegale (streamed, only the SIREN of the staged establishments kept). */
async function addUniteLegaleNames(staged: StagedSireneEstablishments, path: string): Promise<void> {
  const wanted = await staged.sirensWithoutName();
  if (wanted.size === 0) return;
  await staged.addUniteLegaleNames((add) =>
    forEachDelimitedRow(path, { separator: 'auto', requiredColumns: ['siren'] }, async (row) => {
      const siren = row.get('siren').trim();
      if (!wanted.has(siren)) return;
      wanted.delete(siren);
      await add(siren, uniteLegaleName(row));
    }),
  );
}

/** Fills missing coordinates from INSEE's géolocalisation file (only the SIRET still unlocated kept). */
async function addGeolocalisation(staged: StagedSireneEstablishments, path: string): Promise<void> {
  const wanted = await staged.siretsWithoutCoordinates();
  if (wanted.size === 0) return;
  await staged.addGeolocalisations((add) =>
    forEachDelimitedRow(path, { separator: 'auto', requiredColumns: ['siret', 'x', 'y'] }, async (row) => {
      if (!wanted.has(row.get('siret').trim())) return;
      await add(sireneGeolocalisation(row));
    }),
  );
}

async function loadEstablishments(
  transaction: Queryable,
  progress: ImportProgress,
  file: SireneEstablishmentFile,
  files: SireneFiles,
  departement: string,
  vintage: string,
): Promise<number> {
  const staged = await StagedSireneEstablishments.create(transaction);
  const seen = new Set<string>();
  await forEachDelimitedRow(
    file.path,
    {
      separator: 'auto',
      requiredColumns: ['siret', 'codeCommuneEtablissement', 'activitePrincipaleEtablissement'],
      onProgress: (bytes, total) => progress.update(staged.count, (0.8 * bytes) / total),
    },
    async (row) => {
      const establishment = sireneEstablishment(row, departement);
      if (!establishment) return;
      if (seen.has(establishment.siret)) throw new RowError('siret', `SIRET ${establishment.siret} en double`);
      seen.add(establishment.siret);
      await staged.add(establishment);
    },
  );
  await staged.flush();
  if (files.uniteLegale) await addUniteLegaleNames(staged, files.uniteLegale);
  if (files.geolocalisation) await addGeolocalisation(staged, files.geolocalisation);
  const affectedRows = await staged.insert(vintage);
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
    // Real Sirene rows replace the demo establishments of the département (and their dataset record).
    clear: (transaction) => deleteDepartementEstablishments(transaction, departement),
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
