import * as turf from '@turf/turf';
import { describe, expect, it } from 'vitest';
import { encodeReachedNetwork } from '../../kernel/isochrones/encodeReachedNetwork';
import { gridGraph } from '../../kernel/isochrones/gridGraph';
import { IsochroneEngine } from '../../kernel/isochrones/IsochroneEngine';
import { BeyondReachError, IsochroneContourer } from './IsochroneContourer';

const CENTRE: [number, number] = [2.35, 48.85];
const engine = new IsochroneEngine(gridGraph({ centre: CENTRE, size: 61, spacingMetres: 100 }));
const area = (geometry: Parameters<typeof turf.area>[0]) => turf.area(geometry);

describe('IsochroneContourer (isochrone worker)', () => {
  it('re-contours a slider value from the encoded reach as the server would', () => {
    const first = engine.isochrone({ origin: CENTRE, mode: 'walking', metric: 'time', limit: 900 }, 3600);
    const contourer = new IsochroneContourer();
    // Through JSON, as it travels from the server.
    const encoded = JSON.parse(JSON.stringify(encodeReachedNetwork(first.reach))) as ReturnType<
      typeof encodeReachedNetwork
    >;
    expect(contourer.remember('zone-1', encoded)).toMatchObject({ limit: 3600, metric: 'time' });
    for (const minutes of [5, 15, 25]) {
      const local = contourer.contour('zone-1', minutes * 60);
      const server = engine.isochrone({
        origin: CENTRE,
        mode: 'walking',
        metric: 'time',
        limit: minutes * 60,
      }).geometry;
      expect(Math.abs(area(local) - area(server)) / area(server)).toBeLessThan(0.05);
    }
    expect(area(contourer.contour('zone-1', 1500))).toBeGreaterThan(area(contourer.contour('zone-1', 900)));
  });

  it('refuses beyond the computed limit or for an unknown zone', () => {
    const contourer = new IsochroneContourer();
    const { reach } = engine.isochrone({ origin: CENTRE, mode: 'cycling', metric: 'distance', limit: 1000 }, 2000);
    contourer.remember('zone-2', encodeReachedNetwork(reach));
    expect(() => contourer.contour('zone-2', 2500)).toThrow(BeyondReachError);
    expect(() => contourer.contour('zone-3', 1000)).toThrow(BeyondReachError);
    contourer.forget('zone-2');
    expect(() => contourer.contour('zone-2', 1000)).toThrow(BeyondReachError);
  });

  it('keeps only the most recent zones', () => {
    const contourer = new IsochroneContourer(2);
    const { reach } = engine.isochrone({ origin: CENTRE, mode: 'walking', metric: 'time', limit: 300 });
    for (const key of ['a', 'b', 'c']) contourer.remember(key, encodeReachedNetwork(reach));
    expect(() => contourer.contour('a', 300)).toThrow(BeyondReachError);
    expect(contourer.contour('c', 300).type).toBe('Polygon');
  });
});
