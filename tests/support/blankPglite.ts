import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPglite, type PgliteDatabase } from '../../server/db/openPglite';
import { CACHE_DIRECTORY, PROJECT_ROOT } from './demoDatabaseCache';

/** What a blank PGlite depends on: the PGlite packages and how `openPglite` starts them. */
function blankPgliteKey(): string {
  const hash = createHash('sha256');
  for (const path of [
    'node_modules/@electric-sql/pglite/package.json',
    'node_modules/@electric-sql/pglite-postgis/package.json',
    'server/db/openPglite.ts',
    'server/db/Database.ts',
    'server/db/postgisBundle.ts',
  ]) {
    hash.update(path).update(readFileSync(join(PROJECT_ROOT, path)));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * A dump of a new in-memory PGlite with its extensions created, made once per key and cached across runs:
 * starting PGlite from it skips `initdb` and the PostGIS install script, about two thirds of the CPU a new
 * instance costs (≈ 10 CPU-seconds instead of ≈ 33).
 */
export async function prepareBlankPglite(): Promise<string> {
  const tarball = join(CACHE_DIRECTORY, `pglite-blank-${blankPgliteKey()}.tar`);
  if (existsSync(tarball)) return tarball;
  mkdirSync(CACHE_DIRECTORY, { recursive: true });
  const database = await openPglite();
  const dump = await database.pglite.dumpDataDir('none');
  await database.close();
  const partial = `${tarball}.${process.pid}.part`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, tarball);
  return tarball;
}

/** A new in-memory PGlite, started from the blank dump of {@link prepareBlankPglite}. */
export function openBlankPglite(tarball: string): Promise<PgliteDatabase> {
  return openPglite({ loadDataDirectory: new Blob([readFileSync(tarball)]) });
}
