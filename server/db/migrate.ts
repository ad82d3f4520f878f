import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './Database';

export const MIGRATIONS_DIRECTORY = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Migration {
  version: string;
  sql: string;
}

/** The `NNNN_name.sql` files of the migrations folder, in order. */
export function readMigrations(directory = MIGRATIONS_DIRECTORY): Migration[] {
  return readdirSync(directory)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: file.replace(/\.sql$/, ''), sql: readFileSync(join(directory, file), 'utf8') }));
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction.
 * Returns the versions applied.
 */
export async function migrate(database: Database, migrations = readMigrations()): Promise<string[]> {
  await database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const { rows } = await database.query<{ version: string }>('SELECT version FROM schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  const done: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    await database.transaction(async (transaction) => {
      await transaction.exec(migration.sql);
      await transaction.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
    });
    done.push(migration.version);
  }
  return done;
}
