import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  annuairePublicServiceFamily,
  bpePublicServiceFamily,
} from '../../../../kernel/public-services/publicServiceFamilies';
import { readRawCsv } from '../../../../tests/support/rawCsv';
import { buildTestApp } from '../../../../tests/support/testApp';
import {
  openDataDirectory,
  openDemoDatabase,
  openEmptyDatabase,
  testDatabaseKinds,
} from '../../../../tests/support/testDatabase';
import type { FamilyCoverage } from '../../../coverage/coverageFamilies';
import type { Database } from '../../../db/Database';
import { runImports } from '../../pipeline/runImports';
import { findSchoolFiles, publicServicesImporter } from './publicServicesImporter';

const quiet = { write: () => true, isTTY: false };
const ANNUAIRE_FIXTURE = resolve(
  import.meta.dirname,
  '../../../../tests/fixtures/annuaire/base-donnees-locales-2025.json',
);

describe('public-service families', () => {
  it('classifies BPE types and Annuaire types', () => {
    expect(bpePublicServiceFamily('A101')).toBe('securite');
    expect(bpePublicServiceFamily('A206')).toBe('poste');
    expect(bpePublicServiceFamily('D502')).toBe('action-sociale');
    expect(bpePublicServiceFamily('B203')).toBeUndefined();
    expect(annuairePublicServiceFamily('mairie')).toBe('administration-locale');
    expect(annuairePublicServiceFamily('caf')).toBe('protection-sociale');
    expect(annuairePublicServiceFamily('commissariat_police')).toBe('securite');
    expect(annuairePublicServiceFamily('inconnu')).toBe('autre');
  });
});

