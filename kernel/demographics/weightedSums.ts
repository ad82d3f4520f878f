import type { InseeIrisBase } from './inseeIrisBases';
import type { IrisDemographicRecord } from './demographicsRecord';

/**
 * Coverage-weighted sums over the IRIS of a zone for one INSEE base: Σ value × coverage_ratio.
 * INSEE counts are stocks spread over the IRIS, so the part of an IRIS inside the zone is assumed to
 * hold its share of the area (uniform density inside an IRIS — the usual apportioning of IRIS figures).
 * A sum is `null` when no IRIS publishes the figure (secret statistique, or column absent).
 */
export class WeightedSums {
  readonly records: readonly IrisDemographicRecord[];
  readonly vintage: number | null;

  constructor(
    records: readonly IrisDemographicRecord[],
    readonly base: InseeIrisBase,
  ) {
    this.records = records.filter((record) => record.groups[base] !== undefined);
    this.vintage = this.records[0]?.groups[base]?.vintage ?? null;
  }

  get available(): boolean {
    return this.records.length > 0;
  }

  /** Σ values[column] × coverage, or null when no IRIS has the figure. */
  sum(column: string): number | null {
    let total = 0;
    let seen = false;
    for (const record of this.records) {
      const value = record.groups[this.base]?.values[column];
      if (value === null || value === undefined || !Number.isFinite(value)) continue;
      total += value * record.coverage_ratio;
      seen = true;
    }
    return seen ? total : null;
  }

  /**
   * Weighted mean of an IRIS-level statistic (median, rate…) that cannot be summed:
   * Σ value × weight / Σ weight over the IRIS that publish it.
   */
  mean(column: string, weightOf: (record: IrisDemographicRecord) => number): number | null {
    let total = 0;
    let weights = 0;
    for (const record of this.records) {
      const value = record.groups[this.base]?.values[column];
      if (value === null || value === undefined || !Number.isFinite(value)) continue;
      const weight = weightOf(record);
      if (!(weight > 0)) continue;
      total += value * weight;
      weights += weight;
    }
    return weights > 0 ? total / weights : null;
  }

  /** Whether any IRIS carries the column (with a figure or a null). */
  has(column: string): boolean {
    return this.records.some((record) => column in (record.groups[this.base]?.values ?? {}));
  }
}

/** numerator / denominator, null when either is missing or the denominator is zero. */
export function ratio(numerator: number | null, denominator: number | null): number | null {
  if (numerator === null || denominator === null || denominator === 0) return null;
  return numerator / denominator;
}

/** Sum of the non-null values, null when all are null. */
export function sumOf(values: readonly (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null);
  return present.length > 0 ? present.reduce((total, value) => total + value, 0) : null;
}
