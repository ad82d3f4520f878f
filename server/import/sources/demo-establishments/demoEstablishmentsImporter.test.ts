import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRawCsv } from '../../../../tests/support/rawCsv';
import { openDataDirectory, openDemoDatabase, testDatabaseKinds } from '../../../../tests/support/testDatabase';
import type { Database } from '../../../db/Database';
import { readBpeEquipmentTypes } from '../bpe/bpeEquipmentTypes';
import { runImports } from '../../pipeline/runImports';
import { BPE_NAF_CODES } from './bpeNafCodes';
import { demoEstablishmentsImporter } from './demoEstablishmentsImporter';

const quiet = { write: () => true, isTTY: false };

describe('BPE → NAF table', () => {
  it('gives a NAF sous-classe to every BPE 2019 equipment type', () => {
    const types = readBpeEquipmentTypes().map((type) => type.code);
    expect(types.filter((code) => !BPE_NAF_CODES[code])).toEqual([]);
    expect(Object.keys(BPE_NAF_CODES).filter((code) => !types.includes(code))).toEqual([]);
    expect(Object.values(BPE_NAF_CODES).filter((naf) => !/^\d{2}\.\d{2}[A-Z]$/.test(naf))).toEqual([]);
  });
});

describe.each(testDatabaseKinds())('demo establishments on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openDemoDatabase(kind);
  });
  afterAll(() => database.close());

  it('creates one demo establishment per equipment counted by the BPE 2019 in Paris, per type', async () => {
    const raw = readRawCsv(join(openDataDirectory(), 'bpe/bpe19_ensemble_75.csv'), ';').rows;
    const expected = new Map<string, number>();
    for (const row of raw) {
      expected.set(row.TYPEQU ?? '', (expected.get(row.TYPEQU ?? '') ?? 0) + Number(row.NB_EQUIP));
    }
    const { rows } = await database.query<{ bpe_type: string; count: number }>(
      `SELECT bpe_type, count(*)::int AS count FROM establishments
       WHERE departement_code = '75' AND source = 'demo-bpe' GROUP BY bpe_type`,
    );
    expect(new Map(rows.map((row) => [row.bpe_type, row.count]))).toEqual(expected);
    expect([...expected.values()].reduce((sum, count) => sum + count, 0)).toBe(139_884);
    const dataset = await database.query<{ row_count: number; demo: boolean; label: string }>(
      `SELECT row_count, demo, label FROM datasets WHERE source = 'demo-bpe' AND territory = '75'`,
    );
    expect(dataset.rows).toEqual([
      {
        row_count: 139_884,
        demo: true,
        label: 'Établissements de démonstration (BPE 2019, adresses BAN) — Paris (75)',
      },
    ]);
  });

  it('places each one at a real BAN address of its IRIS, with a NAF code of the nomenclature', async () => {
    const { rows } = await database.query<Record<string, number>>(
      `SELECT count(*)::int AS total,
         count(*) FILTER (WHERE naf_code IS NULL OR naf_code NOT IN (SELECT code FROM naf_codes))::int AS unknown_naf,
         count(*) FILTER (WHERE geometry IS NULL OR iris_code IS NULL)::int AS unplaced,
         count(*) FILTER (WHERE adresse IS NOT NULL AND NOT EXISTS (
           SELECT 1 FROM ban_addresses b WHERE b.geometry ~= e.geometry AND b.iris_code = e.iris_code))::int AS off_address,
         count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM iris
           WHERE iris.code = e.iris_code AND ST_DWithin(iris.geometry, e.geometry, 0.003)))::int AS outside_iris
       FROM establishments e WHERE departement_code = '75' AND source = 'demo-bpe'`,
    );
    expect(rows[0]).toEqual({ total: 139_884, unknown_naf: 0, unplaced: 0, off_address: 0, outside_iris: 0 });
    const bakery = await database.query<{ denomination: string; naf_code: string; etat: string }>(
      `SELECT denomination, naf_code, etat FROM establishments WHERE source = 'demo-bpe' AND bpe_type = 'B203' LIMIT 1`,
    );
    expect(bakery.rows[0]).toEqual({
      denomination: 'Boulangerie (établissement de démonstration)',
      naf_code: '10.71C',
      etat: 'A',
    });
  });

  it.runIf(kind === 'pglite')('places the same establishments at the same addresses when rebuilt', async () => {
    const fingerprint = async () =>
      (
        await database.query<{ digest: string }>(
          `SELECT md5(string_agg(siret || ST_AsText(geometry) || coalesce(adresse, ''), ',' ORDER BY siret)) AS digest
           FROM establishments WHERE source = 'demo-bpe'`,
        )
      ).rows[0]?.digest;
    const before = await fingerprint();
    const outcomes = await runImports(
      database,
      [demoEstablishmentsImporter],
      { openDataDirectory: openDataDirectory(), departements: ['75'] },
      { output: quiet, force: true },
    );
    expect(outcomes.map((outcome) => [outcome.status, outcome.rows])).toEqual([['loaded', 139_884]]);
    expect(await fingerprint()).toBe(before);
  });
});
