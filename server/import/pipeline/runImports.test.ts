import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmptyDatabase, testDatabaseKinds } from '../../../tests/support/testDatabase';
import type { Database } from '../../db/Database';
import { listDatasets } from '../../datasets/datasetRepository';
import { adminImporter } from '../sources/admin/adminImporter';
import { runImports } from './runImports';

const FIXTURES = join(import.meta.dirname, '../../../tests/fixtures');
const quiet = { write: () => true, isTTY: false };

function fixtureDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'zonalyse-opendata-'));
  cpSync(join(FIXTURES, 'admin'), join(directory, 'admin'), { recursive: true });
  return directory;
}

describe.each(testDatabaseKinds())('runImports with the admin importer on %s', (kind) => {
  let database: Database;
  const directory = fixtureDirectory();
  const context = { openDataDirectory: directory, departements: ['75'] };
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
  });
  afterAll(() => database.close());

  it('loads régions, départements and communes with COG names, populations and postcodes', async () => {
    const outcomes = await runImports(database, [adminImporter], context, { output: quiet });
    expect(outcomes.map((outcome) => [outcome.source, outcome.status, outcome.rows])).toEqual([
      ['admin-regions', 'loaded', 2],
      ['admin-departements', 'loaded', 2],
      ['admin-communes', 'loaded', 4],
    ]);
    const { rows } = await database.query<{
      code: string;
      name: string;
      kind: string;
      parent_code: string | null;
      region_code: string | null;
      population: number | null;
      postcodes: string[];
      valid: boolean;
      area_km2: number;
    }>(`SELECT code, name, kind, parent_code, region_code, population, postcodes, ST_IsValid(geometry) AS valid, area_km2
        FROM communes ORDER BY code`);
    expect(rows.map((row) => row.code)).toEqual(['75056', '75111', '92012', '92999']);
    const arrondissement = rows.find((row) => row.code === '75111');
    expect(arrondissement).toMatchObject({
      name: 'Paris 11e Arrondissement',
      kind: 'arrondissement-municipal',
      parent_code: '75056',
      region_code: '11',
      postcodes: ['75011'],
    });
    expect(arrondissement?.population).toBeGreaterThan(100_000);
    expect(rows.find((row) => row.code === '92999')).toMatchObject({
      name: 'Commune disparue',
      population: null,
      valid: true,
    });
    expect(rows.every((row) => row.valid && row.area_km2 > 0)).toBe(true);
    const regions = await database.query<{ code: string; name: string }>(
      'SELECT code, name FROM regions ORDER BY code',
    );
    expect(regions.rows).toEqual([
      { code: '01', name: 'Guadeloupe' },
      { code: '11', name: 'Île-de-France' },
    ]);
    // The planner's column statistics exist only once ANALYZE has run.
    const statistics = await database.query<{ columns: number }>(
      `SELECT count(*)::int AS columns FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'communes'`,
    );
    expect(statistics.rows[0]?.columns).toBeGreaterThan(0);
  });

  it('changes nothing on a second run with the same files', async () => {
    const before = await listDatasets(database);
    const outcomes = await runImports(database, [adminImporter], context, { output: quiet });
    expect(outcomes.every((outcome) => outcome.status === 'unchanged')).toBe(true);
    expect(await listDatasets(database)).toEqual(before);
  });

  it('keeps the previous content when a feature of a new file is malformed', async () => {
    const broken = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [2, 48],
                [2.1, 48],
                [2.1, 48.1],
                [2, 48],
              ],
            ],
          },
          properties: { code: '75056', nom: 'Paris' },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [2, 48] },
          properties: { code: '92012', nom: 'Boulogne' },
        },
      ],
    };
    writeFileSync(join(directory, 'admin/communes-france-2018.geojson.gz'), gzipSync(JSON.stringify(broken)));
    await expect(runImports(database, [adminImporter], context, { output: quiet })).rejects.toThrow(
      /communes-france-2018\.geojson\.gz.*colonne « geometry ».*entité n° 2/,
    );
    const { rows } = await database.query<{ count: number }>('SELECT count(*) AS count FROM communes');
    expect(rows[0]?.count).toBe(4);
    const communes = (await listDatasets(database)).find((dataset) => dataset.source === 'admin-communes');
    expect(communes?.rowCount).toBe(4);
  });
});
