import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FeatureCollection } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRawCsv } from '../../../../tests/support/rawCsv';
import { openDataDirectory, openEmptyDatabase, testDatabaseKinds } from '../../../../tests/support/testDatabase';
import type { Database } from '../../../db/Database';
import { runImports } from '../../pipeline/runImports';
import { irisImporter } from './irisImporter';

const quiet = { write: () => true, isTTY: false };

const countBy = (values: readonly string[]) =>
  Object.fromEntries(
    [...new Set(values)].sort().map((value) => [value, values.filter((item) => item === value).length]),
  );

describe.each(testDatabaseKinds())('IRIS contours importer on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
  });
  afterAll(() => database.close());

  it('loads the Métropole du Grand Paris contours of 92 with INSEE’s TYP_IRIS from the census file', async () => {
    const outcomes = await runImports(
      database,
      [irisImporter],
      { openDataDirectory: openDataDirectory(), departements: ['92'] },
      { output: quiet },
    );
    const raw = JSON.parse(
      gunzipSync(readFileSync(join(openDataDirectory(), 'iris/iris-grand-paris-mgp-2841.geojson.gz'))).toString('utf8'),
    ) as FeatureCollection;
    const expected = raw.features.filter((feature) => String(feature.properties?.CODE_COM).startsWith('92'));
    expect(outcomes.map((outcome) => [outcome.source, outcome.territory, outcome.rows])).toEqual([
      ['iris', '92', expected.length],
    ]);
    expect(expected).toHaveLength(616);
    const census = readRawCsv(join(openDataDirectory(), 'insee_iris/base-ic-activite-residents-2016-idf.csv.gz'), ';');
    const censusTypes = new Map(census.rows.map((row) => [row.IRIS, row.TYP_IRIS]));
    const { rows } = await database.query<{ code: string; type: string | null; commune_code: string; valid: boolean }>(
      `SELECT code, type, commune_code, ST_IsValid(geometry) AS valid FROM iris WHERE departement_code = '92'`,
    );
    expect(rows.every((row) => row.valid && row.commune_code.startsWith('92'))).toBe(true);
    expect(rows.every((row) => row.type === censusTypes.get(row.code))).toBe(true);
    expect(countBy(rows.map((row) => row.type ?? 'NULL'))).toEqual(
      countBy(expected.map((feature) => censusTypes.get(String(feature.properties?.CODE_IRIS)) ?? 'NULL')),
    );
  });

  it('keeps the previous contours when a feature of a new file is malformed', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'zonalyse-iris-'));
    mkdirSync(join(directory, 'iris'));
    const copy = join(directory, 'iris/iris-75-paris.geojson');
    cpSync(join(openDataDirectory(), 'iris/iris-75-paris.geojson'), copy);
    const context = { openDataDirectory: directory, departements: ['75'] };
    const [outcome] = await runImports(database, [irisImporter], context, { output: quiet });
    expect(outcome?.rows).toBe(992);
    const paris = JSON.parse(readFileSync(copy, 'utf8')) as FeatureCollection;
    const feature = paris.features[41];
    if (feature?.properties) feature.properties.TYP_IRIS = 'X';
    writeFileSync(copy, JSON.stringify(paris));
    await expect(runImports(database, [irisImporter], context, { output: quiet })).rejects.toThrow(
      /iris-75-paris\.geojson, colonne « TYP_IRIS » : entité n° 42 : type « X » inconnu/,
    );
    const { rows } = await database.query<{ count: number }>(
      `SELECT count(*) AS count FROM iris WHERE departement_code = '75'`,
    );
    expect(rows[0]?.count).toBe(992);
  });
});
