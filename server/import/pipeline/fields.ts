import type { DelimitedRow } from './csv/readDelimited';
import { RowError } from './ImportError';

/** Trimmed text of a column; `null` when empty unless `required`. */
export function readText(row: DelimitedRow, column: string, required = false): string | null {
  const value = row.get(column).trim();
  if (value.length === 0) {
    if (required) throw new RowError(column, 'valeur obligatoire manquante');
    return null;
  }
  return value;
}

/** Reads a number written with `.` or `,` as decimal separator (INSEE writes "22,6"). */
export function readDecimal(row: DelimitedRow, column: string, required = false): number | null {
  const text = readText(row, column, required);
  if (text === null) return null;
  const value = Number(text.replace(',', '.').replace(/\s/g, ''));
  if (!Number.isFinite(value)) throw new RowError(column, `nombre attendu, reçu « ${text} »`);
  return value;
}

export function readInteger(row: DelimitedRow, column: string, required = false): number | null {
  const value = readDecimal(row, column, required);
  if (value === null) return null;
  if (!Number.isInteger(value)) throw new RowError(column, `entier attendu, reçu « ${row.get(column)} »`);
  return value;
}

/** An ISO date `YYYY-MM-DD` (also accepts `DD/MM/YYYY`), returned as `YYYY-MM-DD`. */
export function readDate(row: DelimitedRow, column: string, required = false): string | null {
  const text = readText(row, column, required);
  if (text === null) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  const french = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : french ? [french[3], french[2], french[1]] : [];
  if (!year || !month || !day) throw new RowError(column, `date attendue (AAAA-MM-JJ), reçu « ${text} »`);
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day)) {
    throw new RowError(column, `date invalide « ${text} »`);
  }
  return `${year}-${month}-${day}`;
}

/** Text that must match `pattern` (codes INSEE, SIRET…). */
export function readCode(row: DelimitedRow, column: string, pattern: RegExp, required = true): string | null {
  const text = readText(row, column, required);
  if (text === null) return null;
  if (!pattern.test(text)) throw new RowError(column, `code invalide « ${text} »`);
  return text;
}
