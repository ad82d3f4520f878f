import * as turf from '@turf/turf';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { gridGraph } from './gridGraph';
import { IsochroneEngine, OffNetworkError } from './IsochroneEngine';
import { buildRoadGraph } from './RoadGraph';

const CENTRE: [number, number] = [2.35, 48.85];
const feature = (geometry: Polygon | MultiPolygon): Feature<Polygon | MultiPolygon> => ({
  type: 'Feature',
  geometry,
  properties: {},
});

/** Share of `inner`'s area outside `outer`. */
function outsideShare(inner: Polygon | MultiPolygon, outer: Polygon | MultiPolygon): number {
  const difference = turf.difference(turf.featureCollection([feature(inner), feature(outer)]));
  return difference ? turf.area(difference) / turf.area(feature(inner)) : 0;
}

/** Distance in km from the centre to the farthest point of the polygon in one direction. */
function extentKm(geometry: Polygon | MultiPolygon, bearing: 'east' | 'north' | 'west' | 'south'): number {
  const [west, south, east, north] = turf.bbox(geometry);
  const target: [number, number] =
    bearing === 'east'
      ? [east, CENTRE[1]]
      : bearing === 'west'
        ? [west, CENTRE[1]]
        : bearing === 'north'
          ? [CENTRE[0], north]
          : [CENTRE[0], south];
  return turf.distance(CENTRE, target, { units: 'kilometers' });
}

describe('IsochroneEngine on an open street grid (100 m blocks)', () => {
  const engine = new IsochroneEngine(gridGraph({ centre: CENTRE, size: 81, spacingMetres: 100 }));

  it('a 15-minute walk covers about 1.0–1.4 km around the start', () => {
    const { geometry, snapMetres } = engine.isochrone({
      origin: CENTRE,
      mode: 'walking',
      metric: 'time',
      limit: 15 * 60,
    });
    expect(snapMetres).toBeLessThan(1);
    expect(geometry.type).toBe('Polygon');
    for (const bearing of ['east', 'north', 'west', 'south'] as const) {
      expect(extentKm(geometry, bearing)).toBeGreaterThan(1.0);
      expect(extentKm(geometry, bearing)).toBeLessThan(1.4);
    }
    // A grid walk of 1.25 km reaches a diamond (2 × 1.25² km²), widened by the blocks beside the streets.
    const areaKm2 = turf.area(feature(geometry)) / 1e6;
    expect(areaKm2).toBeGreaterThan(2.6);
    expect(areaKm2).toBeLessThan(4.2);
    expect(turf.booleanPointInPolygon(CENTRE, geometry)).toBe(true);
    expect(turf.booleanPointInPolygon([CENTRE[0] + 0.02, CENTRE[1]], geometry)).toBe(false);
  });

  it('a longer time or a faster mode contains the shorter or slower zone', () => {
    const walk15 = engine.isochrone({ origin: CENTRE, mode: 'walking', metric: 'time', limit: 900 }).geometry;
    const walk30 = engine.isochrone({ origin: CENTRE, mode: 'walking', metric: 'time', limit: 1800 }).geometry;
    const cycle15 = engine.isochrone({ origin: CENTRE, mode: 'cycling', metric: 'time', limit: 900 }).geometry;
    expect(turf.area(feature(walk30))).toBeGreaterThan(3 * turf.area(feature(walk15)));
    expect(outsideShare(walk15, walk30)).toBeLessThan(0.005);
    expect(outsideShare(walk15, cycle15)).toBeLessThan(0.005);
  });

  it('distance zones follow the network distance', () => {
    const { geometry } = engine.isochrone({ origin: CENTRE, mode: 'cycling', metric: 'distance', limit: 2000 });
    expect(extentKm(geometry, 'east')).toBeGreaterThan(1.9);
    expect(extentKm(geometry, 'east')).toBeLessThan(2.2);
  });

  it('re-contours a smaller limit from a larger reach exactly as a direct computation', () => {
    const wide = engine.isochrone({ origin: CENTRE, mode: 'walking', metric: 'time', limit: 600 }, 1800);
    const direct = engine.isochrone({ origin: CENTRE, mode: 'walking', metric: 'time', limit: 600 });
    const wideArea = turf.area(feature(wide.geometry));
    expect(Math.abs(wideArea - turf.area(feature(direct.geometry))) / wideArea).toBeLessThan(0.05);
    expect(wide.reach.limit).toBe(1800);
  });

  it('refuses a start far from the network', () => {
    expect(() => engine.isochrone({ origin: [2.5, 48.85], mode: 'walking', metric: 'time', limit: 900 })).toThrow(
      OffNetworkError,
    );
  });
});

describe('IsochroneEngine on a network with one-ways and closed edges', () => {
  // A line of 4 nodes 500 m apart: 0–1 two-way, 1→2 one-way for cars, 2–3 footway (no cars).
  const longitudes = Float64Array.from([2.35, 2.3568, 2.3636, 2.3704]);
  const latitudes = Float64Array.from([48.85, 48.85, 48.85, 48.85]);
  const edge = (source: number, target: number, extra: Partial<Parameters<typeof buildRoadGraph>[1][number]>) => ({
    source,
    target,
    lengthMetres: 500,
    drivingSpeedKmh: 30,
    walkingSpeedKmh: 5,
    cyclingSpeedKmh: 15,
    oneway: false,
    cyclingOneway: false,
    coordinates: [
      longitudes[source] as number,
      latitudes[source] as number,
      longitudes[target] as number,
      latitudes[target] as number,
    ],
    ...extra,
  });
  const graph = buildRoadGraph({ longitudes, latitudes }, [
    edge(0, 1, {}),
    edge(1, 2, { oneway: true }),
    edge(2, 3, { drivingSpeedKmh: null }),
  ]);
  const engine = new IsochroneEngine(graph);

  it('drives along one-ways only forward and never on footways', () => {
    const forward = engine.reach({ origin: [2.35, 48.85], mode: 'driving', metric: 'distance', limit: 5000 });
    expect(forward.reachedNodes).toBe(3);
    const backward = engine.reach({ origin: [2.3636, 48.85], mode: 'driving', metric: 'distance', limit: 5000 });
    expect(backward.reachedNodes).toBe(1);
    const walking = engine.reach({ origin: [2.3636, 48.85], mode: 'walking', metric: 'distance', limit: 5000 });
    expect(walking.reachedNodes).toBe(4);
  });
});
