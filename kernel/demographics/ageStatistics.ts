import { AGE_BANDS } from './inseeColumns';

/** A population count per age band (same order as {@link AGE_BANDS}). */
export type AgeBandCounts = readonly (number | null)[];

const complete = (counts: AgeBandCounts): counts is readonly number[] =>
  counts.length === AGE_BANDS.length && counts.every((count) => count !== null && count >= 0);

/** Average age from band midpoints, Σ midpoint × count / Σ count. */
export function averageAge(counts: AgeBandCounts): number | null {
  if (!complete(counts)) return null;
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total <= 0) return null;
  return counts.reduce((sum, count, index) => sum + count * (AGE_BANDS[index]?.midpoint ?? 0), 0) / total;
}

/**
 * Median age from band midpoints — the midpoint of the band in which the cumulative count
 * reaches half the population.
 */
export function medianAge(counts: AgeBandCounts): number | null {
  if (!complete(counts)) return null;
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total <= 0) return null;
  let cumulative = 0;
  for (let index = 0; index < counts.length; index += 1) {
    cumulative += counts[index] ?? 0;
    if (cumulative >= total / 2) return AGE_BANDS[index]?.midpoint ?? null;
  }
  return null;
}

/**
 * Ageing index: population aged 65 or more per 100 aged under 25, (65+)/(0-24) × 100.
 * (INSEE's own "indice de vieillissement" uses the under-20s; the spec's 0-24 is kept.)
 */
export function ageingIndex(counts: AgeBandCounts): number | null {
  if (!complete(counts)) return null;
  let young = 0;
  let old = 0;
  AGE_BANDS.forEach((band, index) => {
    const count = counts[index] ?? 0;
    if (band.from < 25) young += count;
    if (band.from >= 65) old += count;
  });
  return young > 0 ? (old / young) * 100 : null;
}
