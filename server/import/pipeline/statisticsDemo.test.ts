import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FeatureCollection } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRawCsv } from '../../../tests/support/rawCsv';
import { openDataDirectory, openDemoDatabase, testDatabaseKinds } from '../../../tests/support/testDatabase';
import type { Database } from '../../db/Database';

/** Rows of a raw INSEE file for Paris that carry at least one figure among `columns` (the importer's rule). */
function parisRowsWithFigures(path: string, separator: string, columns: (name: string) => boolean): number {
  const { header, rows } = readRawCsv(path, separator);
  const kept = header.filter(columns);
  return rows.filter(
    (row) => (row.COM ?? '').startsWith('75') && kept.some((column) => (row[column] ?? '').trim() !== ''),
  ).length;
}

const census = (name: string) => /^[PC]\d{2}_/.test(name);

/** Paris rows of an RP 2016 habitat-IRIS subset (comma-separated, IRIS of type H only). */
function habitatRows(path: string): number {
  const { rows } = readRawCsv(path, ',');
  expect(rows.every((row) => row.TYP_IRIS === 'H')).toBe(true);
  return rows.filter((row) => (row.IRIS ?? '').startsWith('75')).length;
}

describe.each(testDatabaseKinds())('statistics of the demo territory on %s, recounted from the raw files', (kind) => {
  let database: Database;
  const opendata = openDataDirectory();
  beforeAll(async () => {
    database = await openDemoDatabase(kind);
  });
  afterAll(() => database.close());

  it('has the 992 Paris IRIS with their types and arrondissements', async () => {
    const raw = JSON.parse(readFileSync(join(opendata, 'iris/iris-75-paris.geojson'), 'utf8')) as FeatureCollection;
    const { rows } = await database.query<{ type: string; count: number }>(
      `SELECT type, count(*) AS count FROM iris WHERE departement_code = '75' GROUP BY type ORDER BY type`,
    );
    expect(raw.features).toHaveLength(992);
    expect(rows).toEqual([
      { type: 'A', count: 88 },
      { type: 'D', count: 43 },
      { type: 'H', count: 861 },
    ]);
    const eleventh = await database.query<{ count: number; area: number }>(
      `SELECT count(*) AS count, sum(area_km2) AS area FROM iris WHERE commune_code = '75111'`,
    );
    expect(eleventh.rows[0]?.count).toBe(
      raw.features.filter((feature) => feature.properties?.INSEE_COM === '75111').length,
    );
    // The 11e arrondissement covers 3.67 km².
    expect(eleventh.rows[0]?.area).toBeCloseTo(3.67, 1);
  });

  it('has one row per IRIS for each INSEE base and vintage', async () => {
    const insee = join(opendata, 'insee_iris');
    const expected: [string, number, number][] = [
      [
        'activite-residents',
        2010,
        parisRowsWithFigures(join(insee, 'base-ic-activite-residents-2010-paris.csv'), ',', census),
      ],
      [
        'activite-residents',
        2015,
        parisRowsWithFigures(join(insee, 'base-ic-activite-residents-2015-paris.csv'), ',', census),
      ],
      [
        'activite-residents',
        2016,
        parisRowsWithFigures(join(insee, 'base-ic-activite-residents-2016-idf.csv.gz'), ';', census),
      ],
      ['activite-residents', 2017, parisRowsWithFigures(join(insee, 'data_iris_paris_2017.csv'), ';', census)],
      [
        'couples-familles-menages',
        2016,
        habitatRows(join(insee, 'rp2016-iris-H-menages-pmen-paris.csv')),
      ],
      [
        'diplomes-formation',
        2010,
        parisRowsWithFigures(join(insee, 'base-ic-diplomes-formation-2010-paris.csv'), ',', census),
      ],
      [
        'diplomes-formation',
        2015,
        parisRowsWithFigures(join(insee, 'base-ic-diplomes-formation-2015-paris.csv'), ',', census),
      ],
      ['evol-struct-pop', 2016, habitatRows(join(insee, 'rp2016-iris-H-population-age-csp-paris.csv'))],
      [
        'filosofi-disp',
        2015,
        parisRowsWithFigures(join(opendata, 'filosofi/BASE_TD_FILO_DISP_IRIS_2015-france.csv.gz'), ',', (name) =>
          name.startsWith('DISP_'),
        ),
      ],
      [
        'filosofi-disp',
        2017,
        parisRowsWithFigures(
          join(insee, 'data_iris_paris_2017.csv'),
          ';',
          (name) => name.startsWith('DISP_') || name === 'niveau_vie_median',
        ),
      ],
      ['logement', 2016, habitatRows(join(insee, 'rp2016-iris-H-logement-subset-paris.csv'))],
    ];
    const { rows } = await database.query<{ base: string; vintage: number; count: number }>(
      `SELECT base, vintage, count(*) AS count FROM insee_iris_statistics WHERE departement_code = '75'
       GROUP BY base, vintage ORDER BY base, vintage`,
    );
    expect(rows.map((row) => [row.base, row.vintage, row.count])).toEqual(expected);
    expect(expected.map(([, , count]) => count)).toEqual([992, 992, 992, 871, 861, 992, 992, 861, 868, 870, 861]);
    const missing = await database.query<{ count: number }>(
      `SELECT count(*) AS count FROM insee_iris_statistics WHERE base = 'filosofi-dec'`,
    );
    expect(missing.rows[0]?.count).toBe(0);
  });

  it('keeps INSEE’s values exactly as published', async () => {
    const { rows } = await database.query<{ population: number; text: string; median: number }>(
      `SELECT (a."values"->'P17_POP1564')::float8 AS population, a."values"->>'P17_POP1564' AS text,
              (f."values"->'DISP_MED17')::float8 AS median
       FROM insee_iris_statistics a JOIN insee_iris_statistics f ON f.iris_code = a.iris_code
       WHERE a.base = 'activite-residents' AND a.vintage = 2017 AND f.base = 'filosofi-disp' AND f.vintage = 2017
         AND a.iris_code = '751010201'`,
    );
    expect(rows[0]?.population).toBe(1556.52529159887);
    expect(rows[0]?.text).toBe('1556.52529159887');
    const joined = readRawCsv(join(opendata, 'insee_iris/data_iris_paris_2017.csv'), ';').rows;
    expect(rows[0]?.median).toBe(Number(joined.find((row) => row.IRIS === '751010201')?.niveau_vie_median));

    const raw2015 = readRawCsv(join(opendata, 'insee_iris/base-ic-activite-residents-2015-paris.csv'), ',').rows;
    const expectedSum = raw2015
      .filter((row) => row.COM === '75111')
      .reduce((sum, row) => sum + Number(row.P15_ACT1564), 0);
    const sum = await database.query<{ total: number }>(
      `SELECT sum(("values"->>'P15_ACT1564')::numeric) AS total FROM insee_iris_statistics
       WHERE base = 'activite-residents' AND vintage = 2015 AND commune_code = '75111'`,
    );
    expect(sum.rows[0]?.total).toBe(expectedSum);
    expect(expectedSum).toBeGreaterThan(80_000);

    const filosofi = readRawCsv(join(opendata, 'filosofi/BASE_TD_FILO_DISP_IRIS_2015-france.csv.gz'), ',').rows;
    const rawGini = filosofi.find((row) => row.IRIS === '751010201')?.DISP_GI15;
    const gini = await database.query<{ gini: number }>(
      `SELECT ("values"->'DISP_GI15')::float8 AS gini FROM insee_iris_statistics
       WHERE base = 'filosofi-disp' AND vintage = 2015 AND iris_code = '751010201'`,
    );
    expect(gini.rows[0]?.gini).toBe(Number(rawGini?.replace(',', '.')));
  });

  it('has the BPE 2019 counts of Paris and the NAF levels', async () => {
    const bpe = readRawCsv(join(opendata, 'bpe/bpe19_ensemble_75.csv'), ';').rows;
    const { rows } = await database.query<{ rows: number; total: number; unknown: number }>(
      `SELECT count(*) AS rows, sum(count) AS total,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM bpe_equipment_types t WHERE t.code = c.equipment_type)) AS unknown
       FROM bpe_equipment_counts c WHERE departement_code = '75' AND vintage = 2019`,
    );
    expect(rows[0]).toEqual({
      rows: bpe.length,
      total: bpe.reduce((sum, row) => sum + Number(row.NB_EQUIP), 0),
      unknown: 0,
    });
    expect(bpe).toHaveLength(36_388);
    const naf = await database.query<{ level: number; count: number }>(
      'SELECT level, count(*) AS count FROM naf_codes GROUP BY level ORDER BY level',
    );
    expect(naf.rows.map((row) => row.count)).toEqual([21, 88, 272, 615, 732]);
  });

  it('has no job seekers for Paris (no France Travail file)', async () => {
    const { rows } = await database.query<{ count: number }>('SELECT count(*) AS count FROM job_seekers');
    expect(rows[0]?.count).toBe(0);
  });
});
