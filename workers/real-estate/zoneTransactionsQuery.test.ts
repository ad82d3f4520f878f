import type * as DuckDbBlocking from '@duckdb/duckdb-wasm/blocking';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LotRow } from '../../server/real-estate/realEstateRepository';
import { lotsToArrow } from '../../server/real-estate/lotsToArrow';
import { filterGroups, type GroupFilters, type GroupSort } from '../../src/features/real-estate/filterGroups';
import { groupTransactions } from '../../src/features/real-estate/groupTransactions';
import { lotFromArrow } from './lotFromArrow';
import { zoneTransactionsQuery } from './zoneTransactionsQuery';

async function openDuckDb() {
  const require = createRequire(import.meta.url);
  const duckdb = require('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs') as typeof DuckDbBlocking;
  const dist = dirname(require.resolve('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs'));
  const database = await duckdb.createDuckDB(
    {
      mvp: { mainModule: join(dist, 'duckdb-mvp.wasm'), mainWorker: join(dist, 'duckdb-node-mvp.worker.cjs') },
      eh: { mainModule: join(dist, 'duckdb-eh.wasm'), mainWorker: join(dist, 'duckdb-node-eh.worker.cjs') },
    },
    new duckdb.VoidLogger(),
    duckdb.NODE_RUNTIME,
  );
  await database.instantiate();
  return database.connect();
}

let id = 1;
const lot = (mutation: string, fields: Partial<LotRow>): LotRow => ({
  id: id++,
  id_mutation: mutation,
  date_mutation: '2024-01-01',
  nature_mutation: 'Vente',
  valeur_fonciere: 300000,
  price_per_m2: null,
  group_type_local: 'Appartement',
  type_local: 'Appartement',
  surface_reelle_bati: 40,
  surface_terrain: null,
  nombre_pieces_principales: 2,
  nature_culture: null,
  code_nature_culture: null,
  lot1_numero: null,
  adresse_numero: '1',
  adresse_suffixe: null,
  adresse_nom_voie: 'RUE X',
  code_postal: '75011',
  nom_commune: 'Paris 11e Arrondissement',
  iris_code: null,
  id_parcelle: null,
  longitude: 2.38,
  latitude: 48.86,
  ...fields,
});

const LOTS: LotRow[] = [
  lot('A', { date_mutation: '2024-03-01', valeur_fonciere: 450000, price_per_m2: 9000, surface_reelle_bati: 50, nombre_pieces_principales: 3 }),
  lot('A', { type_local: 'Dépendance', valeur_fonciere: 450000, surface_reelle_bati: null, nombre_pieces_principales: 0 }),
  lot('B', { date_mutation: '2024-05-01', valeur_fonciere: 650000, price_per_m2: 10000, surface_reelle_bati: 65, nombre_pieces_principales: 3 }),
  lot('C', { date_mutation: '2024-02-01', valeur_fonciere: 250000, surface_reelle_bati: 25, nombre_pieces_principales: 1 }),
  lot('D', { date_mutation: '2024-04-01', group_type_local: 'Maison', type_local: 'Maison', valeur_fonciere: 480000, surface_reelle_bati: 90, nombre_pieces_principales: 4 }),
  lot('E', { date_mutation: '2024-06-01', group_type_local: 'Dépendance', type_local: 'Dépendance', valeur_fonciere: 30000, surface_reelle_bati: null, nombre_pieces_principales: null }),
];

describe('zoneTransactionsQuery in DuckDB-WASM (Node build)', () => {
  it('filters and sorts the groups like the JavaScript filters do', async () => {
    const connection = await openDuckDb();
    connection.insertArrowFromIPCStream(await lotsToArrow(LOTS), { name: 'lots', create: true });
    const cases: [GroupFilters, GroupSort][] = [
      [{}, 'date-desc'],
      [{ types: ['Appartement'], roomsMin: 2, roomsMax: 3, priceMax: 500000 }, 'price-asc'],
      [{ surfaceMin: 30 }, 'price-desc'],
      [{ roomsMin: 1 }, 'date-asc'],
    ];
    const javascriptGroups = groupTransactions(LOTS.map((row) => lotFromArrow(row as unknown as Record<string, unknown>)));
    for (const [filters, sort] of cases) {
      const rows = connection.query(zoneTransactionsQuery(filters, sort)).toArray();
      const fromDuckDb = [...new Set(rows.map((row) => String((row.toJSON() as { id_mutation: string }).id_mutation)))];
      const expected = filterGroups(
        javascriptGroups.map((group) => ({ ...group, primary_type_local: (group.lots[0] as { group_type_local?: string }).group_type_local as never })),
        filters,
        sort,
      ).map((group) => group.id_mutation);
      expect(fromDuckDb, JSON.stringify(filters)).toEqual(expected);
    }
    expect([...new Set(connection.query(zoneTransactionsQuery({ types: ['Appartement'], roomsMin: 2, roomsMax: 3, priceMax: 500000 }, 'price-asc')).toArray().map((row) => String((row.toJSON() as { id_mutation: string }).id_mutation)))]).toEqual(['A']);
    connection.close();
  });
});
