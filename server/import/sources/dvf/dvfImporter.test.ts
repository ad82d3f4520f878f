import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRawCsv } from '../../../../tests/support/rawCsv';
import {
  openDataDirectory,
  openDemoDatabase,
  openEmptyDatabase,
  testDatabaseKinds,
} from '../../../../tests/support/testDatabase';
import type { Database } from '../../../db/Database';
import { runImports } from '../../pipeline/runImports';
import { dvfImporter } from './dvfImporter';

const quiet = { write: () => true, isTTY: false };
const FIXTURES = join(import.meta.dirname, '../../../../tests/fixtures/dvf');

const rawFile = (year: number) => join(openDataDirectory(), `dvf/geo-dvf-75-paris-${year}.csv.gz`);

describe.each(testDatabaseKinds())('DVF importer on %s', (kind) => {
  describe('demo territory (Paris 2024 and 2025)', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDemoDatabase(kind);
    });
    afterAll(() => database.close());

    it.each([2024, 2025])('loads every row and mutation of %s, counted from the raw file', async (year) => {
      const raw = readRawCsv(rawFile(year), ',').rows;
      const mutations = new Set(raw.map((row) => row.id_mutation));
      const { rows } = await database.query<{ rows: number; mutations: number; summaries: number; located: number }>(
        `SELECT (SELECT count(*) FROM dvf_rows WHERE vintage = $1) AS rows,
           (SELECT count(DISTINCT id_mutation) FROM dvf_rows WHERE vintage = $1) AS mutations,
           (SELECT count(*) FROM dvf_mutations WHERE vintage = $1) AS summaries,
           (SELECT count(*) FROM dvf_rows WHERE vintage = $1 AND geometry IS NOT NULL) AS located`,
        [year],
      );
      expect(rows[0]).toEqual({
        rows: raw.length,
        mutations: mutations.size,
        summaries: mutations.size,
        located: raw.filter((row) => row.longitude !== '' && row.latitude !== '').length,
      });
    });

    it('places located rows in the IRIS of their arrondissement', async () => {
      const { rows } = await database.query<{ located: number; with_iris: number; mismatched: number }>(
        `SELECT count(*) FILTER (WHERE geometry IS NOT NULL) AS located, count(iris_code) AS with_iris,
           count(*) FILTER (WHERE iris_code IS NOT NULL AND left(iris_code, 5) <> code_commune) AS mismatched
         FROM dvf_rows`,
      );
      const summary = rows[0] as { located: number; with_iris: number; mismatched: number };
      expect(summary.with_iris / summary.located).toBeGreaterThan(0.99);
      // Points on an arrondissement border may fall in the neighbour's IRIS: a handful at most.
      expect(summary.mismatched / summary.with_iris).toBeLessThan(0.01);
    });

    it('keeps the raw values of a row (first sale of 2024)', async () => {
      const { rows } = await database.query(
        `SELECT id_mutation, date_mutation::text AS date, nature_mutation, valeur_fonciere::float8 AS price, type_local,
           surface_reelle_bati::float8 AS surface, nombre_pieces_principales AS rooms, lot1_numero, code_commune
         FROM dvf_rows WHERE id_mutation = '2024-1193237' ORDER BY id`,
      );
      expect(rows).toEqual([
        expect.objectContaining({ type_local: 'Dépendance', price: 447000, lot1_numero: '27', date: '2024-01-03' }),
        expect.objectContaining({ type_local: 'Appartement', surface: 33, rooms: 2, lot1_numero: '27' }),
      ]);
      const summary = await database.query(
        `SELECT type_local, single_type_local, lot_count, price_per_m2 FROM dvf_mutations WHERE id_mutation = '2024-1193237'`,
      );
      expect(summary.rows[0]).toMatchObject({ type_local: 'Appartement', single_type_local: 'Appartement', lot_count: 2 });
      expect((summary.rows[0] as { price_per_m2: number }).price_per_m2).toBeCloseTo(447000 / 33, 3);
    });
  });

  describe('files', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openEmptyDatabase(kind);
    });
    afterAll(() => database.close());

    it('names the file, line and column of an invalid value, and loads nothing', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'zonalyse-dvf-'));
      mkdirSync(join(directory, 'dvf'));
      cpSync(join(FIXTURES, 'geo-dvf-75-invalid-date-2024.csv'), join(directory, 'dvf/geo-dvf-75-invalid-date-2024.csv'));
      await expect(
        runImports(database, [dvfImporter], { openDataDirectory: directory, departements: ['75'] }, { output: quiet }),
      ).rejects.toThrow(/geo-dvf-75-invalid-date-2024\.csv:7, colonne « date_mutation » : date invalide/);
      const { rows } = await database.query<{ count: number }>('SELECT count(*) AS count FROM dvf_rows');
      expect(rows[0]?.count).toBe(0);
    });

    it('loads a valid file once; a second run changes nothing', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'zonalyse-dvf-'));
      mkdirSync(join(directory, 'dvf'));
      cpSync(join(openDataDirectory(), 'dvf/dvf-geo-2019-64260-hendaye-sample.csv'), join(directory, 'dvf/hendaye.csv'));
      const context = { openDataDirectory: directory, departements: ['64'] };
      const [first] = await runImports(database, [dvfImporter], context, { output: quiet });
      const raw = readRawCsv(join(directory, 'dvf/hendaye.csv'), ',').rows;
      expect(first).toMatchObject({ status: 'loaded', rows: raw.length, territory: '64', vintage: '2019' });
      const [second] = await runImports(database, [dvfImporter], context, { output: quiet });
      expect(second).toMatchObject({ status: 'unchanged', rows: raw.length });
      const { rows } = await database.query<{ rows: number; mutations: number }>(
        'SELECT (SELECT count(*) FROM dvf_rows) AS rows, (SELECT count(*) FROM dvf_mutations) AS mutations',
      );
      expect(rows[0]).toEqual({ rows: raw.length, mutations: new Set(raw.map((row) => row.id_mutation)).size });
    });
  });
});
