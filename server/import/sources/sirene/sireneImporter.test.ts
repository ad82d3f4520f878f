import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRawCsv } from '../../../../tests/support/rawCsv';
import {
  openDataDirectory,
  openDemoDatabase,
  openEmptyDatabase,
  testDatabaseKinds,
} from '../../../../tests/support/testDatabase';
import type { Database } from '../../../db/Database';
import { irisImporter } from '../iris/irisImporter';
import { runImports } from '../../pipeline/runImports';
import { sireneAddress } from './sireneAddress';
import { findSireneFiles } from './sireneFiles';
import { sireneImporter } from './sireneImporter';

const quiet = { write: () => true, isTTY: false };
const FIXTURES = resolve(import.meta.dirname, '../../../../tests/fixtures/sirene');
const SAMPLE = 'sirene/sirene-etab-ul-67-entzheim-wolfisheim-2021.geocoded.csv';

describe('Sirene files and addresses', () => {
  it('reads the geocoded extract rather than the plain one, and recognises the official names', () => {
    const staged = findSireneFiles(openDataDirectory());
    expect(staged.establishments.map((file) => file.path)).toEqual([join(openDataDirectory(), SAMPLE)]);
    const fixtures = findSireneFiles(resolve(FIXTURES, '..'));
    expect(fixtures.establishments.map((file) => [file.national, file.departement])).toEqual([[true, undefined]]);
    expect(fixtures.uniteLegale).toMatch(/StockUniteLegale_utf8\.csv$/);
    expect(fixtures.geolocalisation).toMatch(/GeolocalisationEtablissement_.*\.csv$/);
  });

  it('spells out the street type and the repetition index', () => {
    expect(
      sireneAddress({ numero: '35', indice: 'B', typeVoie: 'PAS', libelleVoie: 'DU BUREAU', complement: null }),
    ).toBe('35 BIS PASSAGE DU BUREAU');
    expect(sireneAddress({ numero: null, indice: null, typeVoie: null, libelleVoie: null, complement: 'ZA' })).toBe(
      'ZA',
    );
  });
});

