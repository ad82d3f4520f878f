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

/**
 * Whether a GTFS network is imported for the département (contract: a `gtfs_feeds` row whose
 * `departement_codes` contains it). No `gtfs_feeds` table means no network.
 */
export async function hasGtfsFeedFor(database: Queryable, departement: string | undefined): Promise<boolean> {
  if (!departement) return false;
  const { rows: tables } = await database.query<{ present: boolean }>(
    `SELECT to_regclass('gtfs_feeds') IS NOT NULL AS present`,
  );
  if (!tables[0]?.present) return false;
  const { rows } = await database.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM gtfs_feeds WHERE $1 = ANY (departement_codes)) AS found',
    [departement],
  );
  return rows[0]?.found ?? false;
}
