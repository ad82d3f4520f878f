import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { defaultOpenDataDirectory } from '../server/config';
import { openPglite } from '../server/db/openPglite';
import { CACHE_DIRECTORY, demoDatabaseKey } from '../tests/support/demoDatabaseCache';
import { preparePostgres } from '../tests/support/globalSetup';
import { buildClientIfNeeded } from './clientBuild';

/**
 * `npm run test:e2e`: builds the client, then runs the Playwright journeys in Debian Chromium against the real
 * server on the demo territory, in two passes:
 * - every journey on the embedded database (PGlite, seeded from the integration suite's cached import);
 * - with `TEST_DATABASE_URL`, the data journeys again on PostgreSQL: a copy of that database (whose demo schema
 *   the integration suite imported, or this runner imports), dropped afterwards.
 * `E2E_DATABASES=pglite` or `=postgresql` runs one pass only. Arguments go to Playwright; spec files given
 * restrict both passes (the PostgreSQL pass to the data journeys among them).
 */
const ROOT = resolve(import.meta.dirname, '..');
const PORT = process.env.E2E_PORT ?? '3100';

/** The journeys reading the demo data through the database (the shell, account and map-style ones do not). */
const DATA_JOURNEYS = [
  'demographics',
  'real-estate',
  'businesses',
  'public-services',
  'perimeter-zones',
  'export',
  'market',
].map((name) => `tests/e2e/${name}.spec.ts`);

async function seedPgliteDirectory(dataDirectory: string, openDataDirectory: string): Promise<void> {
  const tarball = join(CACHE_DIRECTORY, `pglite-demo-${demoDatabaseKey(openDataDirectory)}.tar.gz`);
  const marker = join(dataDirectory, 'zonalyse-seed');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === tarball) return;
  rmSync(dataDirectory, { recursive: true, force: true });
  if (!existsSync(tarball)) return; // the server imports on first start
  console.log(`Base e2e initialisée depuis ${tarball}`);
  const database = await openPglite({ dataDirectory, loadDataDirectory: new Blob([readFileSync(tarball)]) });
  await database.close();
  writeFileSync(marker, tarball);
}

/**
 * A database for the PostgreSQL pass: a file copy of `TEST_DATABASE_URL`'s database (which must have no other
 * session), whose `search_path` starts with the demo schema, so that the server finds the demo territory
 * and writes the journeys' accounts and zones there, not into the integration suite's schema.
 */
async function copyPostgresDemo(
  url: string,
  openDataDirectory: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = await preparePostgres(url, openDataDirectory, demoDatabaseKey(openDataDirectory));
  const source = new URL(url);
  const sourceName = decodeURIComponent(source.pathname.slice(1));
  const copyName = `${sourceName}_e2e`;
  source.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: source.toString() });
  await admin.connect();
  try {
    const startedAt = performance.now();
    await admin.query(`DROP DATABASE IF EXISTS "${copyName}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${copyName}" TEMPLATE "${sourceName}" STRATEGY FILE_COPY`);
    await admin.query(`ALTER DATABASE "${copyName}" SET search_path TO "${schema}", public`);
    console.log(
      `Base e2e PostgreSQL ${copyName} copiée de ${sourceName} (schéma ${schema}) en ${((performance.now() - startedAt) / 1000).toFixed(0)} s`,
    );
  } finally {
    await admin.end();
  }
  const copy = new URL(url);
  copy.pathname = `/${copyName}`;
  return {
    url: copy.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: source.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${copyName}" WITH (FORCE)`).finally(() => client.end());
    },
  };
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Le serveur s’est arrêté (code ${server.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Le serveur n’a pas répondu sur ${url} en ${timeoutMs / 1000} s`);
}

/** Starts the server on `databaseUrl` ('' = PGlite in `dataDirectory`), runs Playwright, stops the server. */
async function runPass(
  label: string,
  databaseUrl: string,
  dataDirectory: string,
  openDataDirectory: string,
  playwrightArguments: string[],
): Promise<number> {
  console.log(`\n▶ Parcours e2e sur ${label}`);
  const startedAt = performance.now();
  const server = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT,
      HOST: '127.0.0.1',
      DATA_DIR: dataDirectory,
      DATABASE_URL: databaseUrl,
      OPENDATA_DIR: openDataDirectory,
      LOG_LEVEL: 'warn',
      // Journeys run without accounts: an anonymous visitor may keep several zones here (spec default 1).
      ANONYMOUS_ZONE_LIMIT: process.env.ANONYMOUS_ZONE_LIMIT ?? '100',
      // The local mail catcher on any free port: several servers may run on one machine.
      MAIL_CATCHER_PORT: '0',
    },
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  try {
    await waitForHealth(`http://127.0.0.1:${PORT}/api/health`, server, 900_000);
    const result = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', ...playwrightArguments],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, E2E_BASE_URL: `http://127.0.0.1:${PORT}`, E2E_DATABASE: label },
      },
    );
    return result.status ?? 1;
  } finally {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    console.log(`■ Parcours e2e sur ${label} : ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
  }
}

/** The PostgreSQL pass's arguments: the data journeys among the spec files given (all of them if none). */
function postgresArguments(given: string[]): string[] {
  const isSpec = (argument: string) => argument.endsWith('.spec.ts');
  const specs = given.filter(isSpec);
  const options = given.filter((argument) => !isSpec(argument));
  if (specs.length === 0) return [...options, ...DATA_JOURNEYS];
  const chosen = DATA_JOURNEYS.filter((journey) =>
    specs.some((spec) => resolve(ROOT, spec) === resolve(ROOT, journey)),
  );
  return chosen.length > 0 ? [...options, ...chosen] : [];
}

async function main(): Promise<number> {
  buildClientIfNeeded();
  const openDataDirectory = process.env.OPENDATA_DIR ? resolve(process.env.OPENDATA_DIR) : defaultOpenDataDirectory();
  if (!openDataDirectory) throw new Error('Données ouvertes introuvables : définissez OPENDATA_DIR');
  const postgresUrl = process.env.TEST_DATABASE_URL ?? '';
  const databases = (process.env.E2E_DATABASES ?? (postgresUrl ? 'pglite,postgresql' : 'pglite')).split(',');
  const given = process.argv.slice(2);
  let status = 0;

  if (databases.includes('pglite')) {
    const dataDirectory = join(ROOT, '.data-e2e');
    await seedPgliteDirectory(dataDirectory, openDataDirectory);
    const code = await runPass('PGlite', '', dataDirectory, openDataDirectory, given);
    status ||= code;
  }
  const postgresPass = postgresArguments(given);
  if (databases.includes('postgresql') && postgresPass.length > 0) {
    if (!postgresUrl) throw new Error('E2E_DATABASES=postgresql demande TEST_DATABASE_URL');
    const copy = await copyPostgresDemo(postgresUrl, openDataDirectory);
    const dataDirectory = join(ROOT, '.data-e2e-postgresql');
    rmSync(dataDirectory, { recursive: true, force: true });
    try {
      const code = await runPass('PostgreSQL', copy.url, dataDirectory, openDataDirectory, postgresPass);
      status ||= code;
    } finally {
      await copy.drop();
    }
  }
  return status;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
