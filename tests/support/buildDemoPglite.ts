import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/openPglite';
import { DEMO_DEPARTEMENTS, IMPORTERS } from '../../server/import/pipeline/importers';
import { runImports } from '../../server/import/pipeline/runImports';
import { CACHE_DIRECTORY } from './demoDatabaseCache';

/**
 * `tsx tests/support/buildDemoPglite.ts <open-data folder> <demo key>`: the PGlite half of the demo databases,
 * run in a process of its own by the global setup so that PGlite's WebAssembly and the PostgreSQL import's
 * parsing each get a core. Imports the demo territory into a fresh PGlite (unless its tarball is cached),
 * dumps it to `pglite-demo-<key>.tar.gz`, then unpacks that into the data folder the test workers copy.
 */
const quiet = { write: () => true, isTTY: false };

async function buildTarball(openDataDirectory: string, key: string): Promise<string> {
  const tarball = join(CACHE_DIRECTORY, `pglite-demo-${key}.tar.gz`);
  if (existsSync(tarball)) return tarball;
  mkdirSync(CACHE_DIRECTORY, { recursive: true });
  const startedAt = performance.now();
  const database = await openPglite();
  // WAL segments are removed at each checkpoint instead of renamed for later use, and a last checkpoint
  // leaves one: the dump, and each test's copy of the folder, hold the data without ≈ 900 MB of spent WAL.
  await database.exec('SET wal_recycle = off');
  await migrate(database);
  await runImports(database, IMPORTERS, { openDataDirectory, departements: DEMO_DEPARTEMENTS }, { output: quiet });
  await database.exec('CHECKPOINT');
  const dump = await database.pglite.dumpDataDir('gzip');
  await database.close();
  writeFileSync(`${tarball}.part`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${tarball}.part`, tarball);
  console.log(
    `[globalSetup] base PGlite de démonstration prête en ${((performance.now() - startedAt) / 1000).toFixed(0)} s`,
  );
  return tarball;
}

async function unpack(tarball: string): Promise<string> {
  const directory = tarball.replace(/\.tar\.gz$/, '');
  if (existsSync(join(directory, 'PG_VERSION'))) return directory;
  const partial = `${directory}.part`;
  rmSync(partial, { recursive: true, force: true });
  const database = await openPglite({ dataDirectory: partial, loadDataDirectory: new Blob([readFileSync(tarball)]) });
  await database.close();
  renameSync(partial, directory);
  return directory;
}

const [openDataDirectory, key] = process.argv.slice(2);
if (!openDataDirectory || !key) throw new Error('usage : buildDemoPglite.ts <dossier des données ouvertes> <clé>');
await unpack(await buildTarball(openDataDirectory, key));
