import type { DelimitedRow } from '../../pipeline/csv/readDelimited';
import { RowError } from '../../pipeline/ImportError';
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
  if (JSON_NUMBER.test(text)) return text;
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
  return inseeValuesEncoder(columns)(row);
}

/** {@link inseeValuesJson} with the JSON keys prepared once per file. */
export function inseeValuesEncoder(columns: readonly StoredColumn[]): (row: DelimitedRow) => string | undefined {
  const keys = columns.map(({ name }, index) => `${index === 0 ? '{' : ','}${JSON.stringify(name)}:`);
  return (row) => {
    let json = '';
    let published = false;
    for (let index = 0; index < columns.length; index += 1) {
      const column = (columns[index] as StoredColumn).column;
      const literal = inseeValueLiteral(row.get(column), column);
      if (literal !== 'null') published = true;
      json += keys[index] + literal;
    }
    return published ? `${json}}` : undefined;
  };
}
