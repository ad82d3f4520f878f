import { z } from 'zod';

const nullableNumber = z.number().nullable();

/** `GET /api/iris/details/{irisCode}`. */
export const irisDetailSchema = z.object({
  iris_code: z.string(),
  iris_name: z.string(),
  iris_type: z.string().nullable(),
  iris_type_label: z.string(),
  administrative: z.object({
    commune_code: z.string().nullable(),
    commune_name: z.string().nullable(),
    departement_code: z.string().nullable(),
    region_code: z.string().nullable(),
  }),
  area_km2: z.number(),
  population: nullableNumber,
  population_scope: z.enum(['total', '2+', 'cog']).nullable(),
  population_vintage: nullableNumber,
  population_density: nullableNumber,
  median_income: nullableNumber,
  income_vintage: nullableNumber,
  employment_rate: nullableNumber,
  employment_vintage: nullableNumber,
  land_value_per_sqm: nullableNumber,
  land_value_sales: nullableNumber,
  residential_sales: nullableNumber,
  residential_price_avg: nullableNumber,
  commercial_sales: nullableNumber,
  commercial_price_avg: nullableNumber,
  house_share: nullableNumber,
  flat_share: nullableNumber,
  business_count: nullableNumber,
  demo_business_count: nullableNumber,
  centroid: z.tuple([z.number(), z.number()]),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export type IrisDetail = z.infer<typeof irisDetailSchema>;

/** IRIS metric row (`GET /api/iris/data/population|revenue|land-value`). */
export const irisMetricRowSchema = z.object({
  iris_code: z.string(),
  population: nullableNumber,
  median_revenue: nullableNumber,
  land_value_per_sqm: nullableNumber,
});
export const irisMetricRowsSchema = z.object({ data: z.array(irisMetricRowSchema), count: z.number() });
export type IrisMetricRow = z.infer<typeof irisMetricRowSchema>;

/** Heat-map metrics of and their accepted spellings. */
export const HEATMAP_METRICS = ['population', 'population_density', 'revenue', 'land_value'] as const;
export type HeatmapMetric = (typeof HEATMAP_METRICS)[number];
export const HEATMAP_METRIC_ALIASES: Record<string, HeatmapMetric> = {
  population: 'population',
  p21_pop: 'population',
  population_density: 'population_density',
  density: 'population_density',
  revenue: 'revenue',
  median_revenue: 'revenue',
  median_income: 'revenue',
  land_value: 'land_value',
  'land-value': 'land_value',
  land_value_per_sqm: 'land_value',
};

/** `GET /api/iris/heatmap/metrics-only?metric=…`: iris_code → value (IRIS without value left out). */
export const heatmapMetricsSchema = z.object({
  metric: z.enum(HEATMAP_METRICS),
  unit: z.string(),
  metrics: z.record(z.string(), z.number()),
  count: z.number(),
});

/** One IRIS of `GET /api/iris/viewport`. */
export const viewportZoneSchema = z.object({
  iris_code: z.string(),
  nom_iris: z.string(),
  typ_iris: z.string().nullable(),
  nom_com: z.string().nullable(),
  insee_code: z.string().nullable(),
  population: nullableNumber,
  population_density: nullableNumber,
  median_income: nullableNumber,
  land_value_per_sqm: nullableNumber,
  transactions: nullableNumber,
  value: nullableNumber,
  geometry: z.object({ type: z.string(), coordinates: z.array(z.unknown()) }),
});
export const viewportSchema = z.object({
  zones: z.array(viewportZoneSchema),
  count: z.number(),
  truncated: z.boolean(),
  dataType: z.string(),
});

/** `GET /api/iris/data/real-estate/residential|commercial`. */
export const realEstateRowsSchema = z.object({
  data: z.array(
    z.object({
      iris_code: z.string(),
      nom_iris: z.string(),
      transactions: z.number(),
      price_avg: nullableNumber,
      price_per_sqm: nullableNumber,
    }),
  ),
  min_transactions: z.number(),
  count: z.number(),
});

/** `GET /api/iris/info`. */
export const irisInfoSchema = z.object({
  iris_count: z.number(),
  with_population: z.number(),
  with_income: z.number(),
  with_employment: z.number(),
  with_land_value: z.number(),
  with_businesses: z.number(),
  vintages: z.object({
    population: nullableNumber,
    income: nullableNumber,
    employment: nullableNumber,
    housing: nullableNumber,
  }),
  population_scope: z.string().nullable(),
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  datasets: z.array(z.object({ source: z.string(), label: z.string(), vintage: z.string(), demo: z.boolean() })),
  tiles: z.object({
    static: z.string(),
    dynamic: z.string(),
    layer: z.literal('iris_geometry'),
    promote_id: z.literal('iris_code'),
    minzoom: z.number(),
    maxzoom: z.number(),
  }),
});
