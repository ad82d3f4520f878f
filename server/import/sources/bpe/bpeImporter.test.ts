import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRawCsv } from '../../../../tests/support/rawCsv';
import { openDataDirectory, openEmptyDatabase, testDatabaseKinds } from '../../../../tests/support/testDatabase';
import type { Database } from '../../../db/Database';
import { runImports } from '../../pipeline/runImports';
import { readBpeEquipmentTypes } from './bpeEquipmentTypes';
import { bpeImporter, findBpeFiles } from './bpeImporter';

const quiet = { write: () => true, isTTY: false };

describe('BPE 2019 nomenclature', () => {
  it('names every TYPEQU of the national file, with its domain and sous-domaine', () => {
    const types = readBpeEquipmentTypes();
    const codes = new Set(types.map((type) => type.code));
    expect(codes.size).toBe(types.length);
    const national = readRawCsv(join(openDataDirectory(), 'bpe/bpe19_ensemble_france.csv.gz'), ';');
    const used = new Set(national.rows.map((row) => row.TYPEQU));
    expect(used.size).toBe(187);
    expect([...used].filter((code) => !codes.has(code ?? ''))).toEqual([]);
    expect(new Set(types.map((type) => type.domain))).toEqual(new Set(['A', 'B', 'C', 'D', 'E', 'F', 'G']));
    expect(types.find((type) => type.code === 'D201')).toEqual({
      code: 'D201',
      label: 'Médecin omnipraticien',
      domain: 'D',
      domainLabel: 'Santé et action sociale',
      subdomain: 'D2',
      subdomainLabel: 'Fonctions médicales et paramédicales',
    });
  });

  it('prefers the département file to the national one', () => {
    expect(findBpeFiles(openDataDirectory()).map((file) => [file.departement, file.vintage])).toEqual([
      ['75', 2019],
      [undefined, 2019],
    ]);
  });
});

describe.each(testDatabaseKinds())('BPE importer on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
  });
  afterAll(() => database.close());

  it('keeps only the asked département of the national file and strips the IRIS underscore', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'zonalyse-bpe-'));
    mkdirSync(join(directory, 'bpe'));
    cpSync(
      join(openDataDirectory(), 'bpe/bpe19_ensemble_france.csv.gz'),
      join(directory, 'bpe/bpe19_ensemble_france.csv.gz'),
    );
    const outcomes = await runImports(
      database,
      [bpeImporter],
      { openDataDirectory: directory, departements: ['2A'] },
      { output: quiet },
    );
    const raw = readRawCsv(join(directory, 'bpe/bpe19_ensemble_france.csv.gz'), ';').rows.filter(
      (row) => row.DEP === '2A',
    );
    expect(outcomes.map((outcome) => [outcome.source, outcome.territory, outcome.rows])).toEqual([
      ['bpe-types', 'FR', 188],
      ['bpe', '2A', raw.length],
    ]);
    const { rows } = await database.query<{ total: number; irises: number; short: number }>(
      `SELECT sum(count) AS total, count(DISTINCT iris_code) AS irises, count(*) FILTER (WHERE length(iris_code) <> 9) AS short
       FROM bpe_equipment_counts WHERE departement_code = '2A'`,
    );
    expect(rows[0]?.total).toBe(raw.reduce((sum, row) => sum + Number(row.NB_EQUIP), 0));
    expect(rows[0]?.short).toBe(0);
    expect(rows[0]?.irises).toBe(new Set(raw.map((row) => row.DCIRIS)).size);
    // A commune not divided into IRIS (DCIRIS = DEPCOM) gets INSEE's code DEPCOM + 0000.
    const undivided = raw.find((row) => row.DCIRIS === row.DEPCOM);
    const stored = await database.query<{ count: number }>(
      'SELECT count(*) AS count FROM bpe_equipment_counts WHERE iris_code = $1',
      [`${undivided?.DEPCOM}0000`],
    );
    expect(stored.rows[0]?.count).toBeGreaterThan(0);
  });

  it('fails with file:line on a malformed row and keeps the previous counts', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'zonalyse-bpe-'));
    mkdirSync(join(directory, 'bpe'));
    const copy = join(directory, 'bpe/bpe19_ensemble_75.csv');
    cpSync(join(openDataDirectory(), 'bpe/bpe19_ensemble_75.csv'), copy);
    const context = { openDataDirectory: directory, departements: ['75'] };
    await runImports(database, [bpeImporter], context, { output: quiet });
    const count = async () =>
      (
        await database.query<{ count: number }>(
          `SELECT count(*) AS count FROM bpe_equipment_counts WHERE departement_code = '75'`,
        )
      ).rows[0]?.count;
    expect(await count()).toBe(36_388);
    const lines = readFileSync(copy, 'utf8').split('\n');
    lines[20_000] = (lines[20_000] ?? '').replace(/;\d+$/, ';-3');
    writeFileSync(copy, lines.join('\n'));
    await expect(runImports(database, [bpeImporter], context, { output: quiet })).rejects.toThrow(
      /bpe19_ensemble_75\.csv:20001, colonne « NB_EQUIP » : nombre négatif/,
    );
    expect(await count()).toBe(36_388);
  });
});
