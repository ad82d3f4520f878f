import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');
/** Where the prepared demo databases are kept across runs (`TEST_DATABASE_CACHE` moves it, e.g. to time a cold start). */
export const CACHE_DIRECTORY = process.env.TEST_DATABASE_CACHE
  ? resolve(process.env.TEST_DATABASE_CACHE)
  : join(PROJECT_ROOT, '.cache', 'test-databases');

function listFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return entry.name.endsWith('.test.ts') ? [] : [path];
  });
}

/**
 * Identity of the demo database: migrations, importer code (and the shared core it uses) and the open-data
 * files (name and size).
 * When any changes, the cached demo database is rebuilt.
 */
export function demoDatabaseKey(openDataDirectory: string): string {
  const hash = createHash('sha256');
  const sources = [
    ...listFiles(join(PROJECT_ROOT, 'server/db/migrations')),
    ...listFiles(join(PROJECT_ROOT, 'server/import')),
    join(PROJECT_ROOT, 'server/visualizations/mapAreasRepository.ts'),
    join(PROJECT_ROOT, 'server/datasets/datasetRepository.ts'),
    ...['territory', 'demographics'].flatMap((folder) => listFiles(join(PROJECT_ROOT, 'kernel', folder))),
  ];
  for (const path of sources.sort()) hash.update(relative(PROJECT_ROOT, path)).update(readFileSync(path));
  for (const path of listFiles(openDataDirectory).sort()) {
    hash.update(relative(openDataDirectory, path)).update(String(statSync(path).size));
  }
  return hash.digest('hex').slice(0, 12);
}
