import { describe, expect, it } from 'vitest';
import { elementPoint, type OverpassElement, osmRestaurant } from './osmRestaurant';
import { osmRestaurantNafCode } from './osmRestaurantNafCode';

describe('OSM restaurant → NAF', () => {
  it('maps sit-down restaurants to 56.10A, fast food to 56.10C and self-service to 56.10B', () => {
    expect(osmRestaurantNafCode({ amenity: 'restaurant' })).toBe('56.10A');
    expect(osmRestaurantNafCode({ amenity: 'restaurant', cuisine: 'italian;pizza' })).toBe('56.10A');
    expect(osmRestaurantNafCode({ amenity: 'restaurant', cuisine: 'Burger' })).toBe('56.10C');
    expect(osmRestaurantNafCode({ amenity: 'restaurant', cuisine: 'french', takeaway: 'only' })).toBe('56.10C');
    expect(osmRestaurantNafCode({ amenity: 'restaurant', self_service: 'yes', cuisine: 'kebab' })).toBe('56.10B');
  });
});

describe('OSM restaurant → establishment', () => {
  const nodes = new Map<number, OverpassElement>([
    [1, { type: 'node', id: 1, lat: 48.85, lon: 2.37 }],
    [2, { type: 'node', id: 2, lat: 48.86, lon: 2.37 }],
    [3, { type: 'node', id: 3, lat: 48.86, lon: 2.38 }],
  ]);
  const way: OverpassElement = {
    type: 'way',
    id: 9,
    nodes: [1, 2, 3, 1],
    tags: { amenity: 'restaurant', name: 'Chez A' },
  };
  const ways = new Map([[9, way]]);

  it('places a way at the mean of its distinct nodes, a relation at its outer ways', () => {
    const [longitude, latitude] = elementPoint(way, nodes, ways) ?? [];
    expect(longitude).toBeCloseTo((2.37 + 2.37 + 2.38) / 3, 10);
    expect(latitude).toBeCloseTo((48.85 + 48.86 + 48.86) / 3, 10);
    const relation: OverpassElement = {
      type: 'relation',
      id: 5,
      members: [
        { type: 'way', ref: 9, role: 'outer' },
        { type: 'way', ref: 77, role: 'inner' },
      ],
    };
    expect(elementPoint(relation, nodes, ways)).toEqual(elementPoint(way, nodes, ways));
    expect(elementPoint({ type: 'way', id: 10, nodes: [404] }, nodes, ways)).toBeUndefined();
  });

  it('takes the SIRET as identity only when valid and unique in the file, else the OSM id', () => {
    const tags = { amenity: 'restaurant', name: 'Le Bistrot', 'ref:FR:SIRET': '123 456 789 00012', brand: 'B' };
    const node: OverpassElement = { type: 'node', id: 42, lat: 48.85, lon: 2.37, tags };
    const once = new Map([['12345678900012', 1]]);
    expect(osmRestaurant(node, [2.37, 48.85], once)).toMatchObject({
      id: '12345678900012',
      denomination: 'Le Bistrot',
      enseigne: 'B',
      nafCode: '56.10A',
      sourceActivity: 'restaurant',
    });
    expect(osmRestaurant(node, [2.37, 48.85], new Map([['12345678900012', 2]])).id).toBe('osm:node/42');
    const bad = { ...node, tags: { ...tags, 'ref:FR:SIRET': '1234' } };
    expect(osmRestaurant(bad, [2.37, 48.85], once).id).toBe('osm:node/42');
  });

  it('reads the address from addr:* or contact:*', () => {
    const node: OverpassElement = {
      type: 'node',
      id: 7,
      tags: {
        amenity: 'restaurant',
        'contact:street': 'Rue de la Roquette',
        'contact:housenumber': '52',
        'addr:postcode': '75011',
      },
    };
    expect(osmRestaurant(node, [2.37, 48.85], new Map())).toMatchObject({
      adresse: '52 Rue de la Roquette',
      codePostal: '75011',
      denomination: null,
    });
  });

  it('refuses a restaurant without a position or outside France, naming the field', () => {
    const node: OverpassElement = { type: 'node', id: 8, tags: { amenity: 'restaurant' } };
    expect(() => osmRestaurant(node, undefined, new Map())).toThrow(/sans position/);
    expect(() => osmRestaurant(node, [120, 30], new Map())).toThrow(/hors de France/);
  });
});
