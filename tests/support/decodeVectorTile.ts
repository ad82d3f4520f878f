import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';

/** A decoded tile feature: raw rings/lines/points in tile units, with the ring areas as encoded. */
export interface DecodedFeature {
  id: number | undefined;
  type: number;
  properties: Record<string, number | string | boolean>;
  parts: [number, number][][];
}

/** Decodes a Mapbox Vector Tile into plain objects, layer by layer (independent decoder). */
export function decodeVectorTile(bytes: Uint8Array): Record<string, { extent: number; features: DecodedFeature[] }> {
  // A copy: pbf reads doubles through a DataView over the whole ArrayBuffer, ignoring a view's offset
  // (Node Buffers are often views into a shared pool).
  const tile = new VectorTile(new Pbf(new Uint8Array(bytes)));
  const layers: Record<string, { extent: number; features: DecodedFeature[] }> = {};
  for (const [name, layer] of Object.entries(tile.layers)) {
    const features: DecodedFeature[] = [];
    for (let index = 0; index < layer.length; index += 1) {
      const feature = layer.feature(index);
      features.push({
        id: feature.id,
        type: feature.type,
        properties: feature.properties,
        parts: feature.loadGeometry().map((part) => part.map((point): [number, number] => [point.x, point.y])),
      });
    }
    layers[name] = { extent: layer.extent, features };
  }
  return layers;
}

/** Twice the signed area of a ring (standard shoelace in tile units: positive = clockwise on screen). */
export function signedRingArea(ring: readonly [number, number][]): number {
  let sum = 0;
  for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index, index += 1) {
    const a = ring[previous] as [number, number];
    const b = ring[index] as [number, number];
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return sum;
}

/** Area (tile units², holes subtracted) and bounding box of a decoded polygon or line feature. */
export function measureFeature(feature: DecodedFeature): { area: number; bbox: [number, number, number, number] } {
  let area = 0;
  const bbox: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const part of feature.parts) {
    if (feature.type === 3) area += signedRingArea(part) / 2;
    for (const [x, y] of part) {
      bbox[0] = Math.min(bbox[0], x);
      bbox[1] = Math.min(bbox[1], y);
      bbox[2] = Math.max(bbox[2], x);
      bbox[3] = Math.max(bbox[3], y);
    }
  }
  return { area, bbox };
}

/**
 * The cells (of `cellSize` tile units) whose centre lies inside a decoded polygon feature (even-odd
 * rule over all its rings): a picture of the polygon as drawn, insensitive to sub-cell slivers.
 */
export function rasterisePolygon(feature: DecodedFeature, cellSize: number): Set<string> {
  const { bbox } = measureFeature(feature);
  const cells = new Set<string>();
  const firstRow = Math.floor(bbox[1] / cellSize);
  const lastRow = Math.ceil(bbox[3] / cellSize);
  for (let row = firstRow; row <= lastRow; row += 1) {
    const y = (row + 0.5) * cellSize;
    const crossings: number[] = [];
    for (const ring of feature.parts) {
      for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index, index += 1) {
        const [x1, y1] = ring[previous] as [number, number];
        const [x2, y2] = ring[index] as [number, number];
        if (y1 > y !== y2 > y) crossings.push(x1 + ((y - y1) / (y2 - y1)) * (x2 - x1));
      }
    }
    crossings.sort((a, b) => a - b);
    for (let pair = 0; pair + 1 < crossings.length; pair += 2) {
      const from = Math.ceil((crossings[pair] as number) / cellSize - 0.5);
      const to = Math.floor((crossings[pair + 1] as number) / cellSize - 0.5);
      for (let column = from; column <= to; column += 1) cells.add(`${column}:${row}`);
    }
  }
  return cells;
}

/** Cells covered by one picture and not the other, and the cells covered by either. */
export function rasterDifference(a: Set<string>, b: Set<string>): { different: number; union: number } {
  let different = 0;
  for (const cell of a) if (!b.has(cell)) different += 1;
  for (const cell of b) if (!a.has(cell)) different += 1;
  return { different, union: new Set([...a, ...b]).size };
}
