import { Bool, Float64, Table, tableFromIPC, tableToIPC, Utf8, type Vector, vectorFromArray } from 'apache-arrow';
import type { Business } from './businessSchemas';

/** The text columns of the establishments Arrow table (named like the JSON fields). */
export const BUSINESS_TEXT_COLUMNS = [
  'id',
  'siret',
  'denomination',
  'enseigne',
  'address',
  'city',
  'postal_code',
  'commune_code',
  'naf_code',
  'naf_label',
  'section_code',
  'section_label',
  'employee_size',
  'employee_range',
  'status',
  'date_creation',
  'source',
  'source_label',
  'source_vintage',
] as const satisfies readonly (keyof Business)[];

export const BUSINESS_NUMBER_COLUMNS = ['latitude', 'longitude'] as const satisfies readonly (keyof Business)[];

/**
 * Establishments as one Arrow IPC stream (Utf8, Float64 and a Bool `demo` column). `between` runs after
 * each column (a server yields to its event loop there and stops at the request's deadline).
 */
export async function businessesToArrow(
  businesses: readonly Business[],
  between: () => Promise<void> = async () => {},
): Promise<Uint8Array> {
  const columns: Record<string, Vector<Utf8> | Vector<Float64> | Vector<Bool>> = {};
  for (const column of BUSINESS_TEXT_COLUMNS) {
    await between();
    columns[column] = vectorFromArray(
      businesses.map((business) => business[column]),
      new Utf8(),
    );
  }
  for (const column of BUSINESS_NUMBER_COLUMNS) {
    await between();
    columns[column] = vectorFromArray(
      businesses.map((business) => business[column]),
      new Float64(),
    );
  }
  await between();
  columns.demo = vectorFromArray(
    businesses.map((business) => business.demo),
    new Bool(),
  );
  await between();
  return tableToIPC(new Table(columns), 'stream');
}

/** Back to records (tests and the JavaScript fallback of the worker). */
export function businessesFromArrow(bytes: Uint8Array): Record<string, unknown>[] {
  return tableFromIPC(bytes)
    .toArray()
    .map((row) => (row as { toJSON(): Record<string, unknown> }).toJSON());
}
