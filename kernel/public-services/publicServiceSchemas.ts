import { z } from 'zod';
import { polygonGeometrySchema, polygonInputSchema } from '../zones/polygonGeometry';
import { zoneReferenceSchema } from '../zones/zoneReference';
import { PUBLIC_SERVICE_CATEGORY_IDS } from './publicServiceCategories';

/** Limits of the product: 100 services per type, 10,000 for the map, at most 5 départements. */
export const PUBLIC_SERVICE_LIMITS = {
  perType: 100,
  map: 10_000,
  selectedTypes: 1_000,
  departementThreshold: 2_000,
  maximumDepartements: 5,
  maximumRadiusKm: 20,
  maximumPolygonPositions: 20_000,
} as const;

/** Where a stored service comes from. */
export const PUBLIC_SERVICE_SOURCES = ['annuaire', 'bpe', 'ecoles'] as const;
export type PublicServiceSource = (typeof PUBLIC_SERVICE_SOURCES)[number];

/** The French name of each source, as shown under every figure. */
export const PUBLIC_SERVICE_SOURCE_LABELS: Readonly<Record<PublicServiceSource, string>> = {
  annuaire: 'Annuaire de l’administration (DILA, service-public.fr)',
  bpe: 'Base permanente des équipements (Insee)',
  ecoles: 'Établissements scolaires (Ville de Paris, opendata.paris.fr)',
};

/** A GET array parameter may come as `key[]=a&key[]=b`, `key=a&key=b` or `key=a`. */
const stringList = (maximum: number, itemMaximum: number) =>
  z.preprocess(
    (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
    z.array(z.string().trim().min(1).max(itemMaximum)).max(maximum).optional(),
  );

const booleanFlag = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean().default(false),
);

const departementCode = z
  .string()
  .regex(/^(0[1-9]|1\d|2[1-9AB]|[3-8]\d|9[0-5])$/, 'code de département métropolitain attendu');

/** GET /public-services/search (spec: service_types repeated, commune, search_term, limit, offset…). */
export const searchQuerySchema = z.object({
  service_types: stringList(50, 80),
  commune: z.string().trim().max(100).optional(),
  search_term: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PUBLIC_SERVICE_LIMITS.map).default(PUBLIC_SERVICE_LIMITS.perType),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  with_coordinates_only: booleanFlag,
  departements: z.preprocess(
    (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
    z.array(departementCode).max(PUBLIC_SERVICE_LIMITS.maximumDepartements, 'au plus 5 départements').optional(),
  ),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** GET /public-services/nearby: a point and a radius in kilometres. */
export const nearbyQuerySchema = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
  radius: z.coerce
    .number()
    .gt(0, 'le rayon doit être strictement positif')
    .max(PUBLIC_SERVICE_LIMITS.maximumRadiusKm, `rayon de ${PUBLIC_SERVICE_LIMITS.maximumRadiusKm} km au plus`)
    .default(1),
  limit: z.coerce.number().int().min(1).max(PUBLIC_SERVICE_LIMITS.selectedTypes).default(PUBLIC_SERVICE_LIMITS.perType),
  service_types: stringList(50, 80),
});
export type NearbyQuery = z.infer<typeof nearbyQuerySchema>;

/** POST /public-services/within-polygon: query service_types and limit. */
export const withinPolygonQuerySchema = z.object({
  service_types: stringList(50, 80),
  limit: z.coerce.number().int().min(1).max(PUBLIC_SERVICE_LIMITS.map).default(PUBLIC_SERVICE_LIMITS.selectedTypes),
});

const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number());

/**
 * `zone` (a zone reference), or `polygon`: a list of [longitude, latitude] (closed or not), `{coordinates}`
 * of such a list, or a GeoJSON Polygon/MultiPolygon (the one polygon schema).
 */
export const withinPolygonBodySchema = z
  .object({
    zone: zoneReferenceSchema.optional(),
    polygon: z
      .union([
        z.array(position).min(3, 'au moins 3 points').max(PUBLIC_SERVICE_LIMITS.maximumPolygonPositions),
        polygonGeometrySchema,
        z.object({
          coordinates: z.array(position).min(3, 'au moins 3 points').max(PUBLIC_SERVICE_LIMITS.maximumPolygonPositions),
        }),
      ])
      .optional(),
  })
  .refine((body) => body.zone !== undefined || body.polygon !== undefined, {
    message: 'zone ou polygone requis',
    path: ['polygon'],
  });
export type WithinPolygonBody = z.infer<typeof withinPolygonBodySchema>;

/** A zone geometry: a Polygon/MultiPolygon, a Feature, or a FeatureCollection (its first feature): the one polygon schema. */
export const zoneGeometryInputSchema = polygonInputSchema;
export type ZoneGeometryInput = z.infer<typeof zoneGeometryInputSchema>;

/** A body's zone is its `zone` reference or its `geometry`: one of them is required. */
const oneZone = <Shape extends { zone?: unknown; geometry?: unknown }>(body: Shape) =>
  body.zone !== undefined || body.geometry !== undefined;

