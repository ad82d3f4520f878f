import type { Queryable } from '../db/Database';

/** The stored build of map_areas: the datasets key it was computed from and when. */
export interface MapAreaBuild {
  datasetsKey: string;
  builtAt: string;
}

export async function selectMapAreaBuild(database: Queryable): Promise<MapAreaBuild | undefined> {
  const { rows } = await database.query<{ datasets_key: string; built_at: Date }>(
    'SELECT datasets_key, built_at FROM map_area_builds WHERE id = 1',
  );
  const row = rows[0];
  return row ? { datasetsKey: row.datasets_key, builtAt: row.built_at.toISOString() } : undefined;
}

/** Serialises rebuilds across processes sharing one PostgreSQL (held until the transaction ends). */
export async function lockMapAreaBuild(transaction: Queryable): Promise<void> {
  await transaction.query('SELECT pg_advisory_xact_lock(20300)');
}
