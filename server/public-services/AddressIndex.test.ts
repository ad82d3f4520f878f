import type { MultiPolygon, Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';
import { AddressIndex, MAX_EDGE_TESTS, type ZoneAddress } from './AddressIndex';
import {
  selectAddressTotals,
  selectDepartementAddresses,
  selectRepairedZone,
  selectZoneAddresses,
} from './publicServicesRepository';

const keyOf = (address: ZoneAddress) => `${address.longitude},${address.latitude},${address.iris_code}`;

/** A regular polygon of `sides` around a point, `radius` degrees wide. */
function disc(longitude: number, latitude: number, radius: number, sides: number): Polygon {
  const ring = Array.from({ length: sides }, (_, index) => {
    const angle = (index / sides) * 2 * Math.PI;
    return [longitude + radius * Math.cos(angle), latitude + radius * 0.66 * Math.sin(angle)];
  });
  return { type: 'Polygon', coordinates: [[...ring, ring[0] as number[]]] };
}

describe('AddressIndex (in memory, no database)', () => {
  const addresses: ZoneAddress[] = [
    { longitude: 2.0, latitude: 48.0, iris_code: 'A' },
    { longitude: 2.5, latitude: 48.5, iris_code: 'B' },
    { longitude: 3.0, latitude: 48.5, iris_code: 'B' },
    { longitude: 9.0, latitude: 9.0, iris_code: 'C' },
  ];
  const square: Polygon = {
    type: 'Polygon',
    coordinates: [
      [
        [2, 48],
        [3, 48],
        [3, 49],
        [2, 49],
        [2, 48],
      ],
    ],
  };

  it('finds the addresses inside and on the boundary, reads a département once and only when it is needed', async () => {
    const reads: string[] = [];
    const index = new AddressIndex(
      new Map([
        ['75', [2, 48, 3, 48.5]],
        ['2A', [9, 9, 9, 9]],
      ]),
      async (departement) => {
        reads.push(departement);
        return departement === '75' ? addresses.slice(0, 3) : addresses.slice(3);
      },
    );
    expect((await index.within(square))?.map((address) => address.iris_code)).toEqual(['A', 'B', 'B']);
    expect(await index.within(square)).toHaveLength(3);
    expect(reads).toEqual(['75']);
  });

  it('leaves a zone to the database when testing it here would cost more than its budget', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      longitude: 2 + index / 20_000,
      latitude: 48.25,
      iris_code: 'A',
    }));
    const index = new AddressIndex(new Map([['75', [2, 48.25, 2.5, 48.25]]]), async () => many);
    const vertices = Math.ceil(MAX_EDGE_TESTS / many.length) + 10;
    expect(await index.within(disc(2.25, 48.25, 1, vertices))).toBeUndefined();
    expect(await index.within(disc(2.25, 48.25, 1, 64))).toHaveLength(10_000);
  });
});

describe.each(testDatabaseKinds())('AddressIndex against the spatial query (%s)', (kind) => {
  let database: Database;
  let index: AddressIndex;

  beforeAll(async () => {
    database = await openDemoDatabase(kind);
    const { extents } = await selectAddressTotals(database);
    index = new AddressIndex(extents, (departement) => selectDepartementAddresses(database, departement));
  });
  afterAll(() => database?.close());

  /** The same addresses as `ST_Intersects` on the repaired zone, in any order. */
  async function expectSameAddresses(geometry: Polygon | MultiPolygon, atLeast: number) {
    const json = JSON.stringify(geometry);
    const expected = (await selectZoneAddresses(database, json)).map(keyOf).sort();
    const repaired = await selectRepairedZone(database, json);
    const found = await index.within(JSON.parse(repaired ?? json) as Polygon | MultiPolygon);
    expect(expected.length).toBeGreaterThanOrEqual(atLeast);
    expect(found?.map(keyOf).sort()).toEqual(expected);
  }

  it('finds the addresses of the 11e arrondissement', async () => {
    const { rows } = await database.query<{ geometry: string }>(
      `SELECT ST_AsGeoJSON(geometry) AS geometry FROM communes WHERE code = '75111'`,
    );
    await expectSameAddresses(JSON.parse(rows[0]?.geometry ?? 'null') as Polygon | MultiPolygon, 5_000);
  });

  it('finds the addresses of a disc, of two parts with a hole, and of a polygon crossing itself', async () => {
    await expectSameAddresses(disc(2.35, 48.86, 0.01, 90), 500);
    const outer = disc(2.38, 48.85, 0.012, 40);
    const hole = disc(2.38, 48.85, 0.004, 24);
    await expectSameAddresses(
      {
        type: 'MultiPolygon',
        coordinates: [
          [outer.coordinates[0] as number[][], [...(hole.coordinates[0] as number[][])].reverse()],
          disc(2.3, 48.88, 0.006, 30).coordinates,
        ],
      },
      500,
    );
    // A bow tie: valid once repaired into two triangles.
    const bowTie: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [2.36, 48.85],
          [2.39, 48.87],
          [2.39, 48.85],
          [2.36, 48.87],
          [2.36, 48.85],
        ],
      ],
    };
    expect(await selectRepairedZone(database, JSON.stringify(bowTie))).toContain('MultiPolygon');
    await expectSameAddresses(bowTie, 500);
  });
});
