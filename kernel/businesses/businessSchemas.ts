import { z } from 'zod';
import { SIZE_CLASSES } from './employeeBands';
import { polygonInputSchema } from '../zones/polygonGeometry';
import { zoneReferenceSchema } from '../zones/zoneReference';
import { communeCodeSchema, departementCodeSchema, irisCodeSchema } from '../territory/territoryCodes';

/** Largest page a JSON list answers; Arrow answers carry a whole zone. */
export const JSON_LIST_LIMIT = 500;
export const ARROW_LIST_LIMIT = 250_000;
export const ARROW_TYPE = 'application/vnd.apache.arrow.stream';

/** A Polygon/MultiPolygon, or a Feature holding one (what the perimeter keeps): the one polygon schema. */
export const zoneGeometrySchema = polygonInputSchema;

/**
 * Where the zone is: a zone reference (`zone`: saved id, territory unit or geometry — first), else
 * codes (département, commune, IRIS — fastest, by index) or a geometry.
 */
export const zoneInputSchema = z.object({
  zone: zoneReferenceSchema.optional(),
  geometry: zoneGeometrySchema.optional().nullable(),
  department_code: departementCodeSchema.optional().nullable(),
  commune_code: communeCodeSchema.optional().nullable(),
  iris_codes: z.array(irisCodeSchema).min(1).max(5000).optional().nullable(),
  include_inactive: z.boolean().default(false),
});
export type ZoneInput = z.output<typeof zoneInputSchema>;

/** A NAF rév. 2 code at any level below the section: `56`, `56.1`, `56.10`, `56.10A`. */
export const NAF_CODE_PATTERN = /^\d{2}(\.\d{1,2}[A-Z]?)?$/;
const nafCode = z.string().trim().toUpperCase().regex(NAF_CODE_PATTERN, 'code NAF invalide (ex. 56.10A)');

const limit = (fallback: number, maximum: number) => z.coerce.number().int().min(1).max(maximum).default(fallback);
const offset = z.coerce.number().int().min(0).max(1_000_000).default(0);

export const zoneStatisticsRequestSchema = zoneInputSchema;

export const zoneAllBusinessesRequestSchema = zoneInputSchema.extend({
  limit: limit(50, ARROW_LIST_LIMIT),
  offset,
  search_query: z.string().trim().max(200).optional().nullable(),
  skip_count: z.boolean().default(false),
});

export const divisionBusinessesRequestSchema = zoneInputSchema.extend({
  division_code: z.string().regex(/^\d{2}$/, 'code de division NAF attendu (2 chiffres)'),
  limit: limit(500, JSON_LIST_LIMIT),
  offset,
});

export const nafCodeBusinessesRequestSchema = zoneInputSchema.extend({
  naf_code: nafCode,
  limit: limit(100, JSON_LIST_LIMIT),
  offset,
});

/** `zone` (a zone reference) or `polygon` (its coordinates alone, the older body). */
export const polygonSearchRequestSchema = z.object({
  zone: zoneReferenceSchema.optional(),
  polygon: z.object({ coordinates: z.array(z.unknown()).min(1, 'polygone vide') }).optional(),
  naf_codes: z.array(nafCode).min(1, 'au moins un code NAF').max(200),
  limit: limit(100, JSON_LIST_LIMIT),
});

const nameText = z.string().trim().min(2, 'au moins 2 caractères').max(200);

export const fuzzySearchQuerySchema = z.object({
  query: nameText,
  fuzziness: z.union([z.literal('AUTO'), z.coerce.number().int().min(0).max(2)]).default('AUTO'),
  limit: limit(100, JSON_LIST_LIMIT),
});

const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
    z.array(item).max(200).optional(),
  );

export const businessSearchQuerySchema = z
  .object({
    name: nameText.optional(),
    naf_codes: repeated(nafCode),
    'naf_codes[]': repeated(nafCode),
    commune_name: z.string().trim().min(1).max(100).optional(),
    commune_code: communeCodeSchema.optional(),
    limit: limit(100, JSON_LIST_LIMIT),
    only_active: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
  })
  .refine(
    (query) =>
      query.name || query.naf_codes?.length || query['naf_codes[]']?.length || query.commune_code || query.commune_name,
    {
      message: 'indiquez un nom, un code NAF ou une commune',
      path: ['name'],
    },
  );

export const communesListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  limit: limit(100, 1000),
});

export const searchByNameRequestSchema = z.object({ name: nameText, limit: limit(100, JSON_LIST_LIMIT) });

export const nafSearchBusinessesQuerySchema = z.object({
  naf_codes: repeated(nafCode),
  'naf_codes[]': repeated(nafCode),
  bounds: z
    .string()
    .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, 'bornes attendues : min_lat,min_lon,max_lat,max_lon')
    .optional(),
  limit: limit(100, JSON_LIST_LIMIT),
});

