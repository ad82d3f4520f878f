import type { Queryable } from '../db/Database';

/** The PostGIS version (`3.6.2`) of the open database. */
export async function postgisVersion(database: Queryable): Promise<string> {
  const { rows } = await database.query<{ version: string }>('SELECT postgis_lib_version() AS version');
  return rows[0]?.version ?? 'inconnue';
}
