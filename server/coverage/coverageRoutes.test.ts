import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../tests/support/testApp';
import { openDemoDatabase, openEmptyDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import { saveDataset } from '../datasets/datasetRepository';
import type { Database } from '../db/Database';
import { MISSING_MESSAGE, type FamilyCoverage } from './coverageFamilies';

interface CoverageBody {
  departement: { code: string; name: string | null };
  families: FamilyCoverage[];
  missing: string[];
}

const family = (body: CoverageBody, key: string) => body.families.find((entry) => entry.key === key);

describe.each(testDatabaseKinds())('GET /api/data/coverage on %s', (kind) => {
  describe('with the demo territory', () => {
    let database: Database;
    let app: FastifyInstance;
    beforeAll(async () => {
      database = await openDemoDatabase(kind);
      app = await buildTestApp(database);
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    it('says what is loaded for Paris, with vintages, rows and sources', async () => {
      const response = await app.inject('/api/data/coverage?departement=75');
      expect(response.statusCode).toBe(200);
      const body = response.json<CoverageBody>();
      expect(body.departement).toEqual({ code: '75', name: 'Paris' });
      expect(family(body, 'boundaries')).toMatchObject({ loaded: true, vintages: ['2018'], demo: false });
      expect(family(body, 'iris')).toMatchObject({
        loaded: true,
        rows: 992,
        vintages: ['2016'],
        producer: 'IGN / INSEE',
      });
      expect(family(body, 'insee-activite-residents')).toMatchObject({
        loaded: true,
        vintages: ['2010', '2015', '2016', '2017'],
        rows: 992 * 3 + 871,
        message: null,
      });
      expect(family(body, 'insee-filosofi-disp')).toMatchObject({ loaded: true, vintages: ['2015', '2017'] });
      // The RP 2016 habitat-IRIS subsets: 861 IRIS of type H, the label saying which types are absent.
      for (const key of ['insee-evol-struct-pop', 'insee-logement', 'insee-couples-familles-menages']) {
        expect(family(body, key)).toMatchObject({ loaded: true, vintages: ['2016'], rows: 861 });
        expect(family(body, key)?.sourceLabel).toContain('IRIS d’habitat (H) seulement');
      }
      expect(family(body, 'insee-activite-residents')?.sourceLabel).toContain('INSEE Activité des résidents');
      expect(family(body, 'bpe')).toMatchObject({ loaded: true, rows: 36_388, vintages: ['2019'] });
      expect(family(body, 'naf')).toMatchObject({ loaded: true, rows: 1728 });
    });

    it('lists the expected families that are missing, with the French message', async () => {
      const body = (await app.inject('/api/data/coverage?departement=75')).json<CoverageBody>();
      for (const key of ['insee-filosofi-dec', 'job-seekers']) {
        expect(body.missing).toContain(key);
        expect(family(body, key)).toMatchObject({ loaded: false, rows: 0, vintages: [], message: MISSING_MESSAGE });
      }
      expect(body.missing).not.toContain('iris');
    });

    it('covers another département with the national datasets only', async () => {
      const body = (await app.inject('/api/data/coverage?departement=2a')).json<CoverageBody>();
      expect(body.departement).toEqual({ code: '2A', name: 'Corse-du-Sud' });
      expect(family(body, 'boundaries')?.loaded).toBe(true);
      expect(family(body, 'naf')?.loaded).toBe(true);
      expect(family(body, 'iris')?.loaded).toBe(false);
      expect(family(body, 'bpe')?.message).toBe(MISSING_MESSAGE);
    });

    it.each([
      ['/api/data/coverage', 'paramètre « departement »'],
      ['/api/data/coverage?departement=20', 'paramètre « departement » : code de département invalide'],
      ['/api/data/coverage?departement=7', 'paramètre « departement »'],
      ["/api/data/coverage?departement=75'%20OR%201=1", 'paramètre « departement »'],
    ])('answers 400 naming the field for %s', async (url, detail) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(response.json<{ detail: string }>().detail).toContain(detail);
    });
  });

  describe('with datasets of other importers', () => {
    let database: Database;
    let app: FastifyInstance;
    beforeAll(async () => {
      database = await openEmptyDatabase(kind);
      app = await buildTestApp(database);
      const record = { checksum: 'x', files: [], durationMs: 1 };
      await saveDataset(database, {
        ...record,
        source: 'dvf',
        territory: '75',
        vintage: '2024',
        label: 'DVF 2024 — Paris',
        rowCount: 74_800,
        demo: false,
      });
      await saveDataset(database, {
        ...record,
        source: 'dvf',
        territory: '75',
        vintage: '2025',
        label: 'DVF 2025 — Paris',
        rowCount: 84_440,
        demo: false,
      });
      await saveDataset(database, {
        ...record,
        source: 'demo-bpe',
        territory: '75',
        vintage: '2019',
        label: 'Établissements de démonstration (BPE 2019)',
        rowCount: 5_000,
        demo: true,
      });
      await saveDataset(database, {
        ...record,
        source: 'gtfs-idfm',
        territory: '75,92,93,94',
        vintage: '2025',
        label: 'GTFS IDFM',
        rowCount: 10,
        demo: false,
      });
      await saveDataset(database, {
        ...record,
        source: 'velib-stations',
        territory: '75',
        vintage: '2025',
        label: 'Stations Vélib’',
        rowCount: 1_400,
        demo: false,
      });
      await saveDataset(database, {
        ...record,
        source: 'job-seekers',
        territory: '75',
        vintage: '2024',
        label: 'DEFM 2024',
        rowCount: 0,
        demo: false,
      });
      await saveDataset(database, {
        ...record,
        source: 'dvf',
        territory: '13',
        vintage: '2024',
        label: 'DVF 2024 — Bouches-du-Rhône',
        rowCount: 9,
        demo: false,
      });
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    it('groups them by family without code changes and lists unknown sources as their own family', async () => {
      const body = (await app.inject('/api/data/coverage?departement=75')).json<CoverageBody>();
      expect(body.departement).toEqual({ code: '75', name: null });
      expect(family(body, 'dvf')).toMatchObject({
        loaded: true,
        vintages: ['2024', '2025'],
        rows: 159_240,
        demo: false,
      });
      expect(family(body, 'establishments')).toMatchObject({ loaded: true, demo: true, rows: 5_000 });
      expect(family(body, 'transit')).toMatchObject({ loaded: true, vintages: ['2025'] });
      expect(family(body, 'velib-stations')).toMatchObject({
        expected: false,
        loaded: true,
        label: 'Stations Vélib’',
        rows: 1_400,
      });
      // An empty dataset is not coverage.
      expect(family(body, 'job-seekers')).toMatchObject({ loaded: false, message: MISSING_MESSAGE });
      expect(body.missing).toContain('job-seekers');
      expect(body.missing).not.toContain('velib-stations');
    });
  });
});
