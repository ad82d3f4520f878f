import type { PathCommand } from 'opentype.js';

/** Glyph SDF parameters of the MapLibre glyph PBFs (as node-fontnik makes them). */
export const GLYPH_SIZE = 24;
export const GLYPH_BUFFER = 3;
export const GLYPH_RADIUS = 8;
export const GLYPH_CUTOFF = 0.25;

/** One glyph of a glyph PBF: SDF bitmap with the buffer, metrics in pixels at 24 px. */
export interface SdfGlyph {
  id: number;
  bitmap: Uint8Array;
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}

type Segment = readonly [number, number, number, number];

const CURVE_STEPS = 8;

/** Flattens path commands (y down, pixels) into line segments, closing every contour. */
export function flattenPath(commands: readonly PathCommand[]): Segment[] {
  const segments: Segment[] = [];
  let startX = 0;
  let startY = 0;
  let x = 0;
  let y = 0;
  const lineTo = (toX: number, toY: number) => {
    if (toX !== x || toY !== y) segments.push([x, y, toX, toY]);
    x = toX;
    y = toY;
  };
  for (const step of commands) {
    switch (step.type) {
      case 'M':
        if (x !== startX || y !== startY) lineTo(startX, startY);
        startX = x = step.x;
        startY = y = step.y;
        break;
      case 'L':
        lineTo(step.x, step.y);
        break;
      case 'Q': {
        const [fromX, fromY] = [x, y];
        for (let index = 1; index <= CURVE_STEPS; index += 1) {
          const t = index / CURVE_STEPS;
          const u = 1 - t;
          lineTo(
            u * u * fromX + 2 * u * t * step.x1 + t * t * step.x,
            u * u * fromY + 2 * u * t * step.y1 + t * t * step.y,
          );
        }
        break;
      }
      case 'C': {
        const [fromX, fromY] = [x, y];
        for (let index = 1; index <= CURVE_STEPS; index += 1) {
          const t = index / CURVE_STEPS;
          const u = 1 - t;
          lineTo(
            u * u * u * fromX + 3 * u * u * t * step.x1 + 3 * u * t * t * step.x2 + t * t * t * step.x,
            u * u * u * fromY + 3 * u * u * t * step.y1 + 3 * u * t * t * step.y2 + t * t * t * step.y,
          );
        }
        break;
      }
      case 'Z':
        lineTo(startX, startY);
        break;
    }
  }
  if (x !== startX || y !== startY) lineTo(startX, startY);
  return segments;
}

/** Squared distance from a point to the nearest of the segments, packed as x1, y1, x2, y2. */
function nearestSquaredDistance(px: number, py: number, packed: Float64Array): number {
  let best = Infinity;
  for (let offset = 0; offset < packed.length; offset += 4) {
    const x1 = packed[offset] as number;
    const y1 = packed[offset + 1] as number;
    const dx = (packed[offset + 2] as number) - x1;
    const dy = (packed[offset + 3] as number) - y1;
    const lengthSquared = dx * dx + dy * dy;
    let t = lengthSquared === 0 ? 0 : ((px - x1) * dx + (py - y1) * dy) / lengthSquared;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const ex = px - x1 - t * dx;
    const ey = py - y1 - t * dy;
    const squared = ex * ex + ey * ey;
    if (squared < best) best = squared;
  }
  return best;
}

/** Where a row crosses the outline, sorted by x, with the winding direction of each crossing. */
function rowCrossings(py: number, segments: readonly Segment[]): { x: number; direction: number }[] {
  const crossings: { x: number; direction: number }[] = [];
  for (const [x1, y1, x2, y2] of segments) {
    if (y1 <= py === y2 <= py) continue;
    crossings.push({ x: x1 + ((py - y1) / (y2 - y1)) * (x2 - x1), direction: y2 > y1 ? 1 : -1 });
  }
  return crossings.sort((a, b) => a.x - b.x);
}

/**
 * Renders a glyph outline (path commands in pixels at 24 px, y down, origin on the baseline) as a
 * signed distance field: exact distance from each pixel centre to the outline, encoded as MapLibre
 * reads it (192 on the edge, 8 px of range, 3 px buffer).
 */
export function renderSdfGlyph(
  id: number,
  commands: readonly PathCommand[],
  advance: number,
  ascender: number,
): SdfGlyph {
  const segments = flattenPath(commands);
  if (segments.length === 0) {
    return { id, bitmap: new Uint8Array(), width: 0, height: 0, left: 0, top: 0, advance: Math.round(advance) };
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x1, y1, x2, y2] of segments) {
    minX = Math.min(minX, x1, x2);
    minY = Math.min(minY, y1, y2);
    maxX = Math.max(maxX, x1, x2);
    maxY = Math.max(maxY, y1, y2);
  }
  const left = Math.floor(minX);
  const topRow = Math.floor(minY);
  const width = Math.ceil(maxX) - left;
  const height = Math.ceil(maxY) - topRow;
  const bitmapWidth = width + 2 * GLYPH_BUFFER;
  const bitmapHeight = height + 2 * GLYPH_BUFFER;
  const bitmap = new Uint8Array(bitmapWidth * bitmapHeight);
  const packed = Float64Array.from(segments.flat());
  for (let row = 0; row < bitmapHeight; row += 1) {
    const py = topRow - GLYPH_BUFFER + row + 0.5;
    const crossings = rowCrossings(py, segments);
    let next = 0;
    let windingNumber = 0;
    for (let column = 0; column < bitmapWidth; column += 1) {
      const px = left - GLYPH_BUFFER + column + 0.5;
      while (next < crossings.length && (crossings[next] as { x: number }).x < px) {
        windingNumber += (crossings[next] as { direction: number }).direction;
        next += 1;
      }
      const distance = Math.sqrt(nearestSquaredDistance(px, py, packed));
      const signed = windingNumber !== 0 ? -distance : distance;
      const value = Math.round(255 - 255 * (signed / GLYPH_RADIUS + GLYPH_CUTOFF));
      bitmap[row * bitmapWidth + column] = Math.max(0, Math.min(255, value));
    }
  }
  return { id, bitmap, width, height, left, top: -topRow - ascender, advance: Math.round(advance) };
}