describe.each(testDatabaseKinds())('public services on %s', (kind) => {
  describe('demo database (Paris)', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDemoDatabase(kind);
    });
    afterAll(() => database.close());

    it('holds every school of the Paris file at its published position', async () => {
      const [file] = findSchoolFiles(openDataDirectory());
      const raw = readRawCsv(file as string, ';').rows;
      expect(raw.length).toBe(759);
      const { rows } = await database.query<{ type_code: string; count: number; outside: number }>(
        `SELECT type_code, count(*)::int AS count,
           count(*) FILTER (WHERE iris_code IS NULL OR left(iris_code, 5) <> commune_code)::int AS outside
         FROM public_services WHERE source = 'ecoles' AND departement_code = '75' GROUP BY type_code ORDER BY type_code`,
      );
      const byType = (name: string) => raw.filter((row) => row.TYPE_ETABLISSEMENT === name).length;
      expect(rows.map((row) => [row.type_code, row.count])).toEqual([
        ['COL', byType('Collège')],
        ['ELE', byType('ELE')],
        ['MAT', byType('MAT')],
        ['POL', byType('Polyvalent')],
      ]);
      expect(rows.reduce((sum, row) => sum + row.outside, 0)).toBeLessThan(10);
      const first = raw[0] as Record<string, string>;
      const [latitude, longitude] = (first.GEO_POINT_2D ?? '').split(',').map(Number);
      const stored = await database.query<{ longitude: number; latitude: number; family: string }>(
        `SELECT ST_X(geometry) AS longitude, ST_Y(geometry) AS latitude, family FROM public_services
         WHERE source = 'ecoles' AND name = $1`,
        [first.LIBELLE_ETABLISSEMENT],
      );
      expect(stored.rows).toEqual([{ longitude, latitude, family: 'enseignement' }]);
    });

    it('places the BPE public-service equipments (schools excepted) at BAN addresses, flagged demo', async () => {
      const raw = readRawCsv(join(openDataDirectory(), 'bpe/bpe19_ensemble_75.csv'), ';').rows;
      const schoolTypes = ['C101', 'C102', 'C104', 'C105', 'C201'];
      const expected = new Map<string, number>();
      for (const row of raw) {
        const family = bpePublicServiceFamily(row.TYPEQU ?? '');
        if (!family || schoolTypes.includes(row.TYPEQU ?? '')) continue;
        expected.set(family, (expected.get(family) ?? 0) + Number(row.NB_EQUIP));
      }
      const { rows } = await database.query<{ family: string; count: number; unplaced: number }>(
        `SELECT family, count(*)::int AS count, count(*) FILTER (WHERE geometry IS NULL)::int AS unplaced
         FROM public_services WHERE source = 'bpe' AND departement_code = '75' GROUP BY family`,
      );
      expect(new Map(rows.map((row) => [row.family, row.count]))).toEqual(expected);
      expect(rows.reduce((sum, row) => sum + row.unplaced, 0)).toBe(0);
      const dataset = await database.query<{ demo: boolean }>(
        `SELECT demo FROM datasets WHERE source = 'public-services-bpe' AND territory = '75'`,
      );
      expect(dataset.rows).toEqual([{ demo: true }]);
    });
  });

  describe('data coverage of the points datasets', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDemoDatabase(kind);
    });
    afterAll(() => database.close());

    it('reports BAN, demo establishments and public services for Paris, Sirene for the Bas-Rhin', async () => {
      const app = await buildTestApp(database);
      try {
        const coverage = async (departement: string) =>
          (await app.inject(`/api/data/coverage?departement=${departement}`)).json<{
            families: FamilyCoverage[];
            missing: string[];
          }>();
        const paris = await coverage('75');
        const family = (key: string) => paris.families.find((entry) => entry.key === key);
        expect(family('ban')).toMatchObject({ loaded: true, rows: 158_048, vintages: ['2024'], demo: false });
        // Demo rows (BPE 2019) next to the real Paris sources (OSM restaurants, APUR BDCOM, Ville de Paris).
        expect(family('establishments')).toMatchObject({
          loaded: true,
          rows: 139_884 + 8_524 + 7_612 + 2_503,
          demo: true,
        });
        expect(family('establishments')?.vintages).toEqual(expect.arrayContaining(['2019', '2020', '2024-12-19']));
        expect(family('public-services')).toMatchObject({ loaded: true, demo: true });
        // The RATP métro timetables (17 feeds, one network) cover Paris.
        expect(paris.missing).not.toContain('transit');
        expect(family('transit')).toMatchObject({ loaded: true, demo: false });
        const basRhin = await coverage('67');
        expect(basRhin.families.find((entry) => entry.key === 'establishments')).toMatchObject({
          loaded: true,
          rows: 3_929,
          demo: false,
        });
      } finally {
        await app.close();
      }
    });
  });

  describe('Annuaire de l’administration (fixture)', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openEmptyDatabase(kind);
    });
    afterAll(() => database.close());

    it('loads the services of the département, skips a re-run, fails on an invalid entry', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'zonalyse-annuaire-'));
      mkdirSync(join(directory, 'annuaire'));
      const copy = join(directory, 'annuaire/base-donnees-locales-2025.json');
      cpSync(ANNUAIRE_FIXTURE, copy);
      const context = { openDataDirectory: directory, departements: ['75'] };
      const outcomes = await runImports(database, [publicServicesImporter], context, { output: quiet });
      expect(outcomes.map((outcome) => [outcome.source, outcome.vintage, outcome.rows])).toEqual([
        ['public-services-annuaire', '2025', 3],
      ]);
      const { rows } = await database.query<Record<string, unknown>>(
        `SELECT name, family, type_code, address, code_postal, commune_code, ST_X(geometry) AS longitude,
           details->>'url_service_public' AS url
         FROM public_services ORDER BY name`,
      );
      expect(rows).toEqual([
        {
          name: "Caisse d'allocations familiales (Caf) de Paris - accueil Paris 15e",
          family: 'protection-sociale',
          type_code: 'caf',
          address: '50 rue du Docteur Finlay',
          code_postal: '75015',
          commune_code: '75115',
          longitude: 2.28931,
          url: 'https://lannuaire.service-public.fr/ile-de-france/paris/f1e2d3c4-b5a6-4798-8a7b-6c5d4e3f2a10',
        },
        {
          name: 'Commissariat de police du 18e arrondissement',
          family: 'securite',
          type_code: 'commissariat_police',
          address: '79 rue de Clignancourt',
          code_postal: '75018',
          commune_code: '75118',
          longitude: null,
          url: null,
        },
        {
          name: 'Mairie du 4e arrondissement - Paris Centre',
          family: 'administration-locale',
          type_code: 'mairie',
          address: '2 place Baudoyer',
          code_postal: '75004',
          commune_code: '75104',
          longitude: 2.355839,
          url: 'https://lannuaire.service-public.fr/ile-de-france/paris/8a3c7b1e-5c1f-4b8e-9a56-0d2b6f1a7c01',
        },
      ]);
      const again = await runImports(database, [publicServicesImporter], context, { output: quiet });
      expect(again.map((outcome) => outcome.status)).toEqual(['unchanged']);

      writeFileSync(copy, readFileSync(copy, 'utf8').replace('"2.355839"', '"est"'));
      await expect(runImports(database, [publicServicesImporter], context, { output: quiet })).rejects.toThrow(
        /base-donnees-locales-2025\.json, colonne « adresse\.longitude » : service n° 1 : longitude invalide/,
      );
      const count = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM public_services');
      expect(count.rows[0]?.count).toBe(3);
    });
  });
});
