import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openDataDirectory,
  openDemoDatabase,
  openEmptyDatabase,
  testDatabaseKinds,
} from '../../../../tests/support/testDatabase';
import type { Database } from '../../../db/Database';
import { irisImporter } from '../iris/irisImporter';
import { runImports } from '../../pipeline/runImports';
import { banAddressLabel, cityOfCommuneName } from './banAddressLabel';
import { banImporter, findBanFiles } from './banImporter';

const quiet = { write: () => true, isTTY: false };
const FIXTURE = resolve(import.meta.dirname, '../../../../tests/fixtures/ban/adresses-75.csv');

describe('BAN address label', () => {
  it('writes number, repetition index, street, postcode and the city without its arrondissement', () => {
    expect(cityOfCommuneName('Paris 4e Arrondissement')).toBe('Paris');
    expect(cityOfCommuneName('Marseille 1er Arrondissement')).toBe('Marseille');
    expect(cityOfCommuneName('Entzheim')).toBe('Entzheim');
    expect(
      banAddressLabel({
        numero: 35,
        rep: 'b',
        nomVoie: 'Passage du Bureau',
        codePostal: '75011',
        nomCommune: 'Paris 11e Arrondissement',
      }),
    ).toBe('35 b Passage du Bureau 75011 Paris');
    expect(
      banAddressLabel({ numero: null, rep: null, nomVoie: 'Lieu-dit', codePostal: null, nomCommune: 'Entzheim' }),
    ).toBe('Lieu-dit Entzheim');
  });

  it('finds the Paris file of the open-data folder', () => {
    expect(findBanFiles(openDataDirectory()).map((file) => [file.departement, file.vintage])).toEqual([['75', '2024']]);
  });
});

