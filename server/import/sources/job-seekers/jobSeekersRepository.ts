import type { Queryable } from '../../../db/Database';

/** Indexes of `job_seekers`, dropped before the load and built after it. */
export const JOB_SEEKERS_INDEXES = {
  job_seekers_departement_index: 'CREATE INDEX job_seekers_departement_index ON job_seekers (departement_code, period)',
};

/** Removes a département's counts of one year before they are loaded again. */
export async function deleteJobSeekers(transaction: Queryable, departement: string, vintage: string): Promise<void> {
  await transaction.query('DELETE FROM job_seekers WHERE departement_code = $1 AND left(period, 4) = $2', [
    departement,
    vintage,
  ]);
}
