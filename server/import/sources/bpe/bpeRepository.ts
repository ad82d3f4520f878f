import type { Queryable } from '../../../db/Database';

/** Indexes of `bpe_equipment_counts`, dropped before the load and built after it. */
export const BPE_COUNT_INDEXES = {
  bpe_equipment_counts_departement_index:
    'CREATE INDEX bpe_equipment_counts_departement_index ON bpe_equipment_counts (departement_code, vintage)',
};

/** Removes a département's equipment counts of one vintage before they are loaded again. */
export async function deleteBpeCounts(transaction: Queryable, vintage: number, departement: string): Promise<void> {
  await transaction.query('DELETE FROM bpe_equipment_counts WHERE vintage = $1 AND departement_code = $2', [
    vintage,
    departement,
  ]);
}

/** Empties the equipment nomenclature before it is loaded again. */
export async function deleteBpeEquipmentTypes(transaction: Queryable): Promise<void> {
  await transaction.exec('DELETE FROM bpe_equipment_types');
}
