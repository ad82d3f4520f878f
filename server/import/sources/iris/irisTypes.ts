import { basename } from 'node:path';
import { departementOfCode, normaliseIrisCode } from '../../../../kernel/territory/irisCode';
import { readDelimitedHeader } from '../../pipeline/csv/readDelimitedHeader';
import { forEachDelimitedRow } from '../../pipeline/csv/readDelimited';
import { listDataFiles } from '../../pipeline/listDataFiles';
import { coversDepartement, INSEE_FILE_PATTERN, INSEE_FOLDERS, scopeOfSuffix } from '../insee/inseeFiles';

/**
 * An INSEE census file giving `TYP_IRIS` for the IRIS of a département, for contours that lack the
 * type (the Métropole du Grand Paris contours): the type is INSEE's, read from INSEE's own file.
 */
export async function findIrisTypeFile(directory: string, departement: string): Promise<string | undefined> {
  for (const path of listDataFiles(directory, INSEE_FOLDERS, INSEE_FILE_PATTERN)) {
    const suffix = /^base-ic-[a-z-]+?-\d{4}(?:[-_](.*?))?\.csv(?:\.gz)?$/i.exec(basename(path));
    if (!suffix || !coversDepartement({ departements: scopeOfSuffix(suffix[1]) }, departement)) continue;
    const { columns } = await readDelimitedHeader(path);
    if (columns.includes('TYP_IRIS') && columns.includes('IRIS')) return path;
  }
  return undefined;
}

/** `TYP_IRIS` of each IRIS of a département in an INSEE file. */
export async function readIrisTypes(path: string, departement: string): Promise<Map<string, string>> {
  const types = new Map<string, string>();
  await forEachDelimitedRow(path, { separator: 'auto', requiredColumns: ['IRIS', 'TYP_IRIS'] }, (row) => {
    const code = normaliseIrisCode(row.get('IRIS'));
    const type = row.get('TYP_IRIS').trim();
    if (code && departementOfCode(code) === departement && /^[HADZ]$/.test(type)) types.set(code, type);
  });
  return types;
}
