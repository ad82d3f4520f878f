import { isTerritoryCode } from '../../../../kernel/territory/territoryCodes';
import { basename } from 'node:path';
import type { InseeIrisBase } from '../../../../kernel/demographics/inseeIrisBases';
import { readDelimitedHeader } from '../../pipeline/csv/readDelimitedHeader';
import { ImportError } from '../../pipeline/ImportError';
import { listDataFiles } from '../../pipeline/listDataFiles';

/** The Île-de-France départements (scope of the `-idf` files). */
export const ILE_DE_FRANCE = ['75', '77', '78', '91', '92', '93', '94', '95'] as const;

/** Folders of the open-data directory where INSEE IRIS files are looked for. */
export const INSEE_FOLDERS = ['insee_iris', 'filosofi', 'insee', '.'] as const;

/** The columns INSEE adds to identify an IRIS; they are not statistics. */
export const IDENTIFICATION_COLUMNS = new Set([
  'IRIS',
  'CODE_IRIS',
  'DCIRIS',
  'REG',
  'DEP',
  'UU2010',
  'UU2020',
  'COM',
  'LIBCOM',
  'TRIRIS',
  'GRD_QUART',
  'LIBIRIS',
  'TYP_IRIS',
  'MODIF_IRIS',
  'LAB_IRIS',
]);

/**
 * Columns that INSEE's script `data-raw/data_iris_paris_2017.R` (InseeFrLab/DoReMIFaSolData) added to
 * its join of Filosofi 2017 and activité-résidents 2017: ratios and labels computed from the base
 * columns, not INSEE base columns, so they are not stored. `niveau_vie_median` is a plain copy of
 * `DISP_MED17` and is stored under that official name.
 */
export const JOINED_2017_DERIVED_COLUMNS = [
  'part_cadres',
  'taux_chomage',
  'arrondissement',
  'categorie_part_cadres',
  'categorie_arrondissement',
] as const;

/** One INSEE column kept in `values`, under its official name. */
export interface StoredColumn {
  column: string;
  name: string;
}

/** What a file holds for one base. */
export interface InseeFilePart {
  base: InseeIrisBase;
  columns: StoredColumn[];
}

/** A recognised INSEE IRIS file: its bases, vintage and the départements it can cover. */
export interface InseeFile {
  path: string;
  parts: InseeFilePart[];
  vintage: number;
  /** Column holding the IRIS code. */
  irisColumn: string;
  /** Column holding the commune code, when there is one. */
  communeColumn: string | undefined;
  /** Départements the file covers; `undefined` for a national file. */
  departements: readonly string[] | undefined;
  /** Lower is preferred when two files give the same base, vintage and département. */
  preference: number;
  /**
   * IRIS types (`TYP_IRIS`) the file holds, when its producer kept only some of them (the RP 2016
   * subsets keep habitat IRIS `H`); `undefined` when every type may appear.
   */
  irisTypes?: readonly string[];
}

const RP_FILE =
  /^base-ic-(evol-struct-pop|logement|activite-residents|diplomes-formation|couples-familles-menages)-(\d{4})(?:[-_](.*?))?\.csv(?:\.gz)?$/i;
const FILOSOFI_FILE = /^BASE_TD_FILO_(DISP|DEC)_IRIS_(\d{4})(?:[-_](.*?))?\.csv(?:\.gz)?$/i;
const FILOSOFI_FILE_2020 = /^BASE_TD_FILO_IRIS_(\d{4})_(DISP|DEC)(?:[-_](.*?))?\.csv(?:\.gz)?$/i;
const JOINED_FILE = /^data_iris_paris_(\d{4})\.csv(?:\.gz)?$/i;
/**
 * Column subsets of three RP bases cut from INSEE's national files by a third party, who kept only
 * some IRIS types (`rp2016-iris-H-population-age-csp-france.csv.gz`: habitat IRIS of
 * base-ic-evol-struct-pop-2016). Header `,IRIS,LIBCOM,TYP_IRIS,<INSEE columns>`, the first unnamed
 * column being a row index.
 */
const RP_SUBSET_FILE =
  /^rp(\d{4})-iris-([HAZD]+)-(population-age-csp|menages-pmen|logement-subset)(?:[-_](.*?))?\.csv(?:\.gz)?$/i;

