import { Float64, Table, tableToIPC, Utf8, type Vector, vectorFromArray } from 'apache-arrow';
import type { LotRow } from './realEstateRepository';

const NUMBER_COLUMNS = [
  'id',
  'valeur_fonciere',
  'price_per_m2',
  'surface_reelle_bati',
  'surface_terrain',
  'nombre_pieces_principales',
  'longitude',
  'latitude',
] as const satisfies readonly (keyof LotRow)[];

const TEXT_COLUMNS = [
  'id_mutation',
  'date_mutation',
  'nature_mutation',
  'group_type_local',
  'type_local',
  'nature_culture',
  'code_nature_culture',
  'lot1_numero',
  'adresse_numero',
  'adresse_suffixe',
  'adresse_nom_voie',
  'code_postal',
  'nom_commune',
  'iris_code',
  'id_parcelle',
] as const satisfies readonly (keyof LotRow)[];

/**
 * The lots as one Arrow IPC stream (Float64 and Utf8 columns named like the JSON fields). `between` runs
 * after each column: a server passes its deadline's checkpoint so that a zone of a hundred thousand lots
 * gives the event loop a turn between columns and stops at the deadline.
 */
export async function lotsToArrow(
  lots: readonly LotRow[],
  between: () => Promise<void> = async () => {},
): Promise<Uint8Array> {
  const columns: Record<string, Vector<Float64> | Vector<Utf8>> = {};
  for (const column of NUMBER_COLUMNS) {
    await between();
    columns[column] = vectorFromArray(
      lots.map((lot) => lot[column]),
      new Float64(),
    );
  }
  for (const column of TEXT_COLUMNS) {
    await between();
    columns[column] = vectorFromArray(
      lots.map((lot) => lot[column]),
      new Utf8(),
    );
  }
  await between();
  return tableToIPC(new Table(columns), 'stream');
}
