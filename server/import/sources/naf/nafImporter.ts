import { basename } from 'node:path';
import { CopyBuffer } from '../../pipeline/copy/CopyBuffer';
import { forEachDelimitedRow } from '../../pipeline/csv/readDelimited';
import { readDelimitedHeader } from '../../pipeline/csv/readDelimitedHeader';
import { findDataFile } from '../../pipeline/findDataFile';
import { ImportError, RowError } from '../../pipeline/ImportError';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import { deleteNafCodes } from './nafRepository';

const IMPORTER_VERSION = 'naf-1';

export const NAF_FILES = {
  labels: ['naf/int_courts_naf_rev_2.csv'],
  levels: ['naf/naf2008_5_niveaux.csv'],
} as const;

/** One NAF rév. 2 code with its three labels, parent and section. */
export interface NafCode {
  code: string;
  level: 1 | 2 | 3 | 4 | 5;
  label: string;
  label65: string;
  label40: string;
  parentCode: string | null;
  sectionCode: string;
}

/**
 * The normalised code and level of an INSEE NAF code: `SECTION A` → A (1), `01` (2), `01.1` (3),
 * `01.11` (4), `01.11Z` (5); `undefined` for anything else.
 */
export function nafLevel(text: string): { code: string; level: NafCode['level'] } | undefined {
  const value = text.trim();
  const section = /^SECTION ([A-U])$/i.exec(value);
  if (section?.[1]) return { code: section[1].toUpperCase(), level: 1 };
  if (/^\d{2}$/.test(value)) return { code: value, level: 2 };
  if (/^\d{2}\.\d$/.test(value)) return { code: value, level: 3 };
  if (/^\d{2}\.\d{2}$/.test(value)) return { code: value, level: 4 };
  if (/^\d{2}\.\d{2}[A-Z]$/.test(value)) return { code: value, level: 5 };
  return undefined;
}

/** The parent of a code of level 2–5 (the section of a division comes from the file's order). */
const parentOf = (code: string, level: NafCode['level']): string =>
  level === 3 ? code.slice(0, 2) : level === 4 ? code.slice(0, 4) : code.slice(0, 5);

async function labelColumns(path: string): Promise<{ full: string; short65: string; short40: string }> {
  const { columns } = await readDelimitedHeader(path);
  const full = columns.find((column) => /version finale/i.test(column));
  const short65 = columns.find((column) => /65 caract/i.test(column));
  const short40 = columns.find((column) => /40 caract/i.test(column));
  if (!columns.includes('Code') || !full || !short65 || !short40) {
    throw new ImportError(
      basename(path),
      1,
      undefined,
      'colonnes Code et intitulés (version finale, 65 et 40 caractères) attendues',
    );
  }
  return { full, short65, short40 };
}

/** Reads `int_courts_naf_rev_2` (INSEE): every code of the five levels with its labels, parent and section. */
export async function readNafCodes(path: string): Promise<NafCode[]> {
  const columns = await labelColumns(path);
  const codes: NafCode[] = [];
  const known = new Set<string>();
  let section: string | undefined;
  await forEachDelimitedRow(path, { separator: ';' }, (row) => {
    const raw = row.get('Code');
    if (raw.trim().length === 0 && row.get(columns.full).trim().length === 0) return;
    const parsed = nafLevel(raw);
    if (!parsed) throw new RowError('Code', `code NAF invalide « ${raw} »`);
    const { code, level } = parsed;
    if (level === 1) section = code;
    if (!section) throw new RowError('Code', `code ${code} avant toute section`);
    const parentCode = level === 1 ? null : level === 2 ? section : parentOf(code, level);
    if (parentCode && !known.has(parentCode)) throw new RowError('Code', `parent ${parentCode} de ${code} inconnu`);
    if (known.has(code)) throw new RowError('Code', `code ${code} en double`);
    known.add(code);
    const label = row.get(columns.full).trim();
    const label65 = row.get(columns.short65).trim();
    const label40 = row.get(columns.short40).trim();
    if (!label) throw new RowError(columns.full, 'intitulé manquant');
    if (!label65 || label65.length > 65) throw new RowError(columns.short65, `intitulé de 1 à 65 caractères attendu`);
    if (!label40 || label40.length > 40) throw new RowError(columns.short40, `intitulé de 1 à 40 caractères attendu`);
    codes.push({ code, level, label, label65, label40, parentCode, sectionCode: section });
  });
  return codes;
}

/** Checks the hierarchy against INSEE's `naf2008_5_niveaux` table (NIV5;NIV4;NIV3;NIV2;NIV1). */
export async function checkNafLevels(codes: readonly NafCode[], path: string): Promise<void> {
  const byCode = new Map(codes.map((code) => [code.code, code]));
  const listed = new Set<string>();
  await forEachDelimitedRow(
    path,
    { separator: ';', requiredColumns: ['NIV5', 'NIV4', 'NIV3', 'NIV2', 'NIV1'] },
    (row) => {
      const chain = ['NIV5', 'NIV4', 'NIV3', 'NIV2', 'NIV1'].map((column) => row.get(column).trim());
      const [subclass = '', classCode, group, division, section] = chain;
      listed.add(subclass);
      const found = byCode.get(subclass);
      if (!found) throw new RowError('NIV5', `sous-classe ${subclass} absente des intitulés NAF`);
      const expected = [classCode, group, division, section];
      let current: NafCode | undefined = found;
      for (const [index, column] of ['NIV4', 'NIV3', 'NIV2', 'NIV1'].entries()) {
        current = current?.parentCode ? byCode.get(current.parentCode) : undefined;
        if (current?.code !== expected[index]) {
          throw new RowError(
            column,
            `${subclass} : parent ${expected[index]} attendu, ${current?.code ?? 'aucun'} trouvé`,
          );
        }
      }
    },
  );
  const missing = codes.filter((code) => code.level === 5 && !listed.has(code.code));
  if (missing.length > 0) {
    throw new ImportError(
      basename(path),
      undefined,
      'NIV5',
      `sous-classes absentes : ${missing.map((code) => code.code).join(', ')}`,
    );
  }
}

/** NAF rév. 2 (INSEE), all five levels, national. */
export const nafImporter: Importer = {
  source: 'naf',
  plan({ openDataDirectory }) {
    const labels = findDataFile(openDataDirectory, NAF_FILES.labels);
    if (!labels) return [];
    const levels = findDataFile(openDataDirectory, NAF_FILES.levels);
    const plan: DatasetPlan = {
      source: 'naf',
      territory: 'FR',
      vintage: '2008',
      label: 'Nomenclature d’activités française NAF rév. 2 (INSEE)',
      files: levels ? [labels, levels] : [labels],
      version: IMPORTER_VERSION,
      clear: (transaction) => deleteNafCodes(transaction),
      async load(transaction, progress) {
        const codes = await readNafCodes(labels);
        if (levels) await checkNafLevels(codes, levels);
        const buffer = new CopyBuffer(transaction, 'naf_codes', [
          'code',
          'level',
          'label',
          'label_65',
          'label_40',
          'parent_code',
          'section_code',
        ]);
        for (const code of codes) {
          await buffer.add([
            code.code,
            code.level,
            code.label,
            code.label65,
            code.label40,
            code.parentCode,
            code.sectionCode,
          ]);
        }
        await buffer.flush();
        progress.update(buffer.rowCount, 1);
        return buffer.rowCount;
      },
    };
    return [plan];
  },
};
