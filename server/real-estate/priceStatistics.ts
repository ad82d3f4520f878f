/** Below this many sales, averages and medians are hidden. */
export const MINIMUM_SALES_FOR_AVERAGE = 3;

/** The q-quantile (0…1) of sorted values, with linear interpolation (PostgreSQL percentile_cont). */
export function quantileOfSorted(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] as number;
  const high = sorted[upper] as number;
  return low + (high - low) * (position - lower);
}

export interface Quartiles {
  count: number;
  q1: number | null;
  median: number | null;
  q3: number | null;
  mean: number | null;
}

/** Count, quartiles and mean; the figures are null below {@link MINIMUM_SALES_FOR_AVERAGE} values. */
export function quartilesOf(values: readonly number[]): Quartiles {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length < MINIMUM_SALES_FOR_AVERAGE) {
    return { count: sorted.length, q1: null, median: null, q3: null, mean: null };
  }
  return {
    count: sorted.length,
    q1: quantileOfSorted(sorted, 0.25),
    median: quantileOfSorted(sorted, 0.5),
    q3: quantileOfSorted(sorted, 0.75),
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
  };
}

/** "2024-T1" for a date "2024-02-15". */
export function quarterOf(date: string): string {
  const month = Number(date.slice(5, 7));
  return `${date.slice(0, 4)}-T${Math.floor((month - 1) / 3) + 1}`;
}
