import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { defaultOpenDataDirectory } from '../../server/config';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/openPostgres';
import { DEMO_DEPARTEMENTS, IMPORTERS } from '../../server/import/pipeline/importers';
import { runImports } from '../../server/import/pipeline/runImports';
import { prepareBlankPglite } from './blankPglite';
import { CACHE_DIRECTORY, demoDatabaseKey, PROJECT_ROOT } from './demoDatabaseCache';

const TSX = join(PROJECT_ROOT, 'node_modules/tsx/dist/cli.mjs');

const quiet = { write: () => true, isTTY: false };

/** The PGlite demo data folder, built (once per key) by `buildDemoPglite.ts` in a child process. */
async function preparePglite(openDataDirectory: string, key: string): Promise<string> {
  const directory = join(CACHE_DIRECTORY, `pglite-demo-${key}`);
  if (existsSync(join(directory, 'PG_VERSION'))) return directory;
  const child = spawn(
    process.execPath,
    [TSX, join(import.meta.dirname, 'buildDemoPglite.ts'), openDataDirectory, key],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  // A run stopped half-way does not leave its builder running.
  const stop = () => child.kill();
  process.once('exit', stop);
  const code = await new Promise<number | string>((done, fail) => {
    child.once('error', fail);
    child.once('exit', (exitCode, signal) => done(exitCode ?? signal ?? 'unknown'));
  }).finally(() => process.off('exit', stop));
  if (code !== 0 || !existsSync(join(directory, 'PG_VERSION')))
    throw new Error(`Préparation de la base PGlite de démonstration en échec (${code})`);
  return directory;
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

/** Removes the demo copies left by test workers that no longer run (see `tests/support/testDatabase.ts`). */
function removeOrphanCopies(): void {
  const copies = join(CACHE_DIRECTORY, 'copies');
  if (!existsSync(copies)) return;
  for (const copy of readdirSync(copies)) {
    if (!processIsAlive(Number.parseInt(copy, 10))) rmSync(join(copies, copy), { recursive: true, force: true });
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The demo databases (PGlite data folder, PostgreSQL schema when `url` is given), imported once per demo key
 * and cached across runs, and the blank PGlite dump the empty test databases start from. Both imports at once: PGlite in a child process, PostgreSQL from this process
 * (mostly waiting on its server). `npm test` calls this while the static checks and unit tests run.
 */
export async function prepareDemoDatabases(
  openDataDirectory: string,
  url: string | undefined,
): Promise<{ pgliteDirectory: string; postgresSchema: string; blankPgliteTarball: string }> {
  const key = demoDatabaseKey(openDataDirectory);
  const release = await buildLock(key);
  try {
    removeOrphanCopies();
    const [pgliteDirectory, postgresSchema, blankPgliteTarball] = await Promise.all([
      preparePglite(openDataDirectory, key),
      url ? preparePostgres(url, openDataDirectory, key) : Promise.resolve(''),
      prepareBlankPglite(),
    ]);
    return { pgliteDirectory, postgresSchema, blankPgliteTarball };
  } finally {
    release();
  }
}

/** The open-data folder of the tests: `OPENDATA_DIR` or `../shared/opendata`. */
export function testOpenDataDirectory(): string {
  const openDataDirectory = process.env.OPENDATA_DIR ? resolve(process.env.OPENDATA_DIR) : defaultOpenDataDirectory();
  if (!openDataDirectory) throw new Error('Données ouvertes introuvables : définissez OPENDATA_DIR');
  return openDataDirectory;
}

/** Imports the demo territory once per run (and caches it across runs) for the integration tests. */
export default async function setup(project: TestProject): Promise<void> {
  const openDataDirectory = testOpenDataDirectory();
  project.provide('openDataDirectory', openDataDirectory);
  const { pgliteDirectory, postgresSchema, blankPgliteTarball } = await prepareDemoDatabases(
    openDataDirectory,
    process.env.TEST_DATABASE_URL,
  );
  project.provide('blankPgliteTarball', blankPgliteTarball);
  project.provide('demoPgliteDirectory', pgliteDirectory);
  project.provide('demoPostgresSchema', postgresSchema);
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
