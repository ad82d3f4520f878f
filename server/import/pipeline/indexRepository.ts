import type { Queryable } from '../../db/Database';

/** Drops a plan's indexes before its load (names come from the importers' own definitions). */
export async function dropIndexes(transaction: Queryable, indexes: Readonly<Record<string, string>>): Promise<void> {
  for (const name of Object.keys(indexes)) await transaction.exec(`DROP INDEX IF EXISTS ${name}`);
}

/** Builds a plan's indexes after its load, from their `CREATE INDEX` statements. */
export async function createIndexes(transaction: Queryable, indexes: Readonly<Record<string, string>>): Promise<void> {
  for (const statement of Object.values(indexes)) await transaction.exec(statement);
}

/**
 * Refreshes the query planner's statistics of every table of the current schema. PGlite runs no
 * autovacuum, so without it the planner never learns the sizes and value spreads of the imported tables
 * (zone analyses of all Paris about twice as slow).
 */
export async function analyzeTables(database: Queryable): Promise<number> {
  const { rows } = await database.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
  );
  if (rows.length > 0) await database.exec(`ANALYZE ${rows.map((row) => row.name).join(', ')}`);
  return rows.length;
}