describe.each(testDatabaseKinds())('Sirene importer on %s', (kind) => {
  describe('Bas-Rhin sample in the demo database', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDemoDatabase(kind);
    });
    afterAll(() => database.close());

    it('holds every establishment of the sample, with its coordinates, per commune', async () => {
      const raw = readRawCsv(join(openDataDirectory(), SAMPLE), ',').rows;
      expect(raw.length).toBe(3_929);
      const expected = new Map<string, number>();
      for (const row of raw) {
        const commune = row.codeCommuneEtablissement ?? '';
        expected.set(commune, (expected.get(commune) ?? 0) + 1);
      }
      const { rows } = await database.query<{ commune_code: string; count: number }>(
        `SELECT commune_code, count(*)::int AS count FROM establishments
         WHERE departement_code = '67' AND source = 'sirene' GROUP BY commune_code`,
      );
      expect(new Map(rows.map((row) => [row.commune_code, row.count]))).toEqual(expected);
      const located = await database.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM establishments WHERE departement_code = '67' AND geometry IS NOT NULL`,
      );
      expect(located.rows[0]?.count).toBe(raw.filter((row) => row.latitude !== '').length);
      const first = raw[0] as Record<string, string>;
      const stored = await database.query<Record<string, unknown>>(
        `SELECT denomination, naf_code, etat, date_creation, longitude, latitude FROM establishments WHERE siret = $1`,
        [first.siret],
      );
      expect(stored.rows[0]).toEqual({
        denomination: first.denominationUniteLegale,
        naf_code: first.activitePrincipaleEtablissement,
        etat: 'A',
        date_creation: first.dateCreationEtablissement,
        longitude: Number(first.longitude),
        latitude: Number(first.latitude),
      });
      const dataset = await database.query<{ row_count: number; vintage: string }>(
        `SELECT row_count, vintage FROM datasets WHERE source = 'sirene' AND territory = '67'`,
      );
      expect(dataset.rows).toEqual([{ row_count: 3_929, vintage: '2021' }]);
    });
  });

  describe('official stock files (fixture)', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openEmptyDatabase(kind);
    });
    afterAll(() => database.close());

    it('joins names and géolocalisation, projects Lambert-93, replaces demo rows, fails with file:line', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'zonalyse-sirene-'));
      mkdirSync(join(directory, 'iris'));
      cpSync(join(openDataDirectory(), 'iris/iris-75-paris.geojson'), join(directory, 'iris/iris-75-paris.geojson'));
      cpSync(FIXTURES, join(directory, 'sirene'), { recursive: true });
      const context = { openDataDirectory: directory, departements: ['75'] };
      await runImports(database, [irisImporter], context, { output: quiet });
      // A demo establishment and its dataset record, which real Sirene rows replace.
      await database.exec(`INSERT INTO establishments (siret, departement_code, source, bpe_type)
        VALUES ('DEMO-751010101-B203-1', '75', 'demo-bpe', 'B203');
        INSERT INTO datasets (source, territory, vintage, label, row_count, checksum, duration_ms, demo)
        VALUES ('demo-bpe', '75', '2019', 'démonstration', 1, 'x', 0, true)`);

      const outcomes = await runImports(database, [sireneImporter], context, { output: quiet });
      expect(outcomes.map((outcome) => [outcome.source, outcome.territory, outcome.rows])).toEqual([
        ['sirene', '75', 4],
      ]);
      const { rows } = await database.query<Record<string, unknown>>(
        `SELECT siret, denomination, enseigne, adresse, etat, tranche_effectifs, round(longitude::numeric, 5) AS longitude,
           round(latitude::numeric, 5) AS latitude, iris_code, source
         FROM establishments ORDER BY siret`,
      );
      expect(rows).toEqual([
        {
          siret: '55210055400019',
          denomination: 'BOULANGERIES REUNIES DE PARIS',
          enseigne: 'LA FOURNEE DE RIVOLI',
          adresse: '12 RUE DE RIVOLI',
          etat: 'A',
          tranche_effectifs: '11',
          // Lambert-93 of 12 rue de Rivoli (BAN x/y) projected: the BAN's own lon/lat.
          longitude: 2.35995,
          latitude: 48.8556,
          iris_code: expect.stringMatching(/^75104\d{4}$/) as string,
          source: 'sirene',
        },
        {
          siret: '83234567800027',
          denomination: 'LE PASSAGE GOURMAND',
          enseigne: null,
          adresse: '35 BIS PASSAGE DU BUREAU',
          etat: 'F',
          tranche_effectifs: 'NN',
          longitude: 2.39406,
          latitude: 48.85439,
          iris_code: expect.stringMatching(/^75111\d{4}$/) as string,
          source: 'sirene',
        },
        {
          siret: '90123456700012',
          denomination: 'MARIE DUPONT',
          enseigne: null,
          adresse: '55 RUE DU FAUBOURG SAINT HONORE',
          etat: 'A',
          tranche_effectifs: null,
          longitude: 2.31693,
          latitude: 48.87063,
          iris_code: expect.stringMatching(/^75108\d{4}$/) as string,
          source: 'sirene',
        },
        {
          siret: '98765432100015',
          denomination: null,
          enseigne: null,
          adresse: null,
          etat: 'A',
          tranche_effectifs: null,
          longitude: null,
          latitude: null,
          iris_code: null,
          source: 'sirene',
        },
      ]);
      const demo = await database.query<{ count: number }>(
        `SELECT (SELECT count(*) FROM establishments WHERE source = 'demo-bpe')
           + (SELECT count(*) FROM datasets WHERE source = 'demo-bpe')::int AS count`,
      );
      expect(Number(demo.rows[0]?.count)).toBe(0);

      const stock = join(directory, 'sirene/StockEtablissement_utf8.csv');
      const lines = readFileSync(stock, 'utf8').split('\n');
      lines[2] = (lines[2] ?? '').replace('83234567800027', '8323456780002');
      writeFileSync(stock, lines.join('\n'));
      await expect(runImports(database, [sireneImporter], context, { output: quiet })).rejects.toThrow(
        /StockEtablissement_utf8\.csv:3, colonne « siret » : SIRET invalide/,
      );
      const count = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM establishments');
      expect(count.rows[0]?.count).toBe(4);
    });
  });
});
