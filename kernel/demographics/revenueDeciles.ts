/** Quartiles of a disposable-income distribution (€ per consumption unit per year). */
export interface Quartiles {
  q1: number | null;
  median: number | null;
  q3: number | null;
}

/**
 * Deciles D1…D9. When INSEE publishes them (Filosofi DISP_D1…D9) they are used as such; otherwise
 * they are approximated from the quartiles: d1 = 0.8 × Q1, d2 = 0.9 × Q1, d3 = Q1,
 * d4 = mean(Q1, median), d5 = median, and — the rest completed symmetrically —
 * d6 = mean(median, Q3), d7 = Q3, d8 = 1.1 × Q3, d9 = 1.2 × Q3.
 */
export function approximateDeciles({ q1, median, q3 }: Quartiles): (number | null)[] {
  const scale = (value: number | null, factor: number) => (value === null ? null : value * factor);
  const mean = (a: number | null, b: number | null) => (a === null || b === null ? null : (a + b) / 2);
  return [
    scale(q1, 0.8),
    scale(q1, 0.9),
    q1,
    mean(q1, median),
    median,
    mean(median, q3),
    q3,
    scale(q3, 1.1),
    scale(q3, 1.2),
  ];
}
