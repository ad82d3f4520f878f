import { describe, expect, it } from 'vitest';
import { countSelfCrossings, MAX_REPAIRED_CROSSINGS } from './selfCrossings';

/** The regular star polygon {n/k} around Paris: n(k − 1) crossings when n and k are coprime. */
function star(n: number, k: number): number[][][] {
  const ring: number[][] = [];
  for (let index = 0; index < n; index += 1) {
    const angle = (2 * Math.PI * ((index * k) % n)) / n;
    ring.push([2.35 + 0.02 * Math.cos(angle), 48.86 + 0.02 * Math.sin(angle)]);
  }
  ring.push(ring[0] as number[]);
  return [ring];
}

const square = (x: number, y: number, size: number): number[][] => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

describe('countSelfCrossings', () => {
  it('finds none in a square, a polygon with a hole, or many separate squares', () => {
    expect(countSelfCrossings([[square(2.3, 48.8, 0.1)]])).toBe(0);
    expect(countSelfCrossings([[square(2.3, 48.8, 0.1), square(2.32, 48.82, 0.02)]])).toBe(0);
    const squares = Array.from({ length: 3_000 }, (_, index) => [
      square(2.25 + (index % 100) * 0.002, 48.82 + Math.floor(index / 100) * 0.0015, 0.001),
    ]);
    expect(countSelfCrossings(squares)).toBe(0);
  });

  it('counts the one crossing of a bow tie, and those of two overlapping parts', () => {
    const bowTie = [
      [2.3, 48.8],
      [2.4, 48.9],
      [2.4, 48.8],
      [2.3, 48.9],
      [2.3, 48.8],
    ];
    expect(countSelfCrossings([[bowTie]])).toBe(1);
    expect(countSelfCrossings([[square(2.3, 48.8, 0.1)], [square(2.35, 48.85, 0.1)]])).toBe(2);
  });

  it('counts n(k − 1) crossings in a star {n/k}, and stops at the limit', () => {
    expect(countSelfCrossings([star(21, 10)])).toBe(21 * 9);
    expect(countSelfCrossings([star(51, 25)])).toBe(MAX_REPAIRED_CROSSINGS + 1);
    expect(countSelfCrossings([star(51, 25)], 10_000)).toBe(51 * 24);
  });

  it('leaves large polygons, or ones whose count would compare too many pairs, to the database', () => {
    const zigZag: number[][] = [];
    for (let index = 0; index < 50_000; index += 1)
      zigZag.push([2.25 + (0.2 * index) / 50_000, index % 2 ? 48.9 : 48.82]);
    zigZag.push([2.45, 48.8], [2.25, 48.8], zigZag[0] as number[]);
    expect(countSelfCrossings([[zigZag]])).toBeUndefined();
    // Long horizontal teeth: each one lies in every column of the grid.
    const comb: number[][] = [];
    for (let index = 0; index < 19_000; index += 1) comb.push([index % 2 ? 2.45 : 2.25, 48.8 + index * 0.00001]);
    comb.push([2.2, 49], [2.2, 48.8], comb[0] as number[]);
    expect(countSelfCrossings([[comb]])).toBeUndefined();
  });
});
