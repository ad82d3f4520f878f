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
  /** Every vintage some IRIS of the zone has a row in, newest first. */
  readonly vintages: readonly number[];
  /** The newest vintage whose rows cover every IRIS of the zone holding the base (see {@link vintageFor}). */
  readonly vintage: number | null;

  constructor(
    records: readonly IrisDemographicRecord[],
    readonly base: InseeIrisBase,
  ) {
    this.records = records.filter((record) => record.groups[base] !== undefined);
    const vintages = new Set<number>();
    for (const record of this.records) for (const vintage of this.vintagesOf(record)) vintages.add(vintage);
    this.vintages = [...vintages].sort((a, b) => b - a);
    this.vintage = this.vintageFor(() => []);
  }

  private vintagesOf(record: IrisDemographicRecord): readonly number[] {
    const figures = record.groups[this.base];
    return figures ? (figures.vintages ?? [figures.vintage]) : [];
  }

  /** How many of the zone's IRIS have a row of the vintage. */
  irisWithVintage(vintage: number | null): number {
    if (vintage === null) return 0;
    return this.records.filter((record) => this.vintagesOf(record).includes(vintage)).length;
  }

  /**
   * The vintage a figure is computed from: the newest one whose rows cover every IRIS of the zone
   * holding the base and that publishes each of the figure's columns (`columnsOf(vintage)`) for at
   * least one of them. All the columns of a figure — numerator and denominator of a ratio — come from
   * that one vintage. When no vintage covers every IRIS, the one covering most of them (the newest
   * on a tie), so an IRIS is never counted twice nor from two censuses.
   */
  vintageFor(columnsOf: (vintage: number) => readonly string[]): number | null {
    let fallback: { vintage: number; covered: number } | null = null;
    for (const vintage of this.vintages) {
      const columns = columnsOf(vintage);
      const published = columns.every((column) =>
        this.records.some((record) => {
          const value = record.groups[this.base]?.values[column];
          return value !== null && value !== undefined;
        }),
      );
      if (!published) continue;
      const covered = this.irisWithVintage(vintage);
      if (covered === this.records.length) return vintage;
      if (fallback === null || covered > fallback.covered) fallback = { vintage, covered };
    }
    return fallback?.vintage ?? null;
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
