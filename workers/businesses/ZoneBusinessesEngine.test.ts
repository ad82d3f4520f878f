import { beforeAll, describe, expect, it } from 'vitest';
import { businessesToArrow } from '../../kernel/businesses/businessesArrow';
import type { Business } from '../../kernel/businesses/businessSchemas';
import { openNodeDuckDb } from '../../tests/support/nodeDuckDb';
import { ZoneBusinessesEngine } from './ZoneBusinessesEngine';
import type { BusinessListQuery } from './zoneBusinessesQuery';

const business = (id: string, fields: Partial<Business>): Business => ({
  id,
  siret: null,
  siren: null,
  denomination: null,
  enseigne: null,
  address: null,
  city: 'Paris',
  postal_code: '75011',
  commune_code: '75111',
  latitude: 48.86,
  longitude: 2.38,
  naf_code: null,
  naf_label: null,
  section_code: null,
  section_label: null,
  employee_size: null,
  employee_range: 'Non renseigné',
  status: 'A',
  date_creation: null,
  source: 'osm',
  source_label: 'OpenStreetMap',
  source_vintage: '2024-12-19',
  demo: false,
  also_in: [],
  ...fields,
});

const ROWS: Business[] = [
  business('a', {
    denomination: 'Café de l’Été',
    naf_code: '56.30Z',
    employee_size: '01',
    address: '52 rue de la Roquette',
  }),
  business('b', {
    denomination: 'Boulangerie Martin',
    naf_code: '10.71C',
    employee_size: '11',
    date_creation: '2015-03-01',
  }),
  business('c', { denomination: 'Le Bistrot', naf_code: '56.10A', employee_size: 'NN', date_creation: '2015-09-12' }),
  business('d', { enseigne: 'Pizza Roma', naf_code: '56.10C', employee_size: '03', date_creation: '2021-01-04' }),
  business('e', { denomination: 'Zinc', naf_code: '56.10A', siret: '12345678900011', employee_size: '00' }),
  business('f', { denomination: 'Démo 1', naf_code: '47.73Z', demo: true, source: 'demo-bpe' }),
  business('g', { naf_code: '56.10A', source: 'apur-bdcom' }),
];

const query = (fields: Partial<BusinessListQuery>): BusinessListQuery => ({
  sort: 'name',
  descending: false,
  page: 0,
  pageSize: 50,
  ...fields,
});

describe('ZoneBusinessesEngine (DuckDB-WASM over the Arrow answer)', () => {
  let engine: ZoneBusinessesEngine;
  beforeAll(async () => {
    engine = await ZoneBusinessesEngine.fromArrow(await openNodeDuckDb(), await businessesToArrow(ROWS));
  });

  it('loads every row and gives them back as establishments', async () => {
    expect(engine.rowCount).toBe(7);
    const { businesses, total } = await engine.page(query({}));
    expect(total).toBe(7);
    // Unnamed last.
    expect(businesses.map((row) => row.id)).toEqual(['b', 'a', 'f', 'c', 'd', 'e', 'g']);
    expect(businesses.find((row) => row.id === 'e')).toMatchObject({ siret: '12345678900011', siren: '123456789' });
    expect(businesses.find((row) => row.id === 'f')?.demo).toBe(true);
  });

  it('searches name, address, NAF and SIRET without accents or case', async () => {
    expect((await engine.page(query({ search: 'cafe ete' }))).businesses.map((row) => row.id)).toEqual(['a']);
    expect((await engine.page(query({ search: 'ROQUETTE' }))).businesses.map((row) => row.id)).toEqual(['a']);
    expect((await engine.page(query({ search: '56.10' }))).total).toBe(4);
    expect((await engine.page(query({ search: '123456789' }))).businesses.map((row) => row.id)).toEqual(['e']);
    expect((await engine.page(query({ search: "100% l'été_" }))).total).toBe(0);
  });

  it('filters by NAF prefix and headcount band', async () => {
    expect((await engine.page(query({ nafPrefix: '56' }))).total).toBe(5);
    expect((await engine.page(query({ nafPrefix: '56.10a' }))).businesses.map((row) => row.id)).toEqual([
      'c',
      'e',
      'g',
    ]);
    expect((await engine.page(query({ nafPrefix: "x' OR 1=1 --" }))).total).toBe(0);
    expect((await engine.page(query({ employeeSize: '11' }))).businesses.map((row) => row.id)).toEqual(['b']);
  });

  it('sorts by NAF code and by headcount (INSEE order, unknown last), both ways, and pages', async () => {
    expect((await engine.page(query({ sort: 'naf' }))).businesses.map((row) => row.naf_code)).toEqual([
      '10.71C',
      '47.73Z',
      '56.10A',
      '56.10A',
      '56.10A',
      '56.10C',
      '56.30Z',
    ]);
    expect((await engine.page(query({ descending: true }))).businesses.map((row) => row.id)).toEqual([
      'e',
      'd',
      'c',
      'f',
      'a',
      'b',
      'g',
    ]);
    const byHeadcount = await engine.page(query({ sort: 'headcount', descending: true }));
    expect(byHeadcount.businesses.map((row) => row.id)).toEqual(['b', 'd', 'a', 'e', 'f', 'c', 'g']);
    const second = await engine.page(query({ sort: 'headcount', page: 1, pageSize: 4 }));
    expect(second.businesses.map((row) => row.id)).toEqual(['f', 'c', 'g']);
    expect(second.total).toBe(7);
  });

  it('answers the selection, band counts and openings per year', async () => {
    expect((await engine.all(query({ ids: ['e', 'a'] }))).map((row) => row.id)).toEqual(['a', 'e']);
    expect(await engine.all(query({ ids: [] }))).toEqual([]);
    expect(await engine.mainCommuneCode()).toBe('75111');
    expect(await engine.bandCounts()).toEqual({ '00': 1, '01': 1, '03': 1, '11': 1, NN: 3 });
    expect(await engine.openingsPerYear(['56'])).toEqual([
      { year: 2015, count: 1 },
      { year: 2021, count: 1 },
    ]);
  });

  it('tries the search column again after a failed first search', async () => {
    const connection = await openNodeDuckDb();
    let failNextSearchColumn = false;
    const flaky = {
      query: (sql: string) => {
        if (failNextSearchColumn && /ADD COLUMN/i.test(sql)) {
          failNextSearchColumn = false;
          return Promise.reject(new Error('Mémoire insuffisante'));
        }
        return connection.query(sql);
      },
      insertArrowFromIPCStream: connection.insertArrowFromIPCStream.bind(connection),
      close: connection.close.bind(connection),
    };
    const zone = await ZoneBusinessesEngine.fromArrow(flaky, await businessesToArrow(ROWS));
    failNextSearchColumn = true;
    await expect(zone.page(query({ search: 'bistrot' }))).rejects.toThrow('Mémoire insuffisante');
    expect(failNextSearchColumn).toBe(false);
    expect((await zone.page(query({ search: 'bistrot' }))).businesses.map((row) => row.id)).toEqual(['c']);
  });
});
