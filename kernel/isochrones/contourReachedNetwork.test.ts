import * as turf from '@turf/turf';
import { describe, expect, it } from 'vitest';
import { gridGraph } from './gridGraph';
import { IsochroneEngine } from './IsochroneEngine';

/**
 * The contour checked against an independent computation: on an open street grid the network cost of a
 * junction is its Manhattan distance in blocks from the start, divided by the mode's speed — no Dijkstra,
 * no contouring. Junctions reached well within the limit must lie inside the polygon; junctions whose every
 * reached street is farther than the off-network reach (60 m, the product's rule) must lie outside. The
 * tolerance is one grid cell (its diagonal) on each side.
 */
const CENTRE: [number, number] = [2.35, 48.85];
const SIZE = 81;
const BLOCK_METRES = 100;
const CELL_METRES = 25;
const OFF_NETWORK_METRES = 60;
/** Off the network one walks at 5 km/h (the product's rule), whatever the mode. */
const OFF_NETWORK_SECONDS_PER_METRE = 3.6 / 5;

const graph = gridGraph({ centre: CENTRE, size: SIZE, spacingMetres: BLOCK_METRES });
const engine = new IsochroneEngine(graph);
const half = (SIZE - 1) / 2;

const cases = [
  {
    mode: 'walking',
    metric: 'time',
    limit: 10 * 60,
    metresPerUnit: 5 / 3.6,
    offCostPerMetre: OFF_NETWORK_SECONDS_PER_METRE,
  },
  {
    mode: 'walking',
    metric: 'time',
    limit: 15 * 60,
    metresPerUnit: 5 / 3.6,
    offCostPerMetre: OFF_NETWORK_SECONDS_PER_METRE,
  },
  {
    mode: 'cycling',
    metric: 'time',
    limit: 5 * 60,
    metresPerUnit: 15 / 3.6,
    offCostPerMetre: OFF_NETWORK_SECONDS_PER_METRE,
  },
  { mode: 'cycling', metric: 'distance', limit: 2000, metresPerUnit: 1, offCostPerMetre: 1 },
] as const;

describe('isochrone contour against the Manhattan costs of a street grid', () => {
  it.each(cases)('$mode, $metric, limit $limit', ({ mode, metric, limit, metresPerUnit, offCostPerMetre }) => {
    const { geometry } = engine.isochrone({ origin: CENTRE, mode, metric, limit }, limit, {
      cellMetres: CELL_METRES,
      offNetworkMetres: OFF_NETWORK_METRES,
    });
    const cellDiagonal = CELL_METRES * Math.SQRT2;
    // Network metres reachable at the limit; beyond it, 60 m off the network at most.
    const reachMetres = limit * metresPerUnit;
    let inside = 0;
    let outside = 0;
    const misplaced: string[] = [];
    for (let row = 0; row < SIZE; row += 1) {
      for (let column = 0; column < SIZE; column += 1) {
        const node = row * SIZE + column;
        const networkMetres = (Math.abs(row - half) + Math.abs(column - half)) * BLOCK_METRES;
        const position: [number, number] = [graph.nodeLongitudes[node] as number, graph.nodeLatitudes[node] as number];
        const contained = turf.booleanPointInPolygon(position, geometry);
        // Reached with a cell's diagonal to spare (at off-network cost): inside.
        if (networkMetres / metresPerUnit + cellDiagonal * offCostPerMetre <= limit) {
          inside += 1;
          if (!contained) misplaced.push(`atteint ${row},${column} hors du polygone`);
        }
        // Every reached street point is at least (Manhattan gap)/√2 away in a straight line: beyond the
        // off-network reach plus a cell, the junction must be outside.
        if ((networkMetres - reachMetres) / Math.SQRT2 > OFF_NETWORK_METRES + cellDiagonal) {
          outside += 1;
          if (contained) misplaced.push(`non atteint ${row},${column} dans le polygone`);
        }
      }
    }
    expect(misplaced).toEqual([]);
    expect(inside).toBeGreaterThan(50);
    expect(outside).toBeGreaterThan(1000);
  });
});
