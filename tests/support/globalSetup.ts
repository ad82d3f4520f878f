import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { defaultOpenDataDirectory } from '../../server/config';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/openPglite';
import { openPostgres } from '../../server/db/openPostgres';
import { DEMO_DEPARTEMENTS, IMPORTERS } from '../../server/import/pipeline/importers';
import { runImports } from '../../server/import/pipeline/runImports';
import { CACHE_DIRECTORY, demoDatabaseKey } from './demoDatabaseCache';

const quiet = { write: () => true, isTTY: false };

async function preparePglite(openDataDirectory: string, key: string): Promise<string> {
  const tarball = join(CACHE_DIRECTORY, `pglite-demo-${key}.tar.gz`);
  if (existsSync(tarball)) return tarball;
  mkdirSync(CACHE_DIRECTORY, { recursive: true });
  const startedAt = performance.now();
  const database = await openPglite();
  await migrate(database);
  await runImports(database, IMPORTERS, { openDataDirectory, departements: DEMO_DEPARTEMENTS }, { output: quiet });
  const dump = await database.pglite.dumpDataDir('gzip');
  await database.close();
  writeFileSync(`${tarball}.part`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${tarball}.part`, tarball);
  console.log(
    `[globalSetup] base PGlite de démonstration prête en ${((performance.now() - startedAt) / 1000).toFixed(0)} s`,
  );
  return tarball;
}

/** The schema of `url` holding the demo territory (`demo_<key>`), imported on first use (also by the e2e runner). */
export async function preparePostgres(url: string, openDataDirectory: string, key: string): Promise<string> {
  const schema = `demo_${key}`;
  const database = await openPostgres({ connectionString: url, schema, maxConnections: 2 });
  try {
    const { rows } = await database.query<{ ready: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS ready`, [
      `${schema}.demo_ready`,
    ]);
    if (rows[0]?.ready) return schema;
    const startedAt = performance.now();
    await migrate(database);
    await runImports(database, IMPORTERS, { openDataDirectory, departements: DEMO_DEPARTEMENTS }, { output: quiet });
    await database.exec(`CREATE TABLE "${schema}".demo_ready (done boolean)`);
    console.log(
      `[globalSetup] schéma PostgreSQL ${schema} prêt en ${((performance.now() - startedAt) / 1000).toFixed(0)} s`,
    );
    return schema;
  } finally {
    await database.close();
  }
}

/**
 * The demo tarball unpacked into a PGlite data folder, which each test worker copies (see
 * `tests/support/testDatabase.ts`). Copies left by workers that no longer run are removed.
 */
async function preparePgliteDirectory(tarball: string): Promise<string> {
  const directory = tarball.replace(/\.tar\.gz$/, '');
  const copies = join(CACHE_DIRECTORY, 'copies');
  if (existsSync(copies)) {
    for (const copy of readdirSync(copies)) {
      if (!processIsAlive(Number.parseInt(copy, 10))) rmSync(join(copies, copy), { recursive: true, force: true });
    }
  }
  if (existsSync(join(directory, 'PG_VERSION'))) return directory;
  const partial = `${directory}.part`;
  rmSync(partial, { recursive: true, force: true });
  const database = await openPglite({ dataDirectory: partial, loadDataDirectory: new Blob([readFileSync(tarball)]) });
  await database.close();
  renameSync(partial, directory);
  return directory;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Imports the demo territory once per run (and caches it across runs) for the integration tests. */
export default async function setup(project: TestProject): Promise<void> {
  const openDataDirectory = process.env.OPENDATA_DIR ? resolve(process.env.OPENDATA_DIR) : defaultOpenDataDirectory();
  if (!openDataDirectory) throw new Error('Données ouvertes introuvables : définissez OPENDATA_DIR');
  const key = demoDatabaseKey(openDataDirectory);
  project.provide('openDataDirectory', openDataDirectory);
  const url = process.env.TEST_DATABASE_URL;
  const release = await buildLock(key);
  try {
    // Both imports at once: PGlite works in this process, PostgreSQL mostly in its own server process.
    const [pgliteDirectory, postgresSchema] = await Promise.all([
      preparePglite(openDataDirectory, key).then(preparePgliteDirectory),
      url ? preparePostgres(url, openDataDirectory, key) : Promise.resolve(''),
    ]);
    project.provide('demoPgliteDirectory', pgliteDirectory);
    project.provide('demoPostgresSchema', postgresSchema);
  } finally {
    release();
  }
}

/**
 * One builder per demo key across the test runs of this machine (checkouts share the cache): a run that
 * finds the lock of a live process waits for it, then finds the databases ready.
 */
async function buildLock(key: string): Promise<() => void> {
  mkdirSync(CACHE_DIRECTORY, { recursive: true });
  const lock = join(CACHE_DIRECTORY, `build-${key}.lock`);
  let announced = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSyncOrEmpty(join(lock, 'pid')), 10);
      if (Number.isFinite(owner) && !processIsAlive(owner)) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (!announced)
        console.log(`[globalSetup] une autre exécution (pid ${owner}) prépare la base de démonstration : attente…`);
      announced = true;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}

function readFileSyncOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
