import type { MultiPolygon, Polygon, Position } from 'geojson';
import { localProjection, unprojectLatitude, unprojectLongitude } from './localProjection';
import type { ReachedNetwork } from './ReachedNetwork';
import { OFF_NETWORK_REACH_METRES } from './travelModes';

export interface ContourOptions {
  /** Grid cell size in metres; by default from the reached extent (≈ 175 × 175 cells, 8–150 m). */
  cellMetres?: number;
  /** How far the zone extends off a reached street (metres, default 60). */
  offNetworkMetres?: number;
}

type Ring = number[];

const signedArea = (ring: Ring) => {
  let area = 0;
  for (let index = 0; index + 3 < ring.length; index += 2) {
    area +=
      (ring[index] as number) * (ring[index + 3] as number) - (ring[index + 2] as number) * (ring[index + 1] as number);
  }
  return area / 2;
};

function contains(ring: Ring, x: number, y: number): boolean {
  let inside = false;
  for (let index = 0, previous = ring.length - 2; index < ring.length; previous = index, index += 2) {
    const xi = ring[index] as number;
    const yi = ring[index + 1] as number;
    const xj = ring[previous] as number;
    const yj = ring[previous + 1] as number;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Douglas–Peucker on an open run of points; keeps the first and last. */
function simplify(points: Ring, tolerance: number): Ring {
  const count = points.length / 2;
  if (count <= 3) return points;
  const keep = new Uint8Array(count);
  keep[0] = 1;
  keep[count - 1] = 1;
  const stack: [number, number][] = [[0, count - 1]];
  const squared = tolerance * tolerance;
  while (stack.length > 0) {
    const [first, last] = stack.pop() as [number, number];
    const ax = points[first * 2] as number;
    const ay = points[first * 2 + 1] as number;
    const dx = (points[last * 2] as number) - ax;
    const dy = (points[last * 2 + 1] as number) - ay;
    const length = dx * dx + dy * dy;
    let farthest = -1;
    let farthestDistance = squared;
    for (let index = first + 1; index < last; index += 1) {
      const px = (points[index * 2] as number) - ax;
      const py = (points[index * 2 + 1] as number) - ay;
      const cross = px * dy - py * dx;
      const distance = length > 0 ? (cross * cross) / length : px * px + py * py;
      if (distance > farthestDistance) {
        farthest = index;
        farthestDistance = distance;
      }
    }
    if (farthest >= 0) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  const result: Ring = [];
  for (let index = 0; index < count; index += 1) {
    if (keep[index]) result.push(points[index * 2] as number, points[index * 2 + 1] as number);
  }
  return result;
}

/**
 * Contours the network reached within `limit` (seconds or metres, ≤ the reach's own limit): every
 * reached street is sampled along its length with its interpolated cost, each sample spreads into a
 * cost grid at walking pace over `offNetworkMetres`, and marching squares trace the `limit` line —
 * Valhalla's approach. Returns a Polygon or MultiPolygon (outer rings counter-clockwise, holes —
 * blocks or parks out of reach — clockwise, RFC 7946), in WGS84.
 */
export function contourReachedNetwork(
  reach: ReachedNetwork,
  limit: number,
  options: ContourOptions = {},
): Polygon | MultiPolygon {
  const { arcStartCosts, arcCosts, vertexOffsets, vertices } = reach;
  const arcCount = arcStartCosts.length;
  const offCost = reach.offNetworkCostPerMetre;
  let minimumX = 0;
  let minimumY = 0;
  let maximumX = 0;
  let maximumY = 0;
  for (let arc = 0; arc < arcCount; arc += 1) {
    if ((arcStartCosts[arc] as number) > limit) continue;
    for (let vertex = vertexOffsets[arc] as number; vertex < (vertexOffsets[arc + 1] as number); vertex += 1) {
      const x = vertices[vertex * 2] as number;
      const y = vertices[vertex * 2 + 1] as number;
      if (x < minimumX) minimumX = x;
      if (x > maximumX) maximumX = x;
      if (y < minimumY) minimumY = y;
      if (y > maximumY) maximumY = y;
    }
  }
  const cell =
    options.cellMetres ??
    Math.min(150, Math.max(8, Math.sqrt(((maximumX - minimumX) * (maximumY - minimumY)) / 30_000)));
  const radius = Math.max(options.offNetworkMetres ?? OFF_NETWORK_REACH_METRES, cell * 1.5);
  const margin = radius + 2 * cell;
  const originX = minimumX - margin;
  const originY = minimumY - margin;
  const width = Math.ceil((maximumX - minimumX + 2 * margin) / cell) + 1;
  const height = Math.ceil((maximumY - minimumY + 2 * margin) / cell) + 1;
  const outside = limit + radius * offCost;
  // Seeds: each sample lands on its nearest grid point (with the cost of the step to it); the
  // seeds then spread over a precomputed disc at walking pace.
  const seeds = new Float32Array(width * height).fill(Infinity);
  const seed = (x: number, y: number, cost: number) => {
    const i = Math.round((x - originX) / cell);
    const j = Math.round((y - originY) / cell);
    const value = cost + Math.hypot(originX + i * cell - x, originY + j * cell - y) * offCost;
    const index = j * width + i;
    if (value < (seeds[index] as number)) seeds[index] = value;
  };

  const step = cell * 0.75;
  for (let arc = 0; arc < arcCount; arc += 1) {
    const startCost = arcStartCosts[arc] as number;
    if (startCost > limit) continue;
    const first = vertexOffsets[arc] as number;
    const last = (vertexOffsets[arc + 1] as number) - 1;
    let length = 0;
    for (let vertex = first; vertex < last; vertex += 1) {
      length += Math.hypot(
        (vertices[vertex * 2 + 2] as number) - (vertices[vertex * 2] as number),
        (vertices[vertex * 2 + 3] as number) - (vertices[vertex * 2 + 1] as number),
      );
    }
    const rate = length > 0 ? (arcCosts[arc] as number) / length : 0;
    const reachable = rate > 0 ? Math.min(length, (limit - startCost) / rate) : length;
    seed(vertices[first * 2] as number, vertices[first * 2 + 1] as number, startCost);
    let travelled = 0;
    let nextSample = step;
    for (let vertex = first; vertex < last && travelled < reachable; vertex += 1) {
      const ax = vertices[vertex * 2] as number;
      const ay = vertices[vertex * 2 + 1] as number;
      const segment = Math.hypot((vertices[vertex * 2 + 2] as number) - ax, (vertices[vertex * 2 + 3] as number) - ay);
      if (segment === 0) continue;
      const ux = ((vertices[vertex * 2 + 2] as number) - ax) / segment;
      const uy = ((vertices[vertex * 2 + 3] as number) - ay) / segment;
      const segmentEnd = Math.min(travelled + segment, reachable);
      while (nextSample <= segmentEnd) {
        const along = nextSample - travelled;
        seed(ax + ux * along, ay + uy * along, startCost + nextSample * rate);
        nextSample += step;
      }
      if (segmentEnd < travelled + segment || vertex === last - 1) {
        // The exact point where the budget runs out (or the arc's end).
        const along = segmentEnd - travelled;
        seed(ax + ux * along, ay + uy * along, startCost + segmentEnd * rate);
      }
      travelled += segment;
    }
  }

  const reachCells = Math.floor(radius / cell);
  const kernelOffsets: number[] = [];
  const kernelCosts: number[] = [];
  for (let dj = -reachCells; dj <= reachCells; dj += 1) {
    for (let di = -reachCells; di <= reachCells; di += 1) {
      const distance = Math.hypot(di, dj) * cell;
      if (distance > radius) continue;
      kernelOffsets.push(dj * width + di);
      kernelCosts.push(distance * offCost);
    }
  }
  const values = new Float32Array(width * height).fill(outside);
  for (let index = 0; index < seeds.length; index += 1) {
    const cost = seeds[index] as number;
    if (cost > limit) continue;
    for (let k = 0; k < kernelOffsets.length; k += 1) {
      const target = index + (kernelOffsets[k] as number);
      const value = cost + (kernelCosts[k] as number);
      if (value < (values[target] as number)) values[target] = value;
    }
  }

  // Marching squares: a segment per square from the edge where the limit line leaves the reached
  // area to the edge where it enters, so that the reached side is always on the left.
  // Edge keys: 2 × grid index (+1 for the vertical edge above the point); typed arrays, not Maps.
  const keyCount = 2 * width * height;
  const next = new Int32Array(keyCount).fill(-1);
  const pointX = new Float64Array(keyCount);
  const pointY = new Float64Array(keyCount);
  const computed = new Uint8Array(keyCount);
  const starts: number[] = [];
  const crossing = (key: number, i1: number, j1: number, i2: number, j2: number) => {
    if (computed[key]) return;
    computed[key] = 1;
    const v1 = values[j1 * width + i1] as number;
    const v2 = values[j2 * width + i2] as number;
    const t = v1 === v2 ? 0.5 : Math.min(1, Math.max(0, (limit - v1) / (v2 - v1)));
    pointX[key] = originX + (i1 + (i2 - i1) * t) * cell;
    pointY[key] = originY + (j1 + (j2 - j1) * t) * cell;
  };
  const link = (from: number, to: number) => {
    next[from] = to;
    starts.push(from);
  };
  const keys = [0, 0, 0, 0];
  const kinds = [0, 0, 0, 0];
  for (let j = 0; j < height - 1; j += 1) {
    for (let i = 0; i < width - 1; i += 1) {
      const a = (values[j * width + i] as number) <= limit;
      const b = (values[j * width + i + 1] as number) <= limit;
      const c = (values[(j + 1) * width + i + 1] as number) <= limit;
      const d = (values[(j + 1) * width + i] as number) <= limit;
      if (a === b && b === c && c === d) continue;
      const corners = [a, b, c, d];
      keys[0] = (j * width + i) * 2;
      keys[1] = (j * width + i + 1) * 2 + 1;
      keys[2] = ((j + 1) * width + i) * 2;
      keys[3] = (j * width + i) * 2 + 1;
      let count = 0;
      for (let edge = 0; edge < 4; edge += 1) {
        const from = corners[edge] as boolean;
        const to = corners[(edge + 1) % 4] as boolean;
        kinds[edge] = from === to ? 0 : from ? 1 : -1; // 1 exit, -1 entry
        if (from !== to) count += 1;
      }
      crossing(keys[0], i, j, i + 1, j);
      crossing(keys[1], i + 1, j, i + 1, j + 1);
      crossing(keys[2], i, j + 1, i + 1, j + 1);
      crossing(keys[3], i, j, i, j + 1);
      if (count === 2) {
        const exit = kinds.indexOf(1);
        const entry = kinds.indexOf(-1);
        link(keys[exit] as number, keys[entry] as number);
      } else {
        const centre =
          ((values[j * width + i] as number) +
            (values[j * width + i + 1] as number) +
            (values[(j + 1) * width + i + 1] as number) +
            (values[(j + 1) * width + i] as number)) /
          4;
        const shift = centre <= limit ? 1 : 3;
        for (let edge = 0; edge < 4; edge += 1) {
          if (kinds[edge] === 1) link(keys[edge] as number, keys[(edge + shift) % 4] as number);
        }
      }
    }
  }

  const outers: { ring: Ring; area: number; holes: Ring[] }[] = [];
  const holes: { ring: Ring; area: number }[] = [];
  const tolerance = cell * 0.4;
  const used = new Uint8Array(keyCount);
  for (const startKey of starts) {
    if (used[startKey]) continue;
    const ring: Ring = [];
    let key = startKey;
    while (key >= 0 && !used[key]) {
      used[key] = 1;
      ring.push(pointX[key] as number, pointY[key] as number);
      key = next[key] as number;
    }
    ring.push(ring[0] as number, ring[1] as number);
    const simplified = simplify(ring, tolerance);
    if (simplified.length < 8) continue;
    const area = signedArea(simplified);
    if (area > 0) outers.push({ ring: simplified, area, holes: [] });
    else if (-area > 4 * cell * cell) holes.push({ ring: simplified, area: -area });
  }
  for (const hole of holes) {
    let best: (typeof outers)[number] | undefined;
    for (const outer of outers) {
      if (
        outer.area > hole.area &&
        (!best || outer.area < best.area) &&
        contains(outer.ring, hole.ring[0] as number, hole.ring[1] as number)
      ) {
        best = outer;
      }
    }
    best?.holes.push(hole.ring);
  }
  const projection = localProjection(reach.origin);
  const toPositions = (ring: Ring): Position[] => {
    const positions: Position[] = [];
    for (let index = 0; index < ring.length; index += 2) {
      positions.push([
        Math.round(unprojectLongitude(projection, ring[index] as number) * 1e6) / 1e6,
        Math.round(unprojectLatitude(projection, ring[index + 1] as number) * 1e6) / 1e6,
      ]);
    }
    return positions;
  };
  outers.sort((first, second) => second.area - first.area);
  const polygons = outers.map((outer) => [toPositions(outer.ring), ...outer.holes.map(toPositions)]);
  if (polygons.length === 1) return { type: 'Polygon', coordinates: polygons[0] as Position[][] };
  return { type: 'MultiPolygon', coordinates: polygons };
}
