import { basename } from 'node:path';
import { COMMUNE_CODE_PATTERN, departementOfCode } from '../../../../kernel/territory/irisCode';
import { CopyBuffer } from '../../pipeline/copy/CopyBuffer';
import { forEachDelimitedRow } from '../../pipeline/csv/readDelimited';
import { RowError } from '../../pipeline/ImportError';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import { listDataFiles } from '../../pipeline/listDataFiles';
import { departementLabel } from '../../pipeline/territoryLabel';
import { deleteCommuneIncomes } from './filosofiCommunesRepository';

const IMPORTER_VERSION = 'filosofi-communes-1';

/** INSEE's commune-level Filosofi file (`filosofi_com_2016_france.csv`, `FILO_DISP_COM_2019.csv`…). */
const COMMUNE_FILE = /^(?:filosofi_com_(\d{4})|FILO\d*_DISP_COM_(\d{4})).*\.csv(?:\.gz)?$/i;

/** Official columns, suffixed by the two last digits of the vintage (MED16…), and what they are stored as. */
const COLUMNS = {
  tax_households: 'NBMENFISC',
  persons: 'NBPERSMENFISC',
  median: 'MED',
  poverty_rate: 'TP60',
  first_decile: 'D1',
  ninth_decile: 'D9',
} as const;

const TABLE_COLUMNS = ['commune_code', 'vintage', 'departement_code', ...Object.keys(COLUMNS)];

/** A published figure: a number (decimal point or comma), or null when INSEE withholds it (`s`, `nd`, empty). */
export function filosofiNumber(raw: string, column: string): number | null {
  const text = raw.trim().replace(',', '.');
  if (text === '' || /^(s|nd|na|ns)$/i.test(text)) return null;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new RowError(column, `nombre attendu, « ${raw} » trouvé`);
  return value;
}

function communeIncomesPlan(path: string, vintage: number, departement: string): DatasetPlan {
  const suffix = String(vintage).slice(2);
  const columns = Object.values(COLUMNS).map((column) => `${column}${suffix}`);
  return {
    source: 'filosofi-communes',
    territory: departement,
    vintage: String(vintage),
    label: `INSEE Filosofi ${vintage} par commune (revenus disponibles) — ${departementLabel(departement)}`,
    files: [path],
    version: IMPORTER_VERSION,
    clear: (transaction) => deleteCommuneIncomes(transaction, vintage, departement),
    async load(transaction, progress) {
      const buffer = new CopyBuffer(transaction, 'commune_incomes', TABLE_COLUMNS);
      const seen = new Set<string>();
      await forEachDelimitedRow(
        path,
        {
          separator: 'auto',
          requiredColumns: ['CODGEO', ...columns],
          onProgress: (bytes, total) => progress.update(buffer.rowCount + buffer.pendingCount, bytes / total),
        },
        async (row) => {
          const code = row.get('CODGEO').trim();
          if (!COMMUNE_CODE_PATTERN.test(code)) throw new RowError('CODGEO', `code commune invalide « ${code} »`);
          if (departementOfCode(code) !== departement) return;
          if (seen.has(code)) throw new RowError('CODGEO', `commune ${code} en double dans ${basename(path)}`);
          seen.add(code);
          await buffer.add([
            code,
            vintage,
            departement,
            ...columns.map((column) => filosofiNumber(row.get(column), column)),
          ]);
        },
      );
      await buffer.flush();
      progress.update(buffer.rowCount, 1);
      return buffer.rowCount;
    },
  };
}

/**
 * Filosofi at commune level (revenus disponibles: tax households, persons, median, poverty rate, D1, D9),
 * Paris arrondissements included, one dataset per département and vintage, from `filosofi/`.
 */
export const filosofiCommunesImporter: Importer = {
  source: 'filosofi-communes',
  plan({ openDataDirectory, departements }) {
    return listDataFiles(openDataDirectory, ['filosofi', 'insee', '.'], COMMUNE_FILE).flatMap((path) => {
      const match = COMMUNE_FILE.exec(basename(path));
      const vintage = Number(match?.[1] ?? match?.[2]);
      return departements.map((departement) => communeIncomesPlan(path, vintage, departement));
    });
  },
};
