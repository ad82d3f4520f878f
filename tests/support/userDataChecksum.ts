import type { Queryable } from '../../server/db/Database';

/** The tables holding what users write: accounts, sessions, zones, usage, keys, payments. */
export const USER_TABLES = [
  'users',
  'user_sessions',
  'user_tokens',
  'user_usage',
  'user_zones',
  'api_keys',
  'payment_events',
] as const;

/**
 * One string that changes when any row of a user table is added, removed or changed: per table, its row
 * count and an md5 of its rows' text in a stable order.
 */
export async function userDataChecksum(database: Queryable): Promise<string> {
  const columns = USER_TABLES.map(
    (table) =>
      `(SELECT count(*) || ':' || coalesce(md5(string_agg(md5(t::text), '' ORDER BY md5(t::text))), '') FROM ${table} t) AS ${table}`,
  );
  const { rows } = await database.query<Record<string, string>>(`SELECT ${columns.join(', ')}`);
  return USER_TABLES.map((table) => `${table}=${rows[0]?.[table] ?? '?'}`).join(' ');
}
