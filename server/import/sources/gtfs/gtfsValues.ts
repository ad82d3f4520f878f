import type { DelimitedRow } from '../../pipeline/csv/readDelimited';
import { RowError } from '../../pipeline/ImportError';

/** A GTFS field: trimmed, null when empty or when the column is absent (optional columns). */
export function gtfsText(row: DelimitedRow, column: string, required = false): string | null {
  const value = row.has(column) ? row.get(column).trim() : '';
  if (value.length === 0) {
    if (required) throw new RowError(column, 'valeur obligatoire manquante');
    return null;
  }
  return value;
}

/** A GTFS enumeration or integer (`location_type`, `route_type`, `direction_id`…), within bounds. */
export function gtfsInteger(row: DelimitedRow, column: string, minimum: number, maximum: number, required = false) {
  const text = gtfsText(row, column, required);
  if (text === null) return null;
  const value = Number(text);
  if (!Number.isInteger(value) || value < minimum || value > maximum) {
    throw new RowError(column, `entier entre ${minimum} et ${maximum} attendu, reçu « ${text} »`);
  }
  return value;
}

export function gtfsDecimal(row: DelimitedRow, column: string, minimum: number, maximum: number, required = false) {
  const text = gtfsText(row, column, required);
  if (text === null) return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < minimum || value > maximum) {
    throw new RowError(column, `nombre entre ${minimum} et ${maximum} attendu, reçu « ${text} »`);
  }
  return value;
}

/** A GTFS date `YYYYMMDD` as `YYYY-MM-DD`. */
export function gtfsDate(row: DelimitedRow, column: string, required = false): string | null {
  const text = gtfsText(row, column, required);
  if (text === null) return null;
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  const date = match ? new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`) : undefined;
  if (!match || !date || Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(match[3])) {
    throw new RowError(column, `date AAAAMMJJ attendue, reçu « ${text} »`);
  }
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** Seconds after midnight of a GTFS time `H:MM:SS` (hours may exceed 24 for trips past midnight). */
export function gtfsSeconds(text: string): number | undefined {
  const match = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}
