import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';

const ROOT = import.meta.dirname;
const TEST_FOLDERS = ['src', 'workers', 'server', 'kernel', 'tests', 'bench'];
const EXCLUDE = ['tests/e2e/**', 'node_modules/**'];
const OPENS_A_DATABASE = /support\/(testDatabase|serverProcess)['"]|\bopen(Pglite|PgliteThread|Postgres)\(/;

/**
 * A test file that opens a database (it imports `tests/support/testDatabase`, or calls `openPglite`,
 * `openPgliteThread` or `openPostgres` itself) or runs the real server in a child process
 * (`tests/support/serverProcess`) is an integration test: it runs in the `integration` project, whose global
 * setup prepares the demo databases. Every other test file is a unit test and starts in seconds, without a
 * database.
 */
function integrationTestFiles(): string[] {
  return TEST_FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.test\.tsx?$/.test(path) && !path.includes('node_modules') && !path.startsWith('e2e/'))
      .map((path) => join(folder, path))
      .filter((path) => OPENS_A_DATABASE.test(readFileSync(join(ROOT, path), 'utf8'))),
  ).map((path) => relative(ROOT, join(ROOT, path)));
}

const integrationFiles = integrationTestFiles();

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 600_000,
    pool: 'forks',
    // Integration files spend much of their time waiting on a database: two per core keeps the CPU busy
    // (Vitest's default on a 2-core machine is one file at a time).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: TEST_FOLDERS.map((folder) => `${folder}/**/*.test.{ts,tsx}`),
          exclude: [...EXCLUDE, ...integrationFiles],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: integrationFiles,
          exclude: EXCLUDE,
          globalSetup: ['tests/support/globalSetup.ts'],
          // Whole imports and gazetteer queries on a shared, loaded 2-core machine: a slow test, not a hung one.
          testTimeout: 180_000,
          // Files share their worker so that the PGlite instances of tests/support/testDatabase are reused.
          isolate: false,
        },
      },
    ],
  },
});
