import type { Queryable } from '../db/Database';

/** The département containing a point (Paris arrondissements count as 75), or `undefined`. */
export async function selectDepartementAt(
  database: Queryable,
  longitude: number,
  latitude: number,
): Promise<string | undefined> {
  const { rows } = await database.query<{ code: string }>(
    `SELECT departement_code AS code FROM communes
     WHERE ST_Intersects(geometry, ST_SetSRID(ST_MakePoint($1, $2), 4326)) LIMIT 1`,
    [longitude, latitude],
  );
  return rows[0]?.code;
}
