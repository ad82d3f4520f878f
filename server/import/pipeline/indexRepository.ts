import type { Queryable } from '../../db/Database';

/** Drops a plan's indexes before its load (names come from the importers' own definitions). */
export async function dropIndexes(transaction: Queryable, indexes: Readonly<Record<string, string>>): Promise<void> {
  for (const name of Object.keys(indexes)) await transaction.exec(`DROP INDEX IF EXISTS ${name}`);
}

/** Builds a plan's indexes after its load, from their `CREATE INDEX` statements. */
export async function createIndexes(transaction: Queryable, indexes: Readonly<Record<string, string>>): Promise<void> {
  for (const statement of Object.values(indexes)) await transaction.exec(statement);
}
