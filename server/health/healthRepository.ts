import type { Queryable } from '../db/Database';

/** The PostGIS version (`3.6.2`) of the open database. */
export async function postgisVersion(database: Queryable): Promise<string> {
  const { rows } = await database.query<{ version: string }>('SELECT postgis_lib_version() AS version');
  return rows[0]?.version ?? 'inconnue';
}

/** Datasets of the Sirene register and its demo stand-in, with their row counts. */
export async function sireneDatasets(
  database: Queryable,
): Promise<{ source: string; territory: string; vintage: string; row_count: number }[]> {
  const { rows } = await database.query<{ source: string; territory: string; vintage: string; row_count: number }>(
    `SELECT source, territory, vintage, row_count FROM datasets
     WHERE source IN ('sirene', 'demo-bpe') ORDER BY source, territory`,
  );
  return rows;
}
