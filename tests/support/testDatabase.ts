import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { Database, DatabaseKind, Queryable } from '../../server/db/Database';
import { migrate } from '../../server/db/migrate';
import { openPglite, type PgliteDatabase } from '../../server/db/openPglite';
import { openPostgres } from '../../server/db/openPostgres';
import { openBlankPglite } from './blankPglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Dump of a new PGlite with its extensions, the start of every empty PGlite test database. */
    blankPgliteTarball: string;
    /** Data folder of a PGlite database with the demo territory imported (copied, never opened in place). */
    demoPgliteDirectory: string;
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

/**
 * The blank dump as `openPgliteThread`'s `loadDataDirectory`: a new database started from it skips `initdb`
 * and the PostGIS install (≈ 20 CPU-seconds), for tests whose subject starts once the database exists.
 */
export function blankPgliteDump(): { loadDataDirectory: Uint8Array } {
  return { loadDataDirectory: new Uint8Array(readFileSync(inject('blankPgliteTarball'))) };
}

/**
 * Makes `directory` a database folder started from the blank dump, as a first start leaves it (PostGIS
 * created, nothing migrated), for tests of what happens to an existing folder.
 */
export async function createBlankDataDirectory(directory: string): Promise<void> {
  const dump = new Blob([readFileSync(inject('blankPgliteTarball'))]);
  const database = await openPglite({ dataDirectory: directory, loadDataDirectory: dump });
  await database.close();
}

/** A new, empty, migrated database: a fresh schema (of a PGlite instance or of PostgreSQL) dropped on close. */
export async function openEmptyDatabase(kind: DatabaseKind): Promise<Database> {
  const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  if (kind === 'pglite') return openScratchSchema(schema);
  const database = await openPostgres({ connectionString: requireUrl(), schema, maxConnections: 4 });
  await migrate(database);
  return withSchemaDropped(database, schema);
}

/**
 * Starting PGlite with PostGIS costs seconds of WebAssembly compilation (a new empty instance starts from the
 * blank dump, so it skips `initdb` and the PostGIS install), so each test worker keeps its PGlite instances
 * and lends them out (the integration project runs its files in shared workers): an empty
 * database is a fresh schema of an idle scratch instance, dropped on close; the demo database is an idle
 * instance on a copy of the demo data folder, taken back on close only if nothing was written to it.
 */
const idleScratchInstances: PgliteDatabase[] = [];
const idleDemoInstances: PgliteDatabase[] = [];

async function openScratchSchema(schema: string): Promise<Database> {
  const instance = idleScratchInstances.pop() ?? (await openBlankPglite(inject('blankPgliteTarball')));
  await instance.exec(`CREATE SCHEMA "${schema}"; SET search_path TO "${schema}", public`);
  await migrate(instance);
  return {
    ...instance,
    async close() {
      await instance.exec(`DROP SCHEMA "${schema}" CASCADE; SET search_path TO public`);
      idleScratchInstances.push(instance);
    },
  };
}

/** The last transaction id handed out; a write between two readings moves it by more than one. */
async function transactionCounter(instance: PgliteDatabase): Promise<bigint> {
  const { rows } = await instance.query<{ id: string }>('SELECT pg_current_xact_id()::text AS id');
  return BigInt(rows[0]?.id ?? '0');
}

/** Folders holding this worker's copies of the demo database, removed when the worker exits. */
const demoCopies = new Map<PgliteDatabase, string>();
process.once('exit', () => {
  for (const directory of demoCopies.values()) rmSync(directory, { recursive: true, force: true });
});

/**
 * A PGlite instance on a private copy of the demo data folder: on disk, so that the operating system's page
 * cache rather than the worker's memory holds its gigabyte.
 */
async function openDemoCopy(): Promise<PgliteDatabase> {
  const template = inject('demoPgliteDirectory');
  const directory = join(dirname(template), 'copies', `${process.pid}-${randomUUID().slice(0, 8)}`);
  cpSync(template, directory, { recursive: true });
  const instance = await openPglite({ dataDirectory: directory });
  demoCopies.set(instance, directory);
  return instance;
}

async function discardDemoCopy(instance: PgliteDatabase): Promise<void> {
  await instance.close();
  rmSync(demoCopies.get(instance) ?? '', { recursive: true, force: true });
  demoCopies.delete(instance);
}

async function lendDemoInstance(): Promise<Database> {
  const instance = idleDemoInstances.pop() ?? (await openDemoCopy());
  const before = await transactionCounter(instance);
  return {
    ...instance,
    async close() {
      const untouched = (await transactionCounter(instance)) === before + 1n;
      if (untouched) idleDemoInstances.push(instance);
      else await discardDemoCopy(instance);
    },
  };
}

/**
 * A database holding the demo territory, imported once by the global setup. On PGlite a test that writes
 * to it gets its own copy (the instance is dropped afterwards); PostgreSQL shares one schema, so tests must
 * not change the demo rows there (use {@link openEmptyDatabase} for writes).
 */
export async function openDemoDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return lendDemoInstance();
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
      await dropSchemas(database, [schema]);
      await database.close();
    },
  };
}

/**
 * Drops test schemas. Test files drop their schemas concurrently on one PostgreSQL database, and two
 * `DROP SCHEMA … CASCADE` locking shared catalogue entries can deadlock: PostgreSQL then aborts one of
 * them, which is simply tried again.
 */
export async function dropSchemas(database: Queryable, schemas: readonly string[]): Promise<void> {
  const statement = schemas.map((schema) => `DROP SCHEMA IF EXISTS "${schema}" CASCADE`).join('; ');
  for (let attempt = 1; ; attempt += 1) {
    try {
      await database.exec(statement);
      return;
    } catch (error) {
      const deadlock = (error as { code?: string }).code === '40P01';
      if (!deadlock || attempt === 5) throw error;
    }
  }
}
