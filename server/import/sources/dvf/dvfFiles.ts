import { basename } from 'node:path';
import { DEPARTEMENT_CODE_PATTERN } from '../../../../kernel/territory/irisCode';
import { readDelimited } from '../../pipeline/csv/readDelimited';
import { readDelimitedHeader } from '../../pipeline/csv/readDelimitedHeader';
import { listDataFiles } from '../../pipeline/listDataFiles';

/** The Etalab geo-DVF columns every file must have (40 in 2024–2025; 41 with `section_prefixe`). */
export const DVF_REQUIRED_COLUMNS = [
  'id_mutation',
  'date_mutation',
  'numero_disposition',
  'nature_mutation',
  'valeur_fonciere',
  'adresse_numero',
  'adresse_suffixe',
  'adresse_nom_voie',
  'adresse_code_voie',
  'code_postal',
  'code_commune',
  'nom_commune',
  'code_departement',
  'id_parcelle',
  'lot1_numero',
  'nombre_lots',
  'code_type_local',
  'type_local',
  'surface_reelle_bati',
  'nombre_pieces_principales',
  'code_nature_culture',
  'nature_culture',
  'surface_terrain',
  'longitude',
  'latitude',
] as const;

/** A geo-DVF file found in `dvf/`, with its year and département. */
export interface DvfFile {
  path: string;
  vintage: number;
  departement: string;
}

/** The département and the year of the first data row. */
async function firstRow(path: string): Promise<{ departement: string; year: number } | undefined> {
  for await (const row of readDelimited(path, { separator: ',' })) {
    const departement = row.get('code_departement').trim();
    const year = Number(row.get('date_mutation').slice(0, 4));
    return DEPARTEMENT_CODE_PATTERN.test(departement) && year > 1990 ? { departement, year } : undefined;
  }
  return undefined;
}

/**
 * The Etalab geo-DVF files of `dvf/` (`geo-dvf-75-paris-2024.csv.gz`, the official
 * `2024/departements/75.csv.gz` renamed, samples): any CSV whose header has the geo-DVF columns. The
 * year comes from the file name, else from its first row; the département from its first row (one
 * département per file, as Etalab publishes them).
 */
export async function findDvfFiles(directory: string): Promise<DvfFile[]> {
  const files: DvfFile[] = [];
  for (const path of listDataFiles(directory, ['dvf'], /\.csv(\.gz)?$/i)) {
    const { columns, separator } = await readDelimitedHeader(path);
    if (separator !== ',' || !DVF_REQUIRED_COLUMNS.every((column) => columns.includes(column))) continue;
    const first = await firstRow(path);
    if (!first) continue;
    const fromName = /(?:^|[^\d])(20\d{2})(?:[^\d]|$)/.exec(basename(path))?.[1];
    files.push({ path, vintage: fromName ? Number(fromName) : first.year, departement: first.departement });
  }
  return files;
}
