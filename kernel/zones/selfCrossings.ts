/**
 * Repairing a self-intersecting polygon costs about the square of its crossings (a star of 101 vertices,
 * ≈ 5,000 crossings, takes seconds), so a polygon that crosses itself more than this is refused.
 */
export const MAX_REPAIRED_CROSSINGS = 500;

/**
 * Beyond these many positions, or segment pairs compared, the count stops and the polygon goes on to the
 * database (whose deadline bounds the repair): large polygons are mostly drawn by programs, and valid.
 */
const MAX_COUNTED_POSITIONS = 20_000;
const MAX_PAIR_TESTS = 1_000_000;

/** Grid cells per side of the polygon's bounding box. */
const GRID_SIZE = 64;

type Segment = { x1: number; y1: number; x2: number; y2: number; ring: number; index: number; ringLength: number };

const orientation = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
  Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));

/** Whether two segments cross at a point inside both (touching ends and collinear overlaps do not count). */
function properlyCross(a: Segment, b: Segment): boolean {
  const o1 = orientation(a.x1, a.y1, a.x2, a.y2, b.x1, b.y1);
  const o2 = orientation(a.x1, a.y1, a.x2, a.y2, b.x2, b.y2);
  const o3 = orientation(b.x1, b.y1, b.x2, b.y2, a.x1, a.y1);
  const o4 = orientation(b.x1, b.y1, b.x2, b.y2, a.x2, a.y2);
  return o1 * o2 < 0 && o3 * o4 < 0;
}

/** Neighbours in one ring share a vertex (the last segment closes on the first). */
function adjacent(a: Segment, b: Segment): boolean {
  if (a.ring !== b.ring) return false;
  const gap = Math.abs(a.index - b.index);
  return gap <= 1 || gap === a.ringLength - 1;
}

/**
 * How many times the rings of polygons cross one another or themselves, counted up to `limit` (a
 * uniform grid keeps the pairs compared near the crossings). `undefined` when the count would compare
 * too many pairs to stay cheap: the caller then leaves the decision to the database's own deadline.
 */
export function countSelfCrossings(polygons: number[][][][], limit = MAX_REPAIRED_CROSSINGS + 1): number | undefined {
  let positions = 0;
  for (const polygon of polygons) for (const ring of polygon) positions += ring.length;
  if (positions > MAX_COUNTED_POSITIONS) return undefined;
  const segments: Segment[] = [];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let ringNumber = 0;
  for (const polygon of polygons) {
    for (const ring of polygon) {
      const ringLength = ring.length - 1;
      for (let index = 0; index < ringLength; index += 1) {
        const [x1, y1] = ring[index] as [number, number];
        const [x2, y2] = ring[index + 1] as [number, number];
        segments.push({ x1, y1, x2, y2, ring: ringNumber, index, ringLength });
        minX = Math.min(minX, x1, x2);
        maxX = Math.max(maxX, x1, x2);
        minY = Math.min(minY, y1, y2);
        maxY = Math.max(maxY, y1, y2);
      }
      ringNumber += 1;
    }
  }
  const cellWidth = (maxX - minX) / GRID_SIZE || 1;
  const cellHeight = (maxY - minY) / GRID_SIZE || 1;
  const column = (x: number) => Math.min(GRID_SIZE - 1, Math.floor((x - minX) / cellWidth));
  const row = (y: number) => Math.min(GRID_SIZE - 1, Math.floor((y - minY) / cellHeight));
  const cells = new Map<number, number[]>();
  let placements = 0;
  for (const [number, segment] of segments.entries()) {
    const [left, right] = [column(Math.min(segment.x1, segment.x2)), column(Math.max(segment.x1, segment.x2))];
    const [bottom, top] = [row(Math.min(segment.y1, segment.y2)), row(Math.max(segment.y1, segment.y2))];
    placements += (right - left + 1) * (top - bottom + 1);
    if (placements > MAX_PAIR_TESTS) return undefined;
    for (let x = left; x <= right; x += 1) {
      for (let y = bottom; y <= top; y += 1) {
        const key = x * GRID_SIZE + y;
        const list = cells.get(key);
        if (list) list.push(number);
        else cells.set(key, [number]);
      }
    }
  }
  const counted = new Set<number>();
  let tests = 0;
  for (const list of cells.values()) {
    tests += (list.length * (list.length - 1)) / 2;
    if (tests > MAX_PAIR_TESTS) return undefined;
    for (let first = 0; first < list.length; first += 1) {
      const firstNumber = list[first] as number;
      const a = segments[firstNumber] as Segment;
      for (let second = first + 1; second < list.length; second += 1) {
        const secondNumber = list[second] as number;
        const b = segments[secondNumber] as Segment;
        if (adjacent(a, b) || !properlyCross(a, b)) continue;
        // A pair spanning several cells is met in each: count it once.
        const low = Math.min(firstNumber, secondNumber);
        const high = Math.max(firstNumber, secondNumber);
        const pair = low * segments.length + high;
        if (counted.has(pair)) continue;
        counted.add(pair);
        if (counted.size >= limit) return counted.size;
      }
    }
  }
  return counted.size;
}
