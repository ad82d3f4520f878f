import type { DelimitedRow } from '../csv/readDelimited';
import { RowError } from '../ImportError';
import type { StoredColumn } from './inseeFiles';

/** A JSON number exactly as JSON writes it. */
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
/** A decimal number as INSEE writes it (`.` or `,`, possibly with leading zeros). */
const DECIMAL = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)([eE][-+]?\d+)?$/;
/** INSEE's markers for a figure it does not publish: secret, non disponible, non significatif, sans objet. */
const NOT_PUBLISHED = /^(s|nd|ns|so)$/i;

/**
 * The JSON literal of one INSEE value: the published digits unchanged (decimal comma read as a
 * point), `null` when the cell is empty or marked as not published. Anything else is a
 * {@link RowError} naming the column.
 */
export function inseeValueLiteral(text: string, column: string): string {
  const value = text.trim();
  if (value.length === 0 || NOT_PUBLISHED.test(value)) return 'null';
  const dotted = value.replace(',', '.');
  if (JSON_NUMBER.test(dotted)) return dotted;
  if (!DECIMAL.test(value)) throw new RowError(column, `nombre attendu, reçu « ${value} »`);
  return JSON.stringify(Number(dotted));
}

/**
 * The `values` object of a row as JSON text, keys in the file's order; `undefined` when INSEE
 * publishes no figure at all for this IRIS (every cell empty).
 */
export function inseeValuesJson(row: DelimitedRow, columns: readonly StoredColumn[]): string | undefined {
  let json = '{';
  let published = false;
  for (const [index, { column, name }] of columns.entries()) {
    const literal = inseeValueLiteral(row.get(column), column);
    if (literal !== 'null') published = true;
    json += `${index === 0 ? '' : ','}${JSON.stringify(name)}:${literal}`;
  }
  return published ? `${json}}` : undefined;
}
