import type { Queryable } from '../../../db/Database';
import { CopyBuffer } from '../../pipeline/copy/CopyBuffer';
import { BPE_PLACEMENT, bpeUnits } from './bpeAddressPoolRepository';

/** One row per equipment counted by the BPE in the département, placed by {@link BPE_PLACEMENT}. */
const INSERT_DEMO_ESTABLISHMENTS = `INSERT INTO establishments
    (siret, denomination, adresse, code_postal, commune_code, departement_code, naf_code, etat, longitude, latitude,
     geometry, iris_code, source, bpe_type, source_vintage, source_activity)
  SELECT 'DEMO-' || unit.iris_code || '-' || unit.equipment_type || '-' || unit.n,
    coalesce(types.label, unit.equipment_type) || ' (établissement de démonstration)',
    pool.address, pool.code_postal, unit.commune_code, unit.departement_code, naf.naf_code, 'A',
    ST_X(placed.placed_geometry), ST_Y(placed.placed_geometry), placed.placed_geometry, placed.placed_iris_code,
    'demo-bpe', unit.equipment_type, 'BPE ' || $2::integer, 'BPE ' || unit.equipment_type || coalesce(' ' || types.label, '')
  FROM ${bpeUnits()}
  ${BPE_PLACEMENT}
  LEFT JOIN bpe_equipment_types types ON types.code = unit.equipment_type
  LEFT JOIN demo_bpe_naf naf ON naf.bpe_type = unit.equipment_type`;

/** Whether real Sirene establishments are already loaded for the département. */
export async function hasSireneEstablishments(transaction: Queryable, departement: string): Promise<boolean> {
  const { rows } = await transaction.query<{ real: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM establishments WHERE departement_code = $1 AND source = 'sirene') AS real`,
    [departement],
  );
  return rows[0]?.real ?? false;
}

/** Loads the BPE type → NAF code table into the temporary table `demo_bpe_naf`. */
export async function createBpeNafTable(
  transaction: Queryable,
  nafCodes: Readonly<Record<string, string>>,
): Promise<void> {
  await transaction.exec('CREATE TEMP TABLE demo_bpe_naf (bpe_type text PRIMARY KEY, naf_code text) ON COMMIT DROP');
  const mapping = new CopyBuffer(transaction, 'demo_bpe_naf', ['bpe_type', 'naf_code']);
  for (const [type, naf] of Object.entries(nafCodes)) await mapping.add([type, naf]);
  await mapping.flush();
}

/**
 * Inserts the demo establishments of the département from the BPE counts of `vintage` (needs the address
 * pool and `demo_bpe_naf`); gives the count.
 */
export async function insertDemoEstablishments(
  transaction: Queryable,
  departement: string,
  vintage: number,
): Promise<number> {
  const { affectedRows } = await transaction.query(INSERT_DEMO_ESTABLISHMENTS, [departement, vintage]);
  return affectedRows;
}

export async function deleteDemoEstablishments(transaction: Queryable, departement: string): Promise<void> {
  await transaction.query(`DELETE FROM establishments WHERE departement_code = $1 AND source = 'demo-bpe'`, [
    departement,
  ]);
}
