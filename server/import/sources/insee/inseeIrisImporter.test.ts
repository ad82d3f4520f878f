import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataDirectory, openEmptyDatabase, testDatabaseKinds } from '../../../../tests/support/testDatabase';
import type { Database } from '../../../db/Database';
import { listDatasets } from '../../../datasets/datasetRepository';
import { runImports } from '../../pipeline/runImports';
import { inseeIrisImporter } from './inseeIrisImporter';

const FIXTURES = join(import.meta.dirname, '../../../../tests/fixtures/insee');
const quiet = { write: () => true, isTTY: false };

interface StoredRow {
  base: string;
  vintage: number;
  iris_code: string;
  commune_code: string;
  values: Record<string, number | null>;
}

async function storedRows(database: Database): Promise<StoredRow[]> {
  const { rows } = await database.query<StoredRow>(
    `SELECT base, vintage, iris_code, commune_code, "values" FROM insee_iris_statistics ORDER BY base, vintage, iris_code`,
  );
  return rows;
}

describe.each(testDatabaseKinds())('INSEE IRIS importer on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
  });
  afterAll(() => database.close());

  it('reads the official layouts (evol-struct-pop, logement, couples-familles-ménages, Filosofi déclarés) of the asked départements', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'zonalyse-insee-'));
    cpSync(FIXTURES, join(directory, 'insee_iris'), { recursive: true });
    const outcomes = await runImports(
      database,
      [inseeIrisImporter],
      { openDataDirectory: directory, departements: ['75'] },
      { output: quiet },
    );
    expect(outcomes.map((outcome) => [outcome.source, outcome.territory, outcome.vintage, outcome.rows])).toEqual([
      ['insee-couples-familles-menages', '75', '2017', 2],
      ['insee-evol-struct-pop', '75', '2017', 2],
      ['insee-filosofi-dec', '75', '2017', 2],
      ['insee-logement', '75', '2017', 2],
    ]);
    const rows = await storedRows(database);
    // The 92 row of the national evol-struct-pop file is not in the 75 datasets.
    expect(rows.some((row) => row.commune_code === '92012')).toBe(false);
    const population = rows.filter((row) => row.base === 'evol-struct-pop');
    // "75101_0102" (underscore form) is stored as 751010102; decimal commas are read.
    expect(population.map((row) => row.iris_code)).toEqual(['751010101', '751010102']);
    expect(population[0]?.values.P17_POP).toBe(1244.89281210648);
    expect(population[1]?.values.P17_POP).toBe(191.56);
    expect(Object.keys(population[0]?.values ?? {})).toHaveLength(17);
    const income = rows.filter((row) => row.base === 'filosofi-dec');
    // 751010102 has no published figure at all: absent, not invented. "s" (secret) is null.
    expect(income.map((row) => row.iris_code)).toEqual(['751010101', '751010201']);
    expect(income[0]?.values).toMatchObject({ DEC_MED17: 34780, DEC_GI17: 0.524, DEC_PIMP17: 79.2 });
    expect(income[1]?.values.DEC_TP6017).toBeNull();
    expect(income[1]?.values.DEC_MED17).toBe(29650);
  });

  it('loads the 92 rows from the same national file when 92 is asked', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'zonalyse-insee-'));
    cpSync(
      join(FIXTURES, 'base-ic-evol-struct-pop-2017.CSV'),
      join(directory, 'insee_iris', 'base-ic-evol-struct-pop-2017.CSV'),
    );
    const outcomes = await runImports(
      database,
      [inseeIrisImporter],
      { openDataDirectory: directory, departements: ['92'] },
      { output: quiet },
    );
    expect(outcomes.map((outcome) => [outcome.source, outcome.territory, outcome.rows])).toEqual([
      ['insee-evol-struct-pop', '92', 1],
    ]);
    const { rows } = await database.query<{ total: number }>(
      `SELECT ("values"->>'P17_POP')::numeric AS total FROM insee_iris_statistics WHERE iris_code = '920120101'`,
    );
    expect(rows[0]?.total).toBe(2810.00000000001);
  });

  it('fails with file:line on a malformed row of a real file and keeps the previous content', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'zonalyse-insee-'));
    mkdirSync(join(directory, 'insee_iris'));
    const name = 'base-ic-diplomes-formation-2015-paris.csv';
    const copy = join(directory, 'insee_iris', name);
    cpSync(join(openDataDirectory(), 'insee_iris', name), copy);
    const context = { openDataDirectory: directory, departements: ['75'] };
    await runImports(database, [inseeIrisImporter], context, { output: quiet });
    const before = (await storedRows(database)).filter((row) => row.base === 'diplomes-formation');
    expect(before).toHaveLength(992);

    const lines = readFileSync(copy, 'utf8').split('\n');
    lines[500] = (lines[500] ?? '').replace(/,(\d+),(\d+)$/, ',douze,$2');
    writeFileSync(copy, lines.join('\n'));
    await expect(runImports(database, [inseeIrisImporter], context, { output: quiet })).rejects.toThrow(
      /base-ic-diplomes-formation-2015-paris\.csv:501, colonne « P15_FNSCOL15P_BAC » : nombre attendu, reçu « douze »/,
    );
    expect((await storedRows(database)).filter((row) => row.base === 'diplomes-formation')).toEqual(before);
    const dataset = (await listDatasets(database)).find((entry) => entry.source === 'insee-diplomes-formation');
    expect(dataset?.rowCount).toBe(992);
  });

  it('changes nothing on a second run with the same files', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'zonalyse-insee-'));
    cpSync(FIXTURES, join(directory, 'insee_iris'), { recursive: true });
    const context = { openDataDirectory: directory, departements: ['75'] };
    await runImports(database, [inseeIrisImporter], context, { output: quiet });
    const before = await listDatasets(database);
    const outcomes = await runImports(database, [inseeIrisImporter], context, { output: quiet });
    expect(outcomes.every((outcome) => outcome.status === 'unchanged')).toBe(true);
    expect(await listDatasets(database)).toEqual(before);
  });

  it('reads the RP 2016 habitat-IRIS subsets (leading index column, no total) and says which IRIS types they hold', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'zonalyse-insee-'));
    mkdirSync(join(directory, 'insee_iris'));
    for (const name of [
      'rp2016-iris-H-population-age-csp-france.csv.gz',
      'rp2016-iris-H-menages-pmen-paris.csv',
      'rp2016-iris-H-logement-subset-paris.csv',
    ]) {
      cpSync(join(openDataDirectory(), 'insee_iris', name), join(directory, 'insee_iris', name));
    }
    await database.exec('DELETE FROM insee_iris_statistics; DELETE FROM datasets;');
    const outcomes = await runImports(
      database,
      [inseeIrisImporter],
      { openDataDirectory: directory, departements: ['75'] },
      { output: quiet },
    );
    expect(outcomes.map((outcome) => [outcome.source, outcome.vintage, outcome.rows])).toEqual([
      ['insee-couples-familles-menages', '2016', 861],
      ['insee-evol-struct-pop', '2016', 861],
      ['insee-logement', '2016', 861],
    ]);
    const datasets = await listDatasets(database);
    for (const dataset of datasets) {
      expect(dataset.label).toContain('IRIS d’habitat (H) seulement ; IRIS d’activité (A), divers (D)');
    }
    const { rows } = await database.query<{ population: number; houses: number; persons: number }>(
      `SELECT sum(("values"->>'P16_POP0014')::float8 + ("values"->>'P16_POP1529')::float8
                + ("values"->>'P16_POP3044')::float8 + ("values"->>'P16_POP4559')::float8
                + ("values"->>'P16_POP6074')::float8 + ("values"->>'P16_POP75P')::float8) AS population
       FROM insee_iris_statistics WHERE base = 'evol-struct-pop' AND commune_code = '75111'`,
    );
    // INSEE's RP 2016 population of Paris 11e.
    expect(Math.round(Number(rows[0]?.population))).toBe(147017);
    const stored = await storedRows(database);
    const housing = stored.find((row) => row.base === 'logement' && row.iris_code === '751010201');
    // The published decimals, unrounded, under INSEE's names; the index column is not stored.
    expect(housing?.values).toEqual({
      P16_RPMAISON: 2.76187972052957,
      P16_RPAPPART: 1249.425079096697,
      P16_RP_LOCHLMV: 81.80295678477042,
    });
  });

  it('fails naming file, line and TYP_IRIS when a subset announced as habitat holds another IRIS type', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'zonalyse-insee-'));
    mkdirSync(join(directory, 'insee_iris'));
    const name = 'rp2016-iris-H-logement-subset-paris.csv';
    const lines = readFileSync(join(openDataDirectory(), 'insee_iris', name), 'utf8').split('\n');
    lines[3] = (lines[3] ?? '').replace(',H,', ',A,');
    writeFileSync(join(directory, 'insee_iris', name), lines.join('\n'));
    await expect(
      runImports(
        database,
        [inseeIrisImporter],
        { openDataDirectory: directory, departements: ['75'] },
        { output: quiet },
      ),
    ).rejects.toThrow(/rp2016-iris-H-logement-subset-paris\.csv:4, colonne « TYP_IRIS » : type d’IRIS « A »/);
  });
});
