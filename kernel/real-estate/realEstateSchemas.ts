import { z } from 'zod';
import { NATURE_MUTATION_VALUES, TYPE_LOCAL_VALUES } from './realEstateTypes';
import { polygonInputSchema } from '../zones/polygonGeometry';
import { zoneReferenceSchema } from '../zones/zoneReference';
import { communeCodeSchema, departementCodeSchema, irisCodeSchema } from '../territory/territoryCodes';

/** A calendar date `AAAA-MM-JJ` that exists (not 2024-02-30), between the years 1000 and 9999. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date attendue AAAA-MM-JJ')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= '1000';
  }, 'date inexistante');
/** Empty or absent means unset (empty numeric inputs are unset). */
const optionalNumber = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce.number().nonnegative().optional(),
);
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z.array(item).optional(),
  );

/**
 * A number of main rooms: compared with an integer column, so bounded (a larger value would overflow it and
 * the statement would fail instead of finding nothing).
 */
const MAX_ROOMS = 999;
const rooms = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce.number().int().min(1).max(MAX_ROOMS).optional(),
);

/** Real-estate filters. */
export const realEstateFiltersSchema = z
  .object({
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
    property_category: list(z.enum(['building', 'constructible', 'agricultural'])),
    type_local: list(z.enum([...TYPE_LOCAL_VALUES, 'Terrain à bâtir', 'Non spécifié'])),
    price_min: optionalNumber,
    price_max: optionalNumber,
    surface_min: optionalNumber,
    surface_max: optionalNumber,
    rooms_min: rooms,
    rooms_max: rooms,
    price_per_m2_min: optionalNumber,
    price_per_m2_max: optionalNumber,
    nature_mutation: list(z.enum(NATURE_MUTATION_VALUES)),
  })
  .default({});

/**
 * Where the zone is: a zone reference (`zone`: saved id, territory unit or geometry — first), else
 * codes (département, then commune, then IRIS — priority) or a geometry.
 */
export const zoneSelectionSchema = z.object({
  zone: zoneReferenceSchema.optional(),
  geometry: polygonInputSchema.optional().nullable(),
  department_code: departementCodeSchema.optional().nullable(),
  commune_code: communeCodeSchema.optional().nullable(),
  iris_codes: z.array(irisCodeSchema).max(5000).optional().nullable(),
});

export const zoneStatisticsRequestSchema = zoneSelectionSchema.extend({
  include_temporal: z.boolean().default(true),
  temporal_granularity: z.enum(['month', 'quarter', 'year']).default('month'),
  include_sample_transactions: z.boolean().default(true),
  sample_size: z.coerce.number().int().min(0).max(10_000).default(10_000),
  include_market_snapshot: z.boolean().default(true),
  filters: realEstateFiltersSchema,
});
export type ZoneStatisticsRequest = z.output<typeof zoneStatisticsRequestSchema>;

export const SORT_FIELDS = ['date_mutation', 'valeur_fonciere', 'price_per_m2', 'surface_reelle_bati'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export const searchRequestSchema = zoneSelectionSchema.extend({
  filters: realEstateFiltersSchema,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  include_statistics: z.boolean().default(false),
  sort_by: z.enum(SORT_FIELDS).default('date_mutation'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
});
export type SearchRequest = z.output<typeof searchRequestSchema>;

export const clustersQuerySchema = z
  .object({
    north: z.coerce.number().min(-90).max(90),
    south: z.coerce.number().min(-90).max(90),
    east: z.coerce.number().min(-180).max(180),
    west: z.coerce.number().min(-180).max(180),
    zoom: z.coerce.number().min(0).max(22),
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
    type_local: list(z.enum([...TYPE_LOCAL_VALUES, 'Terrain à bâtir', 'Non spécifié'])),
    price_min: optionalNumber,
    price_max: optionalNumber,
  })
  .refine((query) => query.south < query.north, { message: 'sud doit être inférieur à nord', path: ['south'] })
  .refine((query) => query.west < query.east, { message: 'ouest doit être inférieur à est', path: ['west'] });
export type ClustersQuery = z.output<typeof clustersQuerySchema>;

/** One cluster of the map tab (a single sale when count is 1). */
export interface RealEstateCluster {
  id: string;
  longitude: number;
  latitude: number;
  count: number;
  avg_price: number | null;
  /** For a single sale: its mutation, for the popup. */
  transaction: {
    id: number;
    id_mutation: string;
    type_local: string;
    valeur_fonciere: number | null;
    surface_reelle_bati: number | null;
    date_mutation: string;
    address: string;
  } | null;
}

export interface ClustersResponse {
  clusters: RealEstateCluster[];
  total_transactions: number;
  zoom_level: number;
  search_time_ms: number;
}

export interface Breakdown {
  count: number;
  percentage: number;
  avg_price: number | null;
  avg_price_per_m2: number | null;
}

/** A €/m² distribution with what it covers: its sales count and the dates of its first and last sale. */
export interface PricePerM2Figure {
  count: number;
  q1: number | null;
  median: number | null;
  q3: number | null;
  first_date: string | null;
  last_date: string | null;
}

/** Zone real-estate statistics, plus the market snapshot. */
export interface ZoneStatistics {
  /** Every mutation of the zone (all natures: sales, exchanges, expropriations; all properties: parkings, shops…). */
  total_transactions: number;
  /** Sales (Vente, VEFA, adjudication) including at least one dwelling (apartment or house). */
  dwelling_sales: number;
  /** Price of the sales (nature 'Vente' with a price), any property. */
  price_statistics: { avg: number | null; median: number | null; count: number };
  /**
   * €/m² of the sales of exactly one property — apartment, house or commercial premises, mixed, dependencies
   * included; `mix` counts each type and `definition` says so.
   */
  price_per_m2_statistics: {
    avg: number | null;
    median: number | null;
    q1: number | null;
    q3: number | null;
    count: number;
    definition: string;
    mix: { type_local: string; count: number }[];
  };
  /**
   * The headline €/m² of apartments: sales of exactly one apartment, without any dependency (cave, parking,
   * whose price DVF counts but not its surface) by default, and with dependencies.
   */
  apartment_price_per_m2: { without_dependencies: PricePerM2Figure; with_dependencies: PricePerM2Figure };
  property_type_breakdown: (Breakdown & { type_local: string })[];
  mutation_type_breakdown: (Breakdown & { nature_mutation: string })[];
  temporal_series: { period: string; count: number; avg_price: number | null; median_price_per_m2: number | null }[];
  market_snapshot: MarketSnapshot | null;
  sample_transactions: unknown[];
  search_time_ms: number;
}

export interface MarketSnapshot {
  by_type_quarter: {
    type_local: string;
    quarter: string;
    count: number;
    q1: number | null;
    median: number | null;
    q3: number | null;
  }[];
  by_type: { type_local: string; count: number; q1: number | null; median: number | null; q3: number | null }[];
  sales_count: number;
  zone_median_price_per_m2: number | null;
  departement_code: string | null;
  departement_median_price_per_m2: number | null;
}
