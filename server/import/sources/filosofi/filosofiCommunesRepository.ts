import type { Queryable } from '../../../db/Database';

/** Removes one vintage of a département's commune figures before they are loaded again. */
export async function deleteCommuneIncomes(transaction: Queryable, vintage: number, departement: string): Promise<void> {
  await transaction.query('DELETE FROM commune_incomes WHERE vintage = $1 AND departement_code = $2', [
    vintage,
    departement,
  ]);
}
