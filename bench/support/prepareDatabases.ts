import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/openPglite';
import { openPostgres } from '../../server/db/openPostgres';
import { DEMO_DEPARTEMENTS, IMPORTERS } from '../../server/import/pipeline/importers';
import { runImports } from '../../server/import/pipeline/runImports';
import { CACHE_DIRECTORY, demoDatabaseKey } from '../../tests/support/demoDatabaseCache';

const quiet = { write: () => true, isTTY: false };

/** An embedded database folder with the demo territory, from the test cache or a fresh import. */
export async function preparePgliteDirectory(directory: string, openDataDirectory: string): Promise<void> {
  const key = demoDatabaseKey(openDataDirectory);
  const marker = join(directory, 'zonalyse-bench-key');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === key) return;
  rmSync(directory, { recursive: true, force: true });
  const tarball = join(CACHE_DIRECTORY, `pglite-demo-${key}.tar.gz`);
  const database = await openPglite({
    dataDirectory: directory,
    ...(existsSync(tarball) ? { loadDataDirectory: new Blob([readFileSync(tarball)]) } : {}),
  });
  await migrate(database);
  await runImports(database, IMPORTERS, { openDataDirectory, departements: DEMO_DEPARTEMENTS }, { output: quiet });
  await database.close();
  writeFileSync(marker, key);
}

/** Creates the PostgreSQL benchmark database if missing and imports the demo territory into it. */
export async function preparePostgresDatabase(url: string, openDataDirectory: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const database = await openPostgres({ connectionString: url });
  try {
    await migrate(database);
    await runImports(database, IMPORTERS, { openDataDirectory, departements: DEMO_DEPARTEMENTS }, { output: quiet });
  } finally {
    await database.close();
  }
}