/** POST /public-services/zone-analysis and /served-population: `{zone}` (a zone reference) or `{geometry}`. */
export const zoneAnalysisBodySchema = z
  .object({ zone: zoneReferenceSchema.optional(), geometry: zoneGeometryInputSchema.optional() })
  .refine(oneZone, { message: 'zone ou géométrie requise', path: ['geometry'] });

// ---------------------------------------------------------------------------------------------------
// Answers

export const serviceTypeSchema = z.object({
  type_service_local: z.string(),
  name: z.string(),
  count: z.number().int(),
  with_coordinates: z.number().int(),
  description: z.string(),
  category: z.enum(PUBLIC_SERVICE_CATEGORY_IDS),
  source: z.enum(PUBLIC_SERVICE_SOURCES),
  /** Positions placed at addresses of the IRIS, not the real ones (BPE counts). */
  demo_positions: z.boolean(),
});
export type ServiceType = z.infer<typeof serviceTypeSchema>;

export const serviceCategorySchema = z.object({
  category_id: z.enum(PUBLIC_SERVICE_CATEGORY_IDS),
  name: z.string(),
  icon: z.string(),
  color: z.string(),
  description: z.string(),
  service_count: z.number().int(),
  services: z.array(serviceTypeSchema),
});
export type ServiceCategory = z.infer<typeof serviceCategorySchema>;

/** The source of a figure: which dataset and which vintage. */
export const sourceNoteSchema = z.object({
  source: z.enum(PUBLIC_SERVICE_SOURCES),
  label: z.string(),
  vintage: z.string(),
  demo_positions: z.boolean(),
});
export type SourceNote = z.infer<typeof sourceNoteSchema>;

/** One service, as search/nearby/within-polygon answer it. */
export const publicServiceSchema = z.object({
  id: z.string(),
  nom: z.string(),
  type_service_local: z.string().nullable(),
  type_label: z.string().nullable(),
  category: z.enum(PUBLIC_SERVICE_CATEGORY_IDS),
  numero_voie: z.string().nullable(),
  code_postal: z.string().nullable(),
  nom_commune: z.string().nullable(),
  code_commune: z.string().nullable(),
  telephone: z.string().nullable(),
  adresse_courriel: z.string().nullable(),
  site_internet: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  source: z.enum(PUBLIC_SERVICE_SOURCES),
  vintage: z.string(),
  demo_position: z.boolean(),
  distance_m: z.number().optional(),
});
export type PublicService = z.infer<typeof publicServiceSchema>;

export const searchResponseSchema = z.object({
  services: z.array(publicServiceSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const statisticsSchema = z.object({
  total_services: z.number().int(),
  with_coordinates: z.number().int(),
  with_phone: z.number().int(),
  with_email: z.number().int(),
  with_website: z.number().int(),
  service_types: z.number().int(),
  communes: z.number().int(),
  postal_codes: z.number().int(),
  /** Percent of services with coordinates, one decimal. */
  coordinate_coverage: z.number(),
  sources: z.array(sourceNoteSchema.extend({ count: z.number().int() })),
});
export type PublicServiceStatistics = z.infer<typeof statisticsSchema>;

/** One service of a zone analysis. */
export const zoneServiceSchema = z.object({
  id: z.string(),
  service_type: z.string().nullable(),
  name: z.string(),
  title: z.string().nullable(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  source: z.enum(PUBLIC_SERVICE_SOURCES),
  vintage: z.string(),
  demo_position: z.boolean(),
});
export type ZoneService = z.infer<typeof zoneServiceSchema>;

export const zoneCategorySchema = z.object({
  category: z.enum(PUBLIC_SERVICE_CATEGORY_IDS),
  name: z.string(),
  count: z.number().int(),
  icon: z.string(),
  color: z.string(),
  description: z.string(),
  services: z.array(zoneServiceSchema),
});
export type ZoneCategory = z.infer<typeof zoneCategorySchema>;

export const zoneAnalysisSchema = z.object({
  categories: z.array(zoneCategorySchema),
  total_services: z.number().int(),
  sources: z.array(sourceNoteSchema),
  computation_time_ms: z.number(),
});
export type ZoneAnalysis = z.infer<typeof zoneAnalysisSchema>;

/** Walking times the served-population table reports, in minutes. */
export const SERVED_MINUTES = [5, 10, 15] as const;

export const servedCategorySchema = z.object({
  category: z.enum(PUBLIC_SERVICE_CATEGORY_IDS),
  name: z.string(),
  color: z.string(),
  services_in_zone: z.number().int(),
  /** Share of the zone's residents (0–1) within 5, 10 and 15 minutes' walk of the nearest service. */
  within_5: z.number(),
  within_10: z.number(),
  within_15: z.number(),
  rate_per_10000: z.number().nullable(),
  paris_rate_per_10000: z.number().nullable(),
});
export type ServedCategory = z.infer<typeof servedCategorySchema>;

export const servedPopulationSchema = z.object({
  categories: z.array(servedCategorySchema),
  population: z.number(),
  /** The census vintage of the population (the year of `population_source`). */
  population_vintage: z.number().int(),
  paris_population: z.number(),
  population_source: z.string(),
  method: z.string(),
  sources: z.array(sourceNoteSchema),
  computation_time_ms: z.number(),
});
export type ServedPopulation = z.infer<typeof servedPopulationSchema>;