/** The INSEE base each RP subset was cut from. */
const RP_SUBSET_BASES: Readonly<Record<string, InseeIrisBase>> = {
  'population-age-csp': 'evol-struct-pop',
  'menages-pmen': 'couples-familles-menages',
  'logement-subset': 'logement',
};

/** All file names this module recognises. */
export const INSEE_FILE_PATTERN = new RegExp(
  [RP_FILE, FILOSOFI_FILE, FILOSOFI_FILE_2020, JOINED_FILE, RP_SUBSET_FILE].map((pattern) => pattern.source).join('|'),
  'i',
);

const RP_COLUMN = /^[PC](\d{2})_/;
const FILOSOFI_COLUMN = /^(DISP|DEC)_\w*?(\d{2})$/;

/**
 * The départements a file covers from the end of its name: `-paris` → 75, `-idf` → Île-de-France,
 * `-92` → 92, anything else (none, `-france`, `_v2`) → national (`undefined`).
 */
export function scopeOfSuffix(suffix: string | undefined): readonly string[] | undefined {
  const value = (suffix ?? '').toLowerCase();
  if (value === 'paris') return ['75'];
  if (value === 'idf') return ILE_DE_FRANCE;
  if (isTerritoryCode('department', value.toUpperCase())) return [value.toUpperCase()];
  return undefined;
}

const yearOf = (twoDigits: string) => {
  const value = Number(twoDigits);
  return value <= 60 ? 2000 + value : 1900 + value;
};

/** The vintage shared by the columns, from their INSEE prefixes/suffixes (P17_… → 2017, DISP_MED15 → 2015). */
function vintageOfColumns(file: string, columns: readonly string[], pattern: RegExp, group: number): number {
  const years = new Set<number>();
  for (const column of columns) {
    const match = pattern.exec(column);
    if (match?.[group]) years.add(yearOf(match[group]));
  }
  if (years.size !== 1) {
    throw new ImportError(
      file,
      1,
      undefined,
      years.size === 0
        ? 'aucune colonne de statistique INSEE reconnue dans l’en-tête'
        : `colonnes de millésimes différents (${[...years].sort().join(', ')})`,
    );
  }
  return [...years][0] as number;
}

function checkNameYear(file: string, nameYear: number, vintage: number): void {
  if (nameYear !== vintage) {
    throw new ImportError(
      file,
      1,
      undefined,
      `le nom du fichier annonce ${nameYear} mais ses colonnes sont du millésime ${vintage}`,
    );
  }
}

function identifierColumns(file: string, header: readonly string[]): { iris: string; commune: string | undefined } {
  const iris = ['IRIS', 'CODE_IRIS', 'DCIRIS'].find((name) => header.includes(name));
  if (!iris) throw new ImportError(file, 1, 'IRIS', 'colonne du code IRIS absente de l’en-tête');
  return { iris, commune: header.includes('COM') ? 'COM' : undefined };
}

/** National official files first (unrounded), then département files, then regional extracts. */
const preferenceOf = (departements: readonly string[] | undefined) =>
  departements === undefined ? 0 : departements.length === 1 ? 1 : 2;

const kept = (header: readonly string[], test: (column: string) => boolean): StoredColumn[] =>
  header.filter(test).map((column) => ({ column, name: column }));

