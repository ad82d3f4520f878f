import { describe, expect, it } from 'vitest';
import { IsochroneEngine } from '../isochrones/IsochroneEngine';
import { gridGraph } from '../isochrones/gridGraph';
import { walkingTimes, type CompetitorCandidate } from './nearestCompetitors';

const CENTRE: [number, number] = [2.37, 48.86];
const SPACING = 100;
const degreesLatitude = SPACING / 110_574;
const degreesLongitude = SPACING / (111_320 * Math.cos((CENTRE[1] * Math.PI) / 180));
/** The junction `east` and `north` streets away from the centre. */
const junction = (id: string, east: number, north: number): CompetitorCandidate => ({
  id,
  longitude: CENTRE[0] + east * degreesLongitude,
  latitude: CENTRE[1] + north * degreesLatitude,
});

describe('walking times to competitors on a street grid', () => {
  const engine = new IsochroneEngine(gridGraph({ centre: CENTRE, size: 31, spacingMetres: SPACING }));

  it('follows the streets, nearest first, and leaves out what is beyond the walk', () => {
    const beside = { id: 'beside', longitude: CENTRE[0] + (10 / SPACING) * degreesLongitude, latitude: CENTRE[1] };
    const result = walkingTimes(
      engine,
      CENTRE,
      [junction('north-3', 0, 3), junction('east-2', 2, 0), junction('diagonal', 1, 1), beside, junction('far', 12, 0)],
      600,
    );
    expect(result?.snapMetres).toBeCloseTo(0, 3);
    const seconds = Object.fromEntries(result?.reached.map((entry) => [entry.id, entry.seconds]) ?? []);
    expect(result?.reached.map((entry) => entry.id)).toEqual(['beside', 'diagonal', 'east-2', 'north-3']);
    // 5 km/h: 200 m of street in 144 s — the diagonal junction too (141 m as the crow flies, 200 m on foot).
    expect(seconds['east-2']).toBeCloseTo(144, 0);
    expect(seconds.diagonal).toBeCloseTo(144, 0);
    expect(seconds['north-3']).toBeCloseTo(216, 0);
    // 10 m along the origin's own street, walked directly rather than to the junction and back.
    expect(seconds.beside).toBeCloseTo(7.2, 1);
    expect(seconds.far).toBeUndefined();
  });

  it('answers nothing for an origin far from every street', () => {
    expect(walkingTimes(engine, [CENTRE[0] + 1, CENTRE[1]], [junction('east-2', 2, 0)], 600)).toBeUndefined();
  });
});
