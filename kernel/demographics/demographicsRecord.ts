import type { InseeIrisBase } from './inseeIrisBases';

/**
 * INSEE's figures of one base for one IRIS under INSEE's column names. Column names carry their
 * vintage (`P16_POP1564`, `P17_POP1564`), so the figures of every loaded vintage share one `values`
 * object; `vintages` lists the vintages the IRIS has a row in (newest first) and `vintage` is the newest.
 */
export interface BaseFigures {
  vintage: number;
  vintages?: number[];
  values: Record<string, number | null>;
}

/**
 * One IRIS the zone covers, its coverage ratio (share of the IRIS
 * area inside the zone) and, per loaded INSEE base, the figures of the latest vintage.
 */
export interface IrisDemographicRecord {
  iris_code: string;
  iris_name: string;
  iris_type: string | null;
  commune_code: string;
  commune_name: string | null;
  area_km2: number;
  coverage_ratio: number;
  groups: Partial<Record<InseeIrisBase, BaseFigures>>;
}

/** A base loaded for the zone: its vintage and how many of the zone's IRIS it covers. */
export interface LoadedBase {
  base: InseeIrisBase;
  label: string;
  vintage: number;
  iris_count: number;
}

/** France Travail job seekers of one commune (latest period), with its population 15–64 for apportioning. */
export interface CommuneJobSeekers {
  commune_code: string;
  period: string;
  population_1564: number | null;
  counts: Record<string, number | null>;
}

/**
 * The published commune-level Filosofi figures of a commune or arrondissement zone (or of the one commune
 * of a département zone): a true median, which IRIS medians cannot be combined into.
 */
export interface CommuneIncome {
  commune_code: string;
  commune_name: string;
  vintage: number;
  median: number | null;
  poverty_rate: number | null;
  first_decile: number | null;
  ninth_decile: number | null;
  tax_households: number | null;
}

/** Metadata of an analyze answer (source, total_area_km2). */
export interface DemographicsMetadata {
  source: string;
  /** Area of the zone itself, km². */
  total_area_km2: number;
  /** Area of the kept IRIS inside the zone (Σ area × coverage), km². */
  covered_area_km2: number;
  iris_count: number;
  /**
   * The zone's census population: Σ over its IRIS (coverage ≥ 5 %) of the age bands × coverage, with
   * its vintage; `iris_without_population` counts the zone's IRIS the census base has no row for
   * (activity and miscellaneous IRIS, A and D, absent from the habitat-only files).
   */
  population: { total: number | null; vintage: number | null; iris_without_population: number };
  bases: LoadedBase[];
  /** INSEE bases with no figure for the zone's IRIS. */
  missing_bases: InseeIrisBase[];
  /** Every vintage loaded per base for the zone's départements. */
  loaded_vintages: Partial<Record<InseeIrisBase, number[]>>;
  job_seekers: CommuneJobSeekers[];
  /** Commune-level Filosofi of an administrative commune or one-commune département zone; absent otherwise. */
  commune_income?: CommuneIncome | null;
  /** How the IRIS were found: geometric intersection or the administrative code of the zone. */
  selection: 'geometry' | 'administrative';
  query_time_ms: number;
}

/** The answer of POST /api/v1/userzone-demographics/analyze. */
export interface DemographicsAnswer {
  iris_zones: IrisDemographicRecord[];
  metadata: DemographicsMetadata;
}

/** Media type of the Arrow IPC stream answer. */
export const ARROW_STREAM_TYPE = 'application/vnd.apache.arrow.stream';
