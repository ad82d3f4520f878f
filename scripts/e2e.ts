import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultOpenDataDirectory } from '../server/config';
import { openPglite } from '../server/db/openPglite';
import { CACHE_DIRECTORY, demoDatabaseKey } from '../tests/support/demoDatabaseCache';
import { buildClientIfNeeded } from './clientBuild';

/**
 * `npm run test:e2e`: builds the client, starts the server on an embedded database holding the demo
 * territory (seeded from the integration suite's cached import when there is one), runs the
 * Playwright journeys in Debian Chromium, then stops the server.
 */
const ROOT = resolve(import.meta.dirname, '..');
const PORT = process.env.E2E_PORT ?? '3100';
const DATA_DIRECTORY = join(ROOT, '.data-e2e');

async function seedDataDirectory(openDataDirectory: string): Promise<void> {
  const tarball = join(CACHE_DIRECTORY, `pglite-demo-${demoDatabaseKey(openDataDirectory)}.tar.gz`);
  const marker = join(DATA_DIRECTORY, 'zonalyse-seed');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === tarball) return;
  rmSync(DATA_DIRECTORY, { recursive: true, force: true });
  if (!existsSync(tarball)) return; // the server imports on first start
  console.log(`Base e2e initialisée depuis ${tarball}`);
  const database = await openPglite({
    dataDirectory: DATA_DIRECTORY,
    loadDataDirectory: new Blob([readFileSync(tarball)]),
  });
  await database.close();
  const { writeFileSync } = await import('node:fs');
  writeFileSync(marker, tarball);
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

async function main(): Promise<number> {
  buildClientIfNeeded();
  const openDataDirectory = process.env.OPENDATA_DIR ? resolve(process.env.OPENDATA_DIR) : defaultOpenDataDirectory();
  if (!openDataDirectory) throw new Error('Données ouvertes introuvables : définissez OPENDATA_DIR');
  await seedDataDirectory(openDataDirectory);
  const server = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT,
      HOST: '127.0.0.1',
      DATA_DIR: DATA_DIRECTORY,
      DATABASE_URL: '',
      OPENDATA_DIR: openDataDirectory,
      LOG_LEVEL: 'warn',
      // Journeys run without accounts: an anonymous visitor may keep several zones here (spec default 1).
      ANONYMOUS_ZONE_LIMIT: process.env.ANONYMOUS_ZONE_LIMIT ?? '100',
      // The local mail catcher on any free port: several servers may run on one machine.
      MAIL_CATCHER_PORT: '0',
    },
  });
  try {
    await waitForHealth(`http://127.0.0.1:${PORT}/api/health`, server, 900_000);
    const result = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, E2E_BASE_URL: `http://127.0.0.1:${PORT}` },
      },
    );
    return result.status ?? 1;
  } finally {
    server.kill('SIGTERM');
  }
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