describe.each(testDatabaseKinds())('BAN importer on %s', (kind) => {
  describe('demo database', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDemoDatabase(kind);
    });
    afterAll(() => database.close());

    it('holds every address of the raw file, per arrondissement', async () => {
      // Counted from the raw file: the BAN CSV has no quoted field, so a plain split is exact.
      const text = gunzipSync(readFileSync(join(openDataDirectory(), 'ban/adresses-75.csv.gz'))).toString('utf8');
      const lines = text.split('\n').filter((line) => line.length > 0);
      const communeColumn = (lines[0] ?? '').split(';').indexOf('code_insee');
      const expected = new Map<string, number>();
      for (const line of lines.slice(1)) {
        const commune = line.split(';')[communeColumn] ?? '';
        expected.set(commune, (expected.get(commune) ?? 0) + 1);
      }
      expect(lines.length - 1).toBe(158_048);
      const { rows } = await database.query<{ code_insee: string; count: number }>(
        `SELECT code_insee, count(*)::int AS count FROM ban_addresses WHERE departement_code = '75'
         GROUP BY code_insee ORDER BY code_insee`,
      );
      expect(new Map(rows.map((row) => [row.code_insee, row.count]))).toEqual(expected);
      expect(expected.get('75103')).toBe(3_117);
      expect(expected.get('75115')).toBe(14_165);
      const dataset = await database.query<{ row_count: number; vintage: string }>(
        `SELECT row_count, vintage FROM datasets WHERE source = 'ban' AND territory = '75'`,
      );
      expect(dataset.rows).toEqual([{ row_count: 158_048, vintage: '2024' }]);
    });

    it('stores the label, the unaccented search text and the IRIS of each point', async () => {
      const { rows } = await database.query<{
        id: string;
        label: string;
        search_text: string;
        iris_code: string;
        longitude: number;
      }>(
        `SELECT id, label, search_text, iris_code, ST_X(geometry) AS longitude FROM ban_addresses
         WHERE id IN ('75104_8249_00012', '75108_3518_00055') ORDER BY id`,
      );
      expect(rows).toEqual([
        {
          id: '75104_8249_00012',
          label: '12 Rue de Rivoli 75004 Paris',
          search_text: '12 rue de rivoli 75004 paris',
          iris_code: expect.stringMatching(/^75104\d{4}$/) as string,
          longitude: 2.35995,
        },
        {
          id: '75108_3518_00055',
          label: '55 Rue du Faubourg Saint-Honoré 75008 Paris',
          search_text: '55 rue du faubourg saint-honore 75008 paris',
          iris_code: expect.stringMatching(/^75108\d{4}$/) as string,
          longitude: expect.closeTo(2.316, 2) as number,
        },
      ]);
      const { rows: summary } = await database.query<{ without: number; other_commune: number }>(
        `SELECT count(*) FILTER (WHERE iris_code IS NULL)::int AS without,
           count(*) FILTER (WHERE left(iris_code, 5) <> code_insee)::int AS other_commune
         FROM ban_addresses WHERE departement_code = '75'`,
      );
      // Points just outside the simplified contours of their arrondissement get its nearest IRIS.
      expect(summary[0]).toEqual({ without: 0, other_commune: 0 });
    });

    it('builds the gazetteer indexes and finds an address by its unaccented text', async () => {
      const { rows } = await database.query<{ indexdef: string }>(
        `SELECT indexdef FROM pg_indexes WHERE tablename = 'ban_addresses' ORDER BY indexname`,
      );
      const definitions = rows.map((row) => row.indexdef).join('\n');
      expect(definitions).toMatch(/USING gist \(geometry\)/);
      expect(definitions).toMatch(/USING gin \(search_text gin_trgm_ops\)/);
      expect(definitions).toMatch(/\(code_insee\)/);
      const found = await database.query<{ label: string }>(
        `SELECT label FROM ban_addresses WHERE search_text LIKE $1 ORDER BY label LIMIT 1`,
        ['55 rue du faubourg saint-honore%'],
      );
      expect(found.rows[0]?.label).toBe('55 Rue du Faubourg Saint-Honoré 75008 Paris');
    });
  });

  describe('fixture', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openEmptyDatabase(kind);
    });
    afterAll(() => database.close());

    it('loads, skips an unchanged re-run, fails with file:line and keeps the previous rows', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'zonalyse-ban-'));
      mkdirSync(join(directory, 'ban'));
      mkdirSync(join(directory, 'iris'));
      cpSync(join(openDataDirectory(), 'iris/iris-75-paris.geojson'), join(directory, 'iris/iris-75-paris.geojson'));
      const copy = join(directory, 'ban/adresses-75.csv');
      cpSync(FIXTURE, copy);
      const context = { openDataDirectory: directory, departements: ['75'] };
      const first = await runImports(database, [irisImporter, banImporter], context, { output: quiet });
      const lines = readFileSync(copy, 'utf8').trimEnd().split('\n');
      expect(first.map((outcome) => [outcome.source, outcome.status, outcome.rows])).toEqual([
        ['iris', 'loaded', 992],
        ['ban', 'loaded', lines.length - 1],
      ]);
      const again = await runImports(database, [banImporter], context, { output: quiet });
      expect(again.map((outcome) => outcome.status)).toEqual(['unchanged']);
      // Route des Pelouses Marigny (bois de Vincennes) lies outside the simplified contours: nearest IRIS of 75112.
      const { rows } = await database.query<{ iris_code: string }>(
        `SELECT iris_code FROM ban_addresses WHERE id = '75112_r663_00001'`,
      );
      expect(rows[0]?.iris_code).toMatch(/^75112\d{4}$/);

      lines[3] = (lines[3] ?? '').replace(';48.', ';4x8.');
      writeFileSync(copy, `${lines.join('\n')}\n`);
      await expect(runImports(database, [banImporter], context, { output: quiet })).rejects.toThrow(
        /adresses-75\.csv:4, colonne « lat » : nombre attendu/,
      );
      const count = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM ban_addresses');
      expect(count.rows[0]?.count).toBe(lines.length - 1);
    });
  });
});