/** `zone` (a zone reference) or `isochrone_geometry`. */
export const isochroneSearchRequestSchema = z.object({
  zone: zoneReferenceSchema.optional(),
  isochrone_geometry: zoneGeometrySchema.optional(),
  filters: z
    .object({
      naf_codes: z.array(nafCode).max(200).optional(),
      name: z.string().trim().max(200).optional(),
      only_active: z.boolean().default(true),
      limit: limit(1000, 5000),
    })
    .default({ only_active: true, limit: 1000 }),
});

export const categoryAnalysisRequestSchema = zoneInputSchema.extend({
  categories: z.array(z.string()).max(10).optional(),
  per_category_limit: limit(100, 500),
});

export const nafSectionParamsSchema = z.object({
  section: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-U]$/, 'section NAF attendue (A à U)'),
});

/** One establishment as every list answers it. */
export const businessSchema = z.object({
  id: z.string(),
  siret: z.string().nullable(),
  siren: z.string().nullable(),
  denomination: z.string().nullable(),
  enseigne: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  commune_code: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  naf_code: z.string().nullable(),
  naf_label: z.string().nullable(),
  section_code: z.string().nullable(),
  section_label: z.string().nullable(),
  employee_size: z.string().nullable(),
  employee_range: z.string(),
  status: z.enum(['A', 'F']),
  date_creation: z.string().nullable(),
  source: z.string(),
  source_label: z.string(),
  source_vintage: z.string().nullable(),
  demo: z.boolean(),
  /** The same business in other sources (kept, counted once). */
  also_in: z.array(z.object({ id: z.string(), source: z.string(), source_label: z.string() })),
});
export type Business = z.infer<typeof businessSchema>;

export const businessListSchema = z.object({
  businesses: z.array(businessSchema),
  returned_count: z.number(),
  total_count: z.number(),
  search_time_ms: z.number(),
  restriction_info: z.string().nullable(),
});
export type BusinessList = z.infer<typeof businessListSchema>;

const sizeEntry = z.object({ count: z.number(), percentage: z.number() });

export const zoneStatisticsSchema = z.object({
  total_businesses: z.number(),
  zone_area_km2: z.number().nullable(),
  business_density: z.number().nullable(),
  employee_size_breakdown: z.object(
    Object.fromEntries(SIZE_CLASSES.map((key) => [key, sizeEntry])) as Record<
      (typeof SIZE_CLASSES)[number],
      typeof sizeEntry
    >,
  ),
  top_naf_categories: z.array(
    z.object({
      rank: z.number(),
      naf_code: z.string(),
      label: z.string(),
      count: z.number(),
      percentage: z.number(),
      section_code: z.string().nullable(),
      section_label: z.string().nullable(),
      division_code: z.string(),
      division_label: z.string(),
      subcategories: z.array(z.object({ naf_code: z.string(), label: z.string(), count: z.number() })),
    }),
  ),
  /** Establishments per NAF section (`NC`: activity not given). */
  section_breakdown: z.array(
    z.object({ section_code: z.string(), label: z.string(), count: z.number(), percentage: z.number() }),
  ),
  sources: z.array(
    z.object({
      source: z.string(),
      label: z.string(),
      vintage: z.string().nullable(),
      count: z.number(),
      demo: z.boolean(),
    }),
  ),
  demo_count: z.number(),
  search_time_ms: z.number(),
});
export type ZoneBusinessStatistics = z.infer<typeof zoneStatisticsSchema>;

/** Nearest competitors: at most 50 listed, walks of at most 30 minutes. */
export const NEAREST_COMPETITORS = { maximumLimit: 50, defaultLimit: 10, maximumMinutes: 30, defaultMinutes: 15 } as const;

/** From a point (a click, an address), the establishments of NAF codes nearest by walking time. */
export const nearestCompetitorsRequestSchema = z.object({
  longitude: z.number({ error: 'longitude attendue (nombre)' }).min(-180).max(180),
  latitude: z.number({ error: 'latitude attendue (nombre)' }).min(-90).max(90),
  naf_codes: z.array(nafCode).min(1, 'au moins un code NAF').max(50),
  max_minutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(NEAREST_COMPETITORS.maximumMinutes)
    .default(NEAREST_COMPETITORS.defaultMinutes),
  limit: limit(NEAREST_COMPETITORS.defaultLimit, NEAREST_COMPETITORS.maximumLimit),
});
export type NearestCompetitorsRequest = z.output<typeof nearestCompetitorsRequestSchema>;

export const nearestCompetitorsSchema = z.object({
  origin: z.object({ longitude: z.number(), latitude: z.number(), snap_metres: z.number() }),
  competitors: z.array(
    z.object({
      rank: z.number(),
      walking_seconds: z.number(),
      walking_minutes: z.number(),
      /** Straight-line distance, for reference only: the order is the walking time's. */
      straight_metres: z.number(),
      business: businessSchema,
    }),
  ),
  /** Establishments of the codes within the straight-line reach of the walk (before the network is walked). */
  candidates_count: z.number(),
  max_minutes: z.number(),
  method: z.string(),
  search_time_ms: z.number(),
});
export type NearestCompetitors = z.infer<typeof nearestCompetitorsSchema>;
