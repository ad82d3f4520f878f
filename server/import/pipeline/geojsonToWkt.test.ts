import { describe, expect, it } from 'vitest';
import { geojsonToEwkt, geojsonToWkt } from './geojsonToWkt';

describe('geojsonToWkt', () => {
  it('writes points and multipolygons with holes', () => {
    expect(geojsonToWkt({ type: 'Point', coordinates: [2.35, 48.85] })).toBe('POINT(2.35 48.85)');
    expect(
      geojsonToWkt({
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [0, 0],
              [4, 0],
              [4, 4],
              [0, 0],
            ],
            [
              [1, 1],
              [2, 1],
              [2, 2],
              [1, 1],
            ],
          ],
        ],
      }),
    ).toBe('MULTIPOLYGON(((0 0,4 0,4 4,0 0),(1 1,2 1,2 2,1 1)))');
  });

  it('drops the third ordinate and prefixes the SRID', () => {
    expect(
      geojsonToEwkt({
        type: 'LineString',
        coordinates: [
          [1, 2, 3],
          [4, 5, 6],
        ],
      }),
    ).toBe('SRID=4326;LINESTRING(1 2,4 5)');
  });
});
