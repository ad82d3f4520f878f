import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRawCsv } from '../../../../tests/support/rawCsv';
import { openDataDirectory, openEmptyDatabase, testDatabaseKinds } from '../../../../tests/support/testDatabase';
import type { Database } from '../../../db/Database';
import { runImports } from '../../pipeline/runImports';
import { nafImporter, nafLevel } from './nafImporter';

const quiet = { write: () => true, isTTY: false };

function nafDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'zonalyse-naf-'));
  mkdirSync(join(directory, 'naf'));
  for (const name of ['int_courts_naf_rev_2.csv', 'naf2008_5_niveaux.csv']) {
    cpSync(join(openDataDirectory(), 'naf', name), join(directory, 'naf', name));
  }
  return directory;
}

describe('nafLevel', () => {
  it.each([
    ['SECTION A', 'A', 1],
    ['01', '01', 2],
    ['01.1', '01.1', 3],
    ['01.11', '01.11', 4],
    ['01.11Z', '01.11Z', 5],
  ])('%s → %s (level %s)', (text, code, level) => {
    expect(nafLevel(text)).toEqual({ code, level });
  });

  it('rejects other codes', () => {
    expect(nafLevel('0111Z')).toBeUndefined();
    expect(nafLevel('SECTION Z')).toBeUndefined();
  });
});

describe.each(testDatabaseKinds())('NAF rév. 2 importer on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
  });
  afterAll(() => database.close());

  it('loads the five levels with their counts, labels, parents and sections', async () => {
    const [outcome] = await runImports(
      database,
      [nafImporter],
      { openDataDirectory: nafDirectory(), departements: ['75'] },
      { output: quiet },
    );
    expect(outcome?.rows).toBe(1728);
    const { rows } = await database.query<{ level: number; count: number }>(
      'SELECT level, count(*) AS count FROM naf_codes GROUP BY level ORDER BY level',
    );
    expect(rows).toEqual([
      { level: 1, count: 21 },
      { level: 2, count: 88 },
      { level: 3, count: 272 },
      { level: 4, count: 615 },
      { level: 5, count: 732 },
    ]);
    // Independent check against INSEE's 5-level table: parent chain and section of each sous-classe.
    const levels = readRawCsv(join(openDataDirectory(), 'naf/naf2008_5_niveaux.csv'), ';').rows;
    const { rows: chains } = await database.query<{ code: string; chain: string }>(
      `SELECT n5.code, concat_ws('|', n4.code, n3.code, n2.code, n1.code, n5.section_code) AS chain
       FROM naf_codes n5 JOIN naf_codes n4 ON n4.code = n5.parent_code JOIN naf_codes n3 ON n3.code = n4.parent_code
       JOIN naf_codes n2 ON n2.code = n3.parent_code JOIN naf_codes n1 ON n1.code = n2.parent_code
       WHERE n5.level = 5`,
    );
    const stored = new Map(chains.map((row) => [row.code, row.chain]));
    expect(levels).toHaveLength(732);
    for (const row of levels) {
      expect(stored.get(row.NIV5 ?? '')).toBe([row.NIV4, row.NIV3, row.NIV2, row.NIV1, row.NIV1].join('|'));
    }
    const restaurant = await database.query('SELECT * FROM naf_codes WHERE code = $1', ['56.10A']);
    expect(restaurant.rows[0]).toEqual({
      code: '56.10A',
      level: 5,
      label: 'Restauration traditionnelle',
      label_65: 'Restauration traditionnelle',
      label_40: 'Restauration traditionnelle',
      parent_code: '56.10',
      section_code: 'I',
    });
  });

  it('fails when the hierarchy disagrees with naf2008_5_niveaux and keeps the previous codes', async () => {
    const directory = nafDirectory();
    await runImports(
      database,
      [nafImporter],
      { openDataDirectory: directory, departements: ['75'] },
      { output: quiet },
    );
    const path = join(directory, 'naf/naf2008_5_niveaux.csv');
    writeFileSync(path, readFileSync(path, 'utf8').replace('01.12Z;01.12;01.1;01;A', '01.12Z;01.12;01.1;01;B'));
    await expect(
      runImports(database, [nafImporter], { openDataDirectory: directory, departements: ['75'] }, { output: quiet }),
    ).rejects.toThrow(/naf2008_5_niveaux\.csv:3, colonne « NIV1 » : 01\.12Z : parent B attendu, A trouvé/);
    const { rows } = await database.query<{ count: number }>('SELECT count(*) AS count FROM naf_codes');
    expect(rows[0]?.count).toBe(1728);
  });
});
