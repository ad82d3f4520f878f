import type { Queryable } from '../../../db/Database';

/** Indexes of `insee_iris_statistics`, dropped before the load and built after it. */
export const INSEE_STATISTICS_INDEXES = {
  insee_iris_statistics_iris_index:
    'CREATE INDEX insee_iris_statistics_iris_index ON insee_iris_statistics (iris_code)',
  insee_iris_statistics_departement_index:
    'CREATE INDEX insee_iris_statistics_departement_index ON insee_iris_statistics (departement_code, base, vintage)',
};

/** Removes the figures of one base × vintage × département before they are loaded again. */
export async function deleteInseeStatistics(
  transaction: Queryable,
  base: string,
  vintage: number,
  departement: string,
): Promise<void> {
  await transaction.query(
    'DELETE FROM insee_iris_statistics WHERE base = $1 AND vintage = $2 AND departement_code = $3',
    [base, vintage, departement],
  );
}
