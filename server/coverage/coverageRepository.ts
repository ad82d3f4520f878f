import type { Queryable } from '../db/Database';
import type { CoverageDataset } from './coverageFamilies';

interface DatasetRow {
  source: string;
  territory: string;
  vintage: string;
  label: string;
  row_count: number;
  demo: boolean;
  loaded_at: Date;
}

/**
 * The datasets that cover a département: its own (`territory` = code, or a comma list holding it)
 * and the national ones (`FR`).
 */
export async function datasetsOfDepartement(database: Queryable, departement: string): Promise<CoverageDataset[]> {
  const { rows } = await database.query<DatasetRow>(
    `SELECT source, territory, vintage, label, row_count, demo, loaded_at FROM datasets
     WHERE territory = 'FR' OR $1 = ANY (string_to_array(territory, ','))
     ORDER BY source, vintage, territory`,
    [departement],
  );
  return rows.map((row) => ({
    source: row.source,
    territory: row.territory,
    vintage: row.vintage,
    label: row.label,
    rows: row.row_count,
    demo: row.demo,
    loadedAt: row.loaded_at.toISOString(),
  }));
}

/** The name of a département, when the boundaries are loaded. */
export async function departementName(database: Queryable, code: string): Promise<string | null> {
  const { rows } = await database.query<{ name: string }>('SELECT name FROM departements WHERE code = $1', [code]);
  return rows[0]?.name ?? null;
}
