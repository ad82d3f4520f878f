import { basename } from 'node:path';
import { COMMUNE_CODE_PATTERN, departementOfCode } from '../../../../kernel/territory/irisCode';
import { CopyBuffer } from '../../pipeline/copy/CopyBuffer';
import { forEachDelimitedRow, readDelimited } from '../../pipeline/csv/readDelimited';
import { readDelimitedHeader } from '../../pipeline/csv/readDelimitedHeader';
import { RowError } from '../../pipeline/ImportError';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import { listDataFiles } from '../../pipeline/listDataFiles';
import { departementLabel } from '../../pipeline/territoryLabel';
import {
  categoryOf,
  jobSeekersLayout,
  type JobSeekersLayout,
  normalisePeriod,
  readJobSeekerCount,
} from './jobSeekersLayout';
import { deleteJobSeekers, JOB_SEEKERS_INDEXES } from './jobSeekersRepository';

const IMPORTER_VERSION = 'job-seekers-1';

/** Folders where France Travail files are looked for. */
export const JOB_SEEKERS_FOLDERS = ['france_travail', 'defm'] as const;

const COLUMNS = ['commune_code', 'commune_name', 'departement_code', 'period', 'category', 'count'] as const;

interface JobSeekersFile {
  path: string;
  layout: JobSeekersLayout;
  vintage: string;
}

/** The year of a file: from its name (`…-2024.csv`), else from the period of its first row. */
async function vintageOf(path: string, layout: JobSeekersLayout): Promise<string | undefined> {
  const fromName = /(?:^|[^\d])(20\d{2})(?:[^\d]|$)/.exec(basename(path))?.[1];
  if (fromName) return fromName;
  for await (const row of readDelimited(path, { separator: 'auto' })) {
    return normalisePeriod(row.get(layout.period), layout.period).slice(0, 4);
  }
  return undefined;
}

async function findJobSeekersFiles(directory: string): Promise<JobSeekersFile[]> {
  const files: JobSeekersFile[] = [];
  for (const path of listDataFiles(directory, JOB_SEEKERS_FOLDERS, /\.csv(\.gz)?$/i)) {
    const { columns } = await readDelimitedHeader(path);
    const layout = jobSeekersLayout(path, columns);
    const vintage = await vintageOf(path, layout);
    if (vintage) files.push({ path, layout, vintage });
  }
  return files;
}

function jobSeekersPlan(file: JobSeekersFile, departement: string): DatasetPlan {
  const { layout, vintage } = file;
  return {
    source: 'job-seekers',
    territory: departement,
    vintage,
    label: `Demandeurs d’emploi inscrits à France Travail ${vintage} par commune — ${departementLabel(departement)}`,
    files: [file.path],
    version: IMPORTER_VERSION,
    indexes: JOB_SEEKERS_INDEXES,
    clear: (transaction) => deleteJobSeekers(transaction, departement, vintage),
    async load(transaction, progress) {
      const buffer = new CopyBuffer(transaction, 'job_seekers', COLUMNS);
      const seen = new Set<string>();
      const add = async (
        communeCode: string,
        name: string | null,
        period: string,
        category: string,
        count: number | null,
      ) => {
        const key = `${communeCode}|${period}|${category}`;
        if (seen.has(key)) throw new RowError('catégorie', `${category} en double pour ${communeCode} en ${period}`);
        seen.add(key);
        await buffer.add([communeCode, name, departement, period, category, count]);
      };
      await forEachDelimitedRow(
        file.path,
        {
          separator: 'auto',
          onProgress: (bytes, total) => progress.update(buffer.rowCount + buffer.pendingCount, bytes / total),
        },
        async (row) => {
          const communeCode = row.get(layout.commune).trim().toUpperCase();
          if (!COMMUNE_CODE_PATTERN.test(communeCode)) {
            throw new RowError(layout.commune, `code commune invalide « ${communeCode} »`);
          }
          if (departementOfCode(communeCode) !== departement) return;
          const period = normalisePeriod(row.get(layout.period), layout.period);
          if (!period.startsWith(vintage)) {
            throw new RowError(layout.period, `période ${period} hors du millésime ${vintage} du fichier`);
          }
          const name = layout.name ? row.get(layout.name).trim() || null : null;
          if (layout.kind === 'long') {
            const category = categoryOf(row.get(layout.category));
            if (!category) throw new RowError(layout.category, `catégorie inconnue « ${row.get(layout.category)} »`);
            await add(communeCode, name, period, category, readJobSeekerCount(row.get(layout.value), layout.value));
            return;
          }
          for (const [column, category] of layout.categories) {
            await add(communeCode, name, period, category, readJobSeekerCount(row.get(column), column));
          }
        },
      );
      await buffer.flush();
      progress.update(buffer.rowCount, 1);
      return buffer.rowCount;
    },
  };
}

/**
 * France Travail job seekers (DEFM) by commune and category (A, B, C, ABC, D, E), from the open-data
 * CSV ("Demandeurs d'emploi inscrits à France Travail par catégorie et commune") in `france_travail/`.
 * One dataset per département and year. No such file exists for Paris here: nothing is planned, and
 * the coverage endpoint says the data is missing.
 */
export const jobSeekersImporter: Importer = {
  source: 'job-seekers',
  async plan({ openDataDirectory, departements }) {
    const plans = new Map<string, DatasetPlan>();
    for (const file of await findJobSeekersFiles(openDataDirectory)) {
      for (const departement of departements) {
        const key = `${file.vintage}|${departement}`;
        if (!plans.has(key)) plans.set(key, jobSeekersPlan(file, departement));
      }
    }
    return [...plans.values()];
  },
};
