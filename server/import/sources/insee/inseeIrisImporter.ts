import { basename } from 'node:path';
import { INSEE_IRIS_BASE_LABELS, inseeDatasetSource } from '../../../../kernel/demographics/inseeIrisBases';
import { COMMUNE_CODE_PATTERN, departementOfCode, normaliseIrisCode } from '../../../../kernel/territory/irisCode';
import { CopyBuffer } from '../../pipeline/copy/CopyBuffer';
import { forEachDelimitedRow } from '../../pipeline/csv/readDelimited';
import { RowError } from '../../pipeline/ImportError';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import { departementLabel } from '../../pipeline/territoryLabel';
import { coversDepartement, findInseeFiles, type InseeFile, type InseeFilePart } from './inseeFiles';
import { inseeValuesEncoder } from './inseeValues';
import { deleteInseeStatistics, INSEE_STATISTICS_INDEXES } from './inseeRepository';

const IMPORTER_VERSION = 'insee-iris-2';

const IRIS_TYPE_NAMES: Readonly<Record<string, string>> = {
  H: 'd’habitat (H)',
  A: 'd’activité (A)',
  D: 'divers (D)',
  Z: 'communes non découpées (Z)',
};

/** "IRIS d’habitat (H) seulement ; IRIS d’activité (A), divers (D)… absents" for a file keeping some types. */
export function irisTypesNote(types: readonly string[]): string {
  const kept = types.map((type) => IRIS_TYPE_NAMES[type] ?? type).join(', ');
  const absent = Object.keys(IRIS_TYPE_NAMES)
    .filter((type) => !types.includes(type))
    .map((type) => IRIS_TYPE_NAMES[type])
    .join(', ');
  return `IRIS ${kept} seulement ; IRIS ${absent} absents`;
}

const COLUMNS = ['base', 'vintage', 'iris_code', 'commune_code', 'departement_code', 'values'] as const;

function inseePlan(file: InseeFile, part: InseeFilePart, departement: string): DatasetPlan {
  const name = basename(file.path);
  return {
    source: inseeDatasetSource(part.base),
    territory: departement,
    vintage: String(file.vintage),
    label:
      `INSEE ${INSEE_IRIS_BASE_LABELS[part.base]} ${file.vintage} par IRIS — ${departementLabel(departement)}` +
      (file.irisTypes ? ` (${irisTypesNote(file.irisTypes)})` : ''),
    files: [file.path],
    version: `${IMPORTER_VERSION}-${part.base}`,
    indexes: INSEE_STATISTICS_INDEXES,
    clear: (transaction) => deleteInseeStatistics(transaction, part.base, file.vintage, departement),
    async load(transaction, progress) {
      const buffer = new CopyBuffer(transaction, 'insee_iris_statistics', COLUMNS);
      const seen = new Set<string>();
      const encode = inseeValuesEncoder(part.columns);
      await forEachDelimitedRow(
        file.path,
        {
          separator: 'auto',
          requiredColumns: [file.irisColumn, ...part.columns.map((column) => column.column)],
          onProgress: (bytes, total) => progress.update(buffer.rowCount + buffer.pendingCount, bytes / total),
        },
        async (row) => {
          const rawCode = row.get(file.irisColumn);
          const irisCode = normaliseIrisCode(rawCode);
          if (!irisCode) throw new RowError(file.irisColumn, `code IRIS invalide « ${rawCode} »`);
          const communeCode = file.communeColumn ? row.get(file.communeColumn).trim() : irisCode.slice(0, 5);
          if (!COMMUNE_CODE_PATTERN.test(communeCode) || !irisCode.startsWith(communeCode)) {
            throw new RowError(
              file.communeColumn ?? file.irisColumn,
              `commune « ${communeCode} » incohérente avec l’IRIS ${irisCode}`,
            );
          }
          if (departementOfCode(communeCode) !== departement) return;
          if (file.irisTypes) {
            const type = row.get('TYP_IRIS').trim();
            if (!file.irisTypes.includes(type)) {
              throw new RowError('TYP_IRIS', `type d’IRIS « ${type} » absent de ceux annoncés par le nom du fichier`);
            }
          }
          const values = encode(row);
          if (values === undefined) return;
          if (seen.has(irisCode)) throw new RowError(file.irisColumn, `IRIS ${irisCode} en double dans ${name}`);
          seen.add(irisCode);
          await buffer.add([part.base, file.vintage, irisCode, communeCode, departement, values]);
        },
      );
      await buffer.flush();
      progress.update(buffer.rowCount, 1);
      return buffer.rowCount;
    },
  };
}

/**
 * INSEE IRIS bases (census "bases infracommunales" and Filosofi), one dataset per base × vintage ×
 * département, from the official file names (`base-ic-logement-2017.CSV`, `BASE_TD_FILO_DEC_IRIS_2017.csv`…)
 * and the staged extracts (`…-paris.csv`, `…-idf.csv.gz`, `data_iris_paris_2017.csv`).
 */
export const inseeIrisImporter: Importer = {
  source: 'insee',
  async plan({ openDataDirectory, departements }) {
    const plans = new Map<string, DatasetPlan>();
    for (const file of await findInseeFiles(openDataDirectory)) {
      for (const part of file.parts) {
        for (const departement of departements) {
          const key = `${part.base}|${file.vintage}|${departement}`;
          if (!coversDepartement(file, departement) || plans.has(key)) continue;
          plans.set(key, inseePlan(file, part, departement));
        }
      }
    }
    return [...plans.values()].sort(
      (a, b) =>
        a.source.localeCompare(b.source) ||
        a.vintage.localeCompare(b.vintage) ||
        a.territory.localeCompare(b.territory),
    );
  },
};
