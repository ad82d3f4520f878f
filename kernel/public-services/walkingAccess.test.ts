import { describe, expect, it } from 'vitest';
import { IsochroneEngine } from '../isochrones/IsochroneEngine';
import { buildRoadGraph, type RoadEdgeRecord } from '../isochrones/RoadGraph';
import { nearestServiceSeconds, servedShares, snapResidences } from './walkingAccess';

const LATITUDE = 48.85;
const METRES_PER_DEGREE_LONGITUDE = 111_320 * Math.cos((LATITUDE * Math.PI) / 180);
const longitudeAt = (metres: number) => 2.35 + metres / METRES_PER_DEGREE_LONGITUDE;

/**
 * One straight street of 21 junctions 100 m apart (2 km, walked at 5 km/h: 72 s per block), with a
 * service at each end.
 */
function street() {
  const longitudes = Float64Array.from({ length: 21 }, (_, node) => longitudeAt(node * 100));
  const latitudes = new Float64Array(21).fill(LATITUDE);
  const edges: RoadEdgeRecord[] = Array.from({ length: 20 }, (_, node) => ({
    source: node,
    target: node + 1,
    lengthMetres: 100,
    drivingSpeedKmh: 30,
    walkingSpeedKmh: 5,
    cyclingSpeedKmh: 15,
    oneway: false,
    cyclingOneway: false,
    coordinates: [longitudes[node] as number, LATITUDE, longitudes[node + 1] as number, LATITUDE],
  }));
  return new IsochroneEngine(buildRoadGraph({ longitudes, latitudes }, edges));
}

describe('served population on a hand-made street', () => {
  const engine = street();
  const services: [number, number][] = [
    [longitudeAt(0), LATITUDE],
    [longitudeAt(2000), LATITUDE],
  ];
  const nodeSeconds = nearestServiceSeconds(engine, services, 15 * 60);

  it('one search from both services gives each junction its time to the nearer one', () => {
    expect(nodeSeconds[0]).toBeCloseTo(0, 6);
    expect(nodeSeconds[2]).toBeCloseTo(144, 3);
    expect(nodeSeconds[10]).toBeCloseTo(720, 3);
    expect(nodeSeconds[18]).toBeCloseTo(144, 3);
    // 1,250 m = 15 min: junction 12 (800 m from the east end: 576 s) is reached, none is beyond the limit.
    expect(nodeSeconds[12]).toBeCloseTo(576, 3);
  });

  it('counts each residence at its walk to the street plus the street time, with the known answer', () => {
    const residences = snapResidences(engine, [
      { longitude: longitudeAt(200), latitude: LATITUDE, weight: 1 }, // 144 s
      { longitude: longitudeAt(500), latitude: LATITUDE, weight: 2 }, // 360 s
      { longitude: longitudeAt(1000), latitude: LATITUDE, weight: 3 }, // 720 s
      // 50 m north of junction 8 (576 s): 36 s more off the street → 612 s, just over 10 minutes.
      { longitude: longitudeAt(800), latitude: LATITUDE + 50 / 110_574, weight: 5 },
      // 1 km north: farther than any walkable junction may be attached, never served.
      { longitude: longitudeAt(1000), latitude: LATITUDE + 1000 / 110_574, weight: 4 },
    ]);
    const [five, ten, fifteen] = servedShares(residences, nodeSeconds, [300, 600, 900]);
    expect(five).toBeCloseTo(1 / 15, 6);
    expect(ten).toBeCloseTo(3 / 15, 6);
    expect(fifteen).toBeCloseTo(11 / 15, 6);
  });

  it('a category without any service serves nobody, and no residents give 0', () => {
    const none = nearestServiceSeconds(engine, [], 900);
    const residences = snapResidences(engine, [{ longitude: longitudeAt(0), latitude: LATITUDE, weight: 7 }]);
    expect(servedShares(residences, none, [300, 600, 900])).toEqual([0, 0, 0]);
    expect(servedShares(snapResidences(engine, []), nodeSeconds, [300])).toEqual([0]);
  });
});
