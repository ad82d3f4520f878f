import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Server layering: SQL lives in repository files only (`*Repository.ts`), besides the migrations and their
 * runner (`server/db/migrate.ts`) and tests. Services, routes and importers call repository functions.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const SQL_STATEMENT = /\b(SELECT|INSERT INTO|UPDATE [a-z_]+ SET|DELETE FROM|CREATE TABLE)\b/;
const ALLOWED = /(\.test\.ts$|\/migrations\/|Repository\.ts$|^server\/db\/migrate\.ts$)/;

function serverFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return /\.ts$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

function filesWithSql(files: readonly string[], read: (path: string) => string): string[] {
  return files.filter((path) => !ALLOWED.test(path) && SQL_STATEMENT.test(read(path)));
}

describe('SQL placement', () => {
  it('finds SQL in no server file but repositories, migrations and tests', () => {
    const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
    expect(filesWithSql(serverFiles(join(ROOT, 'server')), read)).toEqual([]);
  });

  it('flags a service holding a query, and lets its repository hold it', () => {
    const query = "await database.query('DELETE FROM zones WHERE id = $1', [id]);";
    const files = ['server/zones/ZonesService.ts', 'server/zones/zonesRepository.ts', 'server/zones/a.test.ts'];
    expect(filesWithSql(files, () => query)).toEqual(['server/zones/ZonesService.ts']);
  });
});
