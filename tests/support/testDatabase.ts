import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { Database, DatabaseKind } from '../../server/db/Database';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/openPglite';
import { openPostgres } from '../../server/db/openPostgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of a PGlite database with the demo territory imported. */
    demoPgliteTarball: string;
    /** Schema of TEST_DATABASE_URL holding the demo territory ('' when no PostgreSQL). */
    demoPostgresSchema: string;
    openDataDirectory: string;
  }
}

/** The engines the integration suite runs on: PGlite always, PostgreSQL when `TEST_DATABASE_URL` is set. */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgresql'] : ['pglite'];
}

/** The open-data folder the tests read (`OPENDATA_DIR` or `../shared/opendata`). */
export function openDataDirectory(): string {
  return inject('openDataDirectory');
}

/** A new, empty, migrated database: in-memory PGlite, or a fresh schema dropped on close. */
export async function openEmptyDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    const database = await openPglite();
    await migrate(database);
    return database;
  }
  const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const database = await openPostgres({ connectionString: requireUrl(), schema, maxConnections: 4 });
  await migrate(database);
  return withSchemaDropped(database, schema);
}

/**
 * A database holding the demo territory, imported once per run by the global setup. PGlite gets its
 * own in-memory copy (writes stay local); PostgreSQL shares one schema, so tests must not change the
 * demo rows there (use {@link openEmptyDatabase} for writes).
 */
export async function openDemoDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    const tarball = readFileSync(inject('demoPgliteTarball'));
    return openPglite({ loadDataDirectory: new Blob([tarball]) });
  }
  return openPostgres({ connectionString: requireUrl(), schema: inject('demoPostgresSchema'), maxConnections: 4 });
}

function requireUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL absent');
  return url;
}

function withSchemaDropped(database: Database, schema: string): Database {
  return {
    ...database,
    async close() {
      await database.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await database.close();
    },
  };
}
