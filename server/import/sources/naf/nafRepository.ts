import type { Queryable } from '../../../db/Database';

/** Empties the nomenclature before it is loaded again. */
export async function deleteNafCodes(transaction: Queryable): Promise<void> {
  await transaction.exec('DELETE FROM naf_codes');
}
