import { basename } from 'node:path';
import { ImportError, RowError } from '../../pipeline/ImportError';

/** The DEFM categories stored in `job_seekers.category`. */
export const JOB_SEEKER_CATEGORIES = ['A', 'B', 'C', 'ABC', 'D', 'E'] as const;
export type JobSeekerCategory = (typeof JOB_SEEKER_CATEGORIES)[number];

/** A header name reduced for matching: lower case, no accent, `_` between words ("Catégorie A" → categorie_a). */
export function normaliseColumnName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

const COMMUNE_COLUMNS = [
  'code_commune',
  'codgeo',
  'code_geo',
  'depcom',
  'com',
  'code_insee',
  'code_insee_commune',
  'commune_code',
];
const NAME_COLUMNS = ['libelle_commune', 'libgeo', 'nom_commune', 'commune', 'libelle'];
const PERIOD_COLUMNS = ['periode', 'date', 'trimestre', 'mois', 'annee'];
const CATEGORY_COLUMNS = ['categorie', 'categorie_de_demandeurs', 'categorie_demandeur', 'cat'];
const VALUE_COLUMNS = ['nombre', 'nombre_de_demandeurs', 'demandeurs', 'nb_demandeurs', 'defm', 'valeur', 'effectif'];

/** A category from a column name or a cell: "Catégorie A", "cat_a", "A", "Catégories A, B, C", "ABC". */
export function categoryOf(text: string): JobSeekerCategory | undefined {
  const value = normaliseColumnName(text)
    .replace(/^(nb_|nombre_)?(de_)?(demandeurs_)?(d_emploi_)?/, '')
    .replace(/^(categories|categorie|cat)_?/, '')
    .replace(/_/g, '')
    .toUpperCase();
  return (JOB_SEEKER_CATEGORIES as readonly string[]).includes(value) ? (value as JobSeekerCategory) : undefined;
}

/** How a file lays out its figures: one row per commune × period × category, or one column per category. */
export type JobSeekersLayout =
  | { kind: 'long'; commune: string; name: string | undefined; period: string; category: string; value: string }
  | {
      kind: 'wide';
      commune: string;
      name: string | undefined;
      period: string;
      categories: Map<string, JobSeekerCategory>;
    };

const pick = (columns: readonly string[], candidates: readonly string[]) =>
  columns.find((column) => candidates.includes(normaliseColumnName(column)));

/** Recognises the columns of a France Travail DEFM-by-commune file from its header. */
export function jobSeekersLayout(path: string, columns: readonly string[]): JobSeekersLayout {
  const file = basename(path);
  const commune = pick(columns, COMMUNE_COLUMNS);
  if (!commune)
    throw new ImportError(file, 1, 'code commune', `colonne du code commune absente (${columns.join(', ')})`);
  const period = pick(columns, PERIOD_COLUMNS);
  if (!period) throw new ImportError(file, 1, 'période', `colonne de période absente (${columns.join(', ')})`);
  const name = pick(columns, NAME_COLUMNS);
  const category = pick(columns, CATEGORY_COLUMNS);
  const value = pick(columns, VALUE_COLUMNS);
  if (category && value) return { kind: 'long', commune, name, period, category, value };
  const categories = new Map<string, JobSeekerCategory>();
  for (const column of columns) {
    if (column === commune || column === period || column === name) continue;
    const found = categoryOf(column);
    if (found) categories.set(column, found);
  }
  if (categories.size === 0) {
    throw new ImportError(
      file,
      1,
      'catégorie',
      `ni colonnes « catégorie » + « nombre » ni colonnes par catégorie (A, B, C…)`,
    );
  }
  return { kind: 'wide', commune, name, period, categories };
}

/**
 * A period as stored: `2024` (annual average), `2024-T4` (quarter) or `2024-12` (month), from the
 * forms France Travail and the Dares use ("2024T4", "T4 2024", "2024-Q4", "12/2024", "2024-12-31").
 */
export function normalisePeriod(text: string, column: string): string {
  const value = text.trim().toUpperCase();
  let match = /^(\d{4})$/.exec(value);
  if (match) return value;
  match = /^(\d{4})[ -]?[TQ]([1-4])$/.exec(value) ?? null;
  if (match) return `${match[1]}-T${match[2]}`;
  match = /^[TQ]([1-4])[ -]?(\d{4})$/.exec(value);
  if (match) return `${match[2]}-T${match[1]}`;
  match = /^(\d{4})-(\d{2})(-\d{2})?$/.exec(value) ?? /^(\d{2})\/(\d{4})$/.exec(value);
  if (match) {
    const [year, month] = match[1]?.length === 4 ? [match[1], match[2]] : [match[2], match[1]];
    if (Number(month) >= 1 && Number(month) <= 12) return `${year}-${month}`;
  }
  throw new RowError(column, `période non reconnue « ${text} » (AAAA, AAAA-Tn ou AAAA-MM attendu)`);
}

/** France Travail masks small counts; those cells are stored as NULL, never as a number. */
const MASKED = /^(s|nd|ns|secret|\*|-|<\s*\d+)$/i;

/** A count of job seekers, `null` when masked; a non-integer figure is an error. */
export function readJobSeekerCount(text: string, column: string): number | null {
  const value = text.trim().replace(/\s/g, '');
  if (value.length === 0 || MASKED.test(value)) return null;
  const number = Number(value.replace(',', '.'));
  if (!Number.isInteger(number) || number < 0) throw new RowError(column, `nombre entier attendu, reçu « ${text} »`);
  return number;
}