/** Reads the header of an INSEE IRIS file and tells what it holds; `undefined` for another file. */
export async function recogniseInseeFile(path: string): Promise<InseeFile | undefined> {
  const file = basename(path);
  const rp = RP_FILE.exec(file);
  const filosofi = FILOSOFI_FILE.exec(file);
  const filosofi2020 = FILOSOFI_FILE_2020.exec(file);
  const joined = JOINED_FILE.exec(file);
  const subset = RP_SUBSET_FILE.exec(file);
  if (!rp && !filosofi && !filosofi2020 && !joined && !subset) return undefined;
  const { columns: header } = await readDelimitedHeader(path);
  const { iris, commune } = identifierColumns(file, header);
  const base = { path, irisColumn: iris, communeColumn: commune };

  if (subset) {
    const name = RP_SUBSET_BASES[subset[3]?.toLowerCase() ?? ''] as InseeIrisBase;
    const vintage = vintageOfColumns(file, header, RP_COLUMN, 1);
    checkNameYear(file, Number(subset[1]), vintage);
    if (!header.includes('TYP_IRIS')) {
      throw new ImportError(file, 1, 'TYP_IRIS', 'colonne du type d’IRIS absente de l’en-tête');
    }
    const departements = scopeOfSuffix(subset[4]);
    return {
      ...base,
      parts: [{ base: name, columns: kept(header, (column) => RP_COLUMN.test(column)) }],
      vintage,
      departements,
      preference: preferenceOf(departements),
      irisTypes: [...(subset[2] ?? '').toUpperCase()],
    };
  }

  if (rp) {
    const name = rp[1]?.toLowerCase() as InseeIrisBase;
    const vintage = vintageOfColumns(file, header, RP_COLUMN, 1);
    checkNameYear(file, Number(rp[2]), vintage);
    const departements = scopeOfSuffix(rp[3]);
    return {
      ...base,
      parts: [{ base: name, columns: kept(header, (column) => RP_COLUMN.test(column)) }],
      vintage,
      departements,
      preference: preferenceOf(departements),
    };
  }
  if (filosofi || filosofi2020) {
    const kind = (filosofi ? filosofi[1] : filosofi2020?.[2])?.toUpperCase() as 'DISP' | 'DEC';
    const nameYear = Number(filosofi ? filosofi[2] : filosofi2020?.[1]);
    const suffix = filosofi ? filosofi[3] : filosofi2020?.[3];
    const columns = header.filter((column) => column.startsWith(`${kind}_`));
    const vintage = vintageOfColumns(file, columns, FILOSOFI_COLUMN, 2);
    checkNameYear(file, nameYear, vintage);
    const departements = scopeOfSuffix(suffix);
    return {
      ...base,
      parts: [{ base: kind === 'DISP' ? 'filosofi-disp' : 'filosofi-dec', columns: kept(columns, () => true) }],
      vintage,
      departements,
      preference: preferenceOf(departements),
    };
  }
  // INSEE's Paris extract joining Filosofi (DISP_*) and activité-résidents (P17_/C17_) of one year.
  const nameYear = Number(joined?.[1]);
  const vintage = vintageOfColumns(file, header, RP_COLUMN, 1);
  checkNameYear(file, nameYear, vintage);
  const suffix = String(vintage).slice(2);
  const unknown = header.filter(
    (column) =>
      !IDENTIFICATION_COLUMNS.has(column) &&
      !RP_COLUMN.test(column) &&
      !column.startsWith('DISP_') &&
      column !== 'niveau_vie_median' &&
      !(JOINED_2017_DERIVED_COLUMNS as readonly string[]).includes(column),
  );
  if (unknown.length > 0) {
    throw new ImportError(file, 1, unknown[0], `colonne inattendue dans l’extrait INSEE joint (${unknown.join(', ')})`);
  }
  const disp = kept(header, (column) => column.startsWith('DISP_'));
  if (header.includes('niveau_vie_median') && !header.includes(`DISP_MED${suffix}`)) {
    disp.push({ column: 'niveau_vie_median', name: `DISP_MED${suffix}` });
  }
  vintageOfColumns(
    file,
    disp.map((column) => column.name),
    FILOSOFI_COLUMN,
    2,
  );
  return {
    ...base,
    parts: [
      { base: 'activite-residents', columns: kept(header, (column) => RP_COLUMN.test(column)) },
      { base: 'filosofi-disp', columns: disp },
    ],
    vintage,
    departements: ['75'],
    preference: 3,
  };
}

/** Every recognised INSEE IRIS file of the open-data directory, preferred files first. */
export async function findInseeFiles(directory: string): Promise<InseeFile[]> {
  const files: InseeFile[] = [];
  for (const path of listDataFiles(directory, INSEE_FOLDERS, INSEE_FILE_PATTERN)) {
    const recognised = await recogniseInseeFile(path);
    if (recognised) files.push(recognised);
  }
  return files.sort((a, b) => a.preference - b.preference || a.path.localeCompare(b.path));
}

/** Whether a file can hold rows of a département. */
export function coversDepartement(file: Pick<InseeFile, 'departements'>, departement: string): boolean {
  return file.departements === undefined || file.departements.includes(departement);
}
