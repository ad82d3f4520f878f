import type { Queryable } from '../../../db/Database';

/** Built after the load (dropped before it), for every DVF dataset. */
export const DVF_INDEXES = {
  dvf_rows_mutation_index: 'CREATE INDEX dvf_rows_mutation_index ON dvf_rows (id_mutation)',
  dvf_rows_commune_index: 'CREATE INDEX dvf_rows_commune_index ON dvf_rows (code_commune, date_mutation)',
  dvf_rows_iris_index: 'CREATE INDEX dvf_rows_iris_index ON dvf_rows (iris_code)',
  dvf_rows_geometry_index: 'CREATE INDEX dvf_rows_geometry_index ON dvf_rows USING gist (geometry)',
  dvf_mutations_commune_index:
    'CREATE INDEX dvf_mutations_commune_index ON dvf_mutations (code_commune, date_mutation)',
  dvf_mutations_departement_index:
    'CREATE INDEX dvf_mutations_departement_index ON dvf_mutations (code_departement, date_mutation)',
  dvf_mutations_iris_index: 'CREATE INDEX dvf_mutations_iris_index ON dvf_mutations (iris_code)',
  dvf_mutations_date_index: 'CREATE INDEX dvf_mutations_date_index ON dvf_mutations (date_mutation DESC)',
  dvf_mutations_geometry_index: 'CREATE INDEX dvf_mutations_geometry_index ON dvf_mutations USING gist (geometry)',
};

/** Removes the rows and mutations of one year × département before they are loaded again. */
export async function deleteDvf(transaction: Queryable, departement: string, vintage: number): Promise<void> {
  await transaction.query('DELETE FROM dvf_rows WHERE code_departement = $1 AND vintage = $2', [departement, vintage]);
  await transaction.query('DELETE FROM dvf_mutations WHERE code_departement = $1 AND vintage = $2', [
    departement,
    vintage,
  ]);
}

/** The first free `dvf_rows.id` (ids are assigned by the importer). */
export async function nextDvfRowId(transaction: Queryable): Promise<number> {
  const { rows } = await transaction.query<{ id: string }>('SELECT coalesce(max(id), 0) + 1 AS id FROM dvf_rows');
  return Number(rows[0]?.id ?? 1);
}

/**
 * The IRIS of each located row (spatial join on the IRIS contours, gist index of `iris`), then of each
 * mutation: that of its primary row, else that of any located row of the mutation.
 */
export async function attachDvfIris(transaction: Queryable, departement: string, vintage: number): Promise<void> {
  await transaction.query(
    `UPDATE dvf_rows r SET iris_code = i.code FROM iris i
     WHERE r.code_departement = $1 AND r.vintage = $2 AND r.geometry IS NOT NULL
       AND i.departement_code = $1 AND ST_Intersects(i.geometry, r.geometry)`,
    [departement, vintage],
  );
  await transaction.query(
    `UPDATE dvf_mutations m SET iris_code = r.iris_code FROM dvf_rows r
     WHERE m.code_departement = $1 AND m.vintage = $2 AND r.id = m.primary_row_id`,
    [departement, vintage],
  );
  await transaction.query(
    `UPDATE dvf_mutations m SET iris_code = r.iris_code FROM dvf_rows r
     WHERE m.code_departement = $1 AND m.vintage = $2 AND m.iris_code IS NULL
       AND r.vintage = m.vintage AND r.id_mutation = m.id_mutation AND r.iris_code IS NOT NULL`,
    [departement, vintage],
  );
}
