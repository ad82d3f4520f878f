import { AGE_BANDS, type AgeBand } from './inseeColumns';

/** A population count per age band (same order as the bands it goes with). */
export type AgeBandCounts = readonly (number | null)[];

const complete = (counts: AgeBandCounts, bands: readonly AgeBand[]): counts is readonly number[] =>
  counts.length === bands.length && counts.every((count) => count !== null && count >= 0);

const totalOf = (counts: readonly number[]) => counts.reduce((sum, count) => sum + count, 0);

/** Average age from band midpoints: Σ midpoint × count / Σ count. */
export function averageAge(counts: AgeBandCounts, bands: readonly AgeBand[] = AGE_BANDS): number | null {
  if (!complete(counts, bands)) return null;
  const total = totalOf(counts);
  if (total <= 0) return null;
  return counts.reduce((sum, count, index) => sum + count * (bands[index]?.midpoint ?? 0), 0) / total;
}

/** Median age from band midpoints: the midpoint of the band in which the cumulative count reaches half. */
export function medianAge(counts: AgeBandCounts, bands: readonly AgeBand[] = AGE_BANDS): number | null {
  if (!complete(counts, bands)) return null;
  const total = totalOf(counts);
  if (total <= 0) return null;
  let cumulative = 0;
  for (let index = 0; index < counts.length; index += 1) {
    cumulative += counts[index] ?? 0;
    if (cumulative >= total / 2) return bands[index]?.midpoint ?? null;
  }
  return null;
}

/**
 * Share of a band's people younger than `age`, ages spread evenly over the band (an open last band
 * is wholly above any age it starts at or after).
 */
function shareBelow(band: AgeBand, age: number): number {
  if (band.to === null) return band.from >= age ? 0 : 1;
  return Math.min(1, Math.max(0, (age - band.from) / (band.to - band.from)));
}

/**
 * Ageing index: population aged 65 or more per 100 aged under 25, (65+)/(0-24) × 100. When a band
 * straddles 25 or 65 (the six 15-year bands: 15-29, 60-74), its people are taken as evenly spread
 * over its ages (two thirds of 15-29 are under 25, two thirds of 60-74 are 65 or more).
 */
export function ageingIndex(counts: AgeBandCounts, bands: readonly AgeBand[] = AGE_BANDS): number | null {
  if (!complete(counts, bands)) return null;
  let young = 0;
  let old = 0;
  bands.forEach((band, index) => {
    const count = counts[index] ?? 0;
    young += count * shareBelow(band, 25);
    old += count * (1 - shareBelow(band, 65));
  });
  return young > 0 ? (old / young) * 100 : null;
}
