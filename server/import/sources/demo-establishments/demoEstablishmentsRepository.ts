import type { Queryable } from '../../../db/Database';
import { BPE_PLACEMENT, bpeUnits } from './bpeAddressPoolRepository';

/** BPE type → NAF sous-classe, copied from `BPE_NAF_CODES` for the insert (dropped at commit). */
export const DEMO_NAF_TABLE = 'demo_bpe_naf';

/** One row per equipment counted by the BPE in the département, placed by {@link BPE_PLACEMENT}. */
const INSERT_DEMO_ESTABLISHMENTS = `INSERT INTO establishments
    (siret, denomination, adresse, code_postal, commune_code, departement_code, naf_code, etat, longitude, latitude,
     geometry, iris_code, source, bpe_type)
  SELECT 'DEMO-' || unit.iris_code || '-' || unit.equipment_type || '-' || unit.n,
    coalesce(types.label, unit.equipment_type) || ' (établissement de démonstration)',
    pool.address, pool.code_postal, unit.commune_code, unit.departement_code, naf.naf_code, 'A',
    ST_X(placed.placed_geometry), ST_Y(placed.placed_geometry), placed.placed_geometry, placed.placed_iris_code,
    'demo-bpe', unit.equipment_type
  FROM ${bpeUnits()}
  ${BPE_PLACEMENT}
  LEFT JOIN bpe_equipment_types types ON types.code = unit.equipment_type
  LEFT JOIN ${DEMO_NAF_TABLE} naf ON naf.bpe_type = unit.equipment_type`;

/** Removes a département's demo establishments before they are built again. */
export async function deleteDemoEstablishments(transaction: Queryable, departement: string): Promise<void> {
  await transaction.query(`DELETE FROM establishments WHERE departement_code = $1 AND source = 'demo-bpe'`, [
    departement,
  ]);
}

/** Whether real Sirene establishments are loaded for the département (then no demo rows are built). */
export async function hasSireneEstablishments(transaction: Queryable, departement: string): Promise<boolean> {
  const { rows } = await transaction.query<{ real: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM establishments WHERE departement_code = $1 AND source = 'sirene') AS real`,
    [departement],
  );
  return rows[0]?.real === true;
}

export async function createDemoNafTable(transaction: Queryable): Promise<void> {
  await transaction.exec(
    `CREATE TEMP TABLE ${DEMO_NAF_TABLE} (bpe_type text PRIMARY KEY, naf_code text) ON COMMIT DROP`,
  );
}

/** One demo establishment per BPE equipment of the département; returns the rows inserted. */
export async function insertDemoEstablishments(
  transaction: Queryable,
  departement: string,
  vintage: number,
): Promise<number> {
  const { affectedRows } = await transaction.query(INSERT_DEMO_ESTABLISHMENTS, [departement, vintage]);
  return affectedRows;
}
