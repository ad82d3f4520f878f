import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataDirectory, openEmptyDatabase, testDatabaseKinds } from '../../../../tests/support/testDatabase';
import type { Database } from '../../../db/Database';
import { runImports } from '../../pipeline/runImports';
import { jobSeekersImporter } from './jobSeekersImporter';

const FIXTURES = join(import.meta.dirname, '../../../../tests/fixtures/france_travail');
const quiet = { write: () => true, isTTY: false };

describe.each(testDatabaseKinds())('France Travail job seekers importer on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
  });
  afterAll(() => database.close());

  it('plans nothing for the demo territory, where no France Travail file exists', async () => {
    expect(await jobSeekersImporter.plan({ openDataDirectory: openDataDirectory(), departements: ['75'] })).toEqual([]);
  });

  it('loads the wide and the long layouts per commune, period and category, masked counts as NULL', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'zonalyse-defm-'));
    cpSync(FIXTURES, join(directory, 'france_travail'), { recursive: true });
    const outcomes = await runImports(
      database,
      [jobSeekersImporter],
      { openDataDirectory: directory, departements: ['92'] },
      { output: quiet },
    );
    expect(outcomes.map((outcome) => [outcome.territory, outcome.vintage, outcome.rows])).toEqual([
      ['92', '2024', 12],
      ['92', '2023', 6],
    ]);
    const { rows } = await database.query<{ period: string; category: string; count: number | null }>(
      `SELECT period, category, count FROM job_seekers WHERE commune_code = '92007' ORDER BY period, category`,
    );
    expect(rows).toEqual([
      { period: '2023', category: 'A', count: 2930 },
      { period: '2023', category: 'ABC', count: null },
      { period: '2024-T4', category: 'A', count: 2870 },
      { period: '2024-T4', category: 'ABC', count: 3970 },
      { period: '2024-T4', category: 'B', count: 410 },
      { period: '2024-T4', category: 'C', count: 690 },
      { period: '2024-T4', category: 'D', count: 280 },
      { period: '2024-T4', category: 'E', count: null },
    ]);
    const sums = await database.query<{ consistent: boolean }>(
      `SELECT bool_and(abc.count = a.count + b.count + c.count) AS consistent FROM job_seekers abc
       JOIN job_seekers a ON a.commune_code = abc.commune_code AND a.period = abc.period AND a.category = 'A'
       JOIN job_seekers b ON b.commune_code = abc.commune_code AND b.period = abc.period AND b.category = 'B'
       JOIN job_seekers c ON c.commune_code = abc.commune_code AND c.period = abc.period AND c.category = 'C'
       WHERE abc.category = 'ABC'`,
    );
    expect(sums.rows[0]?.consistent).toBe(true);
  });

  it('fails with file:line on a bad count and keeps the previous rows', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'zonalyse-defm-'));
    cpSync(FIXTURES, join(directory, 'france_travail'), { recursive: true });
    const context = { openDataDirectory: directory, departements: ['75'] };
    await runImports(database, [jobSeekersImporter], context, { output: quiet });
    writeFileSync(
      join(directory, 'france_travail/defm-categories-communes-2024.csv'),
      'Code commune;Libellé commune;Période;Catégorie A\n75111;Paris 11e;2024-T4;9870\n75112;Paris 12e;2024-T4;9 870,5\n',
    );
    await expect(runImports(database, [jobSeekersImporter], context, { output: quiet })).rejects.toThrow(
      /defm-categories-communes-2024\.csv:3, colonne « Catégorie A » : nombre entier attendu/,
    );
    const { rows } = await database.query<{ count: number }>(
      `SELECT count(*) AS count FROM job_seekers WHERE departement_code = '75'`,
    );
    expect(rows[0]?.count).toBe(12);
  });
});
