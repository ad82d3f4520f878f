import { z } from 'zod';
import { HOME_CATEGORY_KEYS } from '../businesses/homeCategories';
import { ROAD_MODES } from '../isochrones/travelModes';
import { zoneReferenceSchema } from '../zones/zoneReference';
import { DEFAULT_HUFF_LAMBDA } from './huffModel';

/** Bounds of every market request (each bounds the cost of one answer). */
export const MARKET_LIMITS = {
  /** Potential bands: minutes by the chosen mode. */
  potentialMinutes: { minimum: 5, maximum: 30 },
  /** Competition: straight-line radius (km) or travel time (minutes). */
  radiusKilometres: { minimum: 0.1, maximum: 10, default: 2 },
  competitionMinutes: { minimum: 5, maximum: 30 },
  competitionLimit: { default: 200, maximum: 1_000 },
  /** Huff: walking up to 20 minutes, cycling up to 10 (one search per IRIS reached). */
  huffMinutes: { walking: 20, cycling: 10, minimum: 5, default: 15 },
  lambda: { maximum: 5 },
  attractiveness: { maximum: 10_000 },
  ownOutlets: 200,
} as const;

export const POTENTIAL_DEFAULT_MINUTES = [5, 10, 15] as const;

const coordinatesSchema = z.tuple(
  [
    z.number({ error: 'longitude attendue (nombre)' }).min(-180).max(180),
    z.number({ error: 'latitude attendue (nombre)' }).min(-90).max(90),
  ],
  { error: '[longitude, latitude] attendu' },
);

/** A home category of businesses (boulangeries, pharmacies…): the NAF family of a market study. */
export const sectorSchema = z.enum(HOME_CATEGORY_KEYS, {
  error: `famille NAF inconnue : ${HOME_CATEGORY_KEYS.join(', ')}`,
});
const modeSchema = z.enum(ROAD_MODES, { error: `mode inconnu : ${ROAD_MODES.join(', ')}` });

const minutesSchema = (minimum: number, maximum: number) =>
  z
    .number({ error: 'nombre de minutes attendu' })
    .int('nombre entier de minutes attendu')
    .min(minimum, `doit être compris entre ${minimum} et ${maximum} minutes`)
    .max(maximum, `doit être compris entre ${minimum} et ${maximum} minutes`);

/** `POST /api/market/potential`: residents, households and income within travel times of a point, or of a zone. */
export const potentialRequestSchema = z
  .object({
    coordinates: coordinatesSchema.optional(),
    zone: zoneReferenceSchema.optional(),
    mode: modeSchema.default('walking'),
    minutes: z
      .array(minutesSchema(MARKET_LIMITS.potentialMinutes.minimum, MARKET_LIMITS.potentialMinutes.maximum))
      .min(1, 'au moins une durée')
      .max(3, 'trois durées au plus')
      .default([...POTENTIAL_DEFAULT_MINUTES]),
  })
  .refine((request) => request.coordinates !== undefined || request.zone !== undefined, {
    message: 'indiquez un point (coordinates) ou une zone (zone)',
    path: ['coordinates'],
  });
export type PotentialRequest = z.output<typeof potentialRequestSchema>;

/** The figures of one catchment (a travel-time band or a zone). */
export const potentialBandSchema = z.object({
  /** Minutes of the band; null for a zone. */
  minutes: z.number().nullable(),
  residents: z.number().nullable(),
  households: z.number().nullable(),
  /** Median disposable income per consumption unit of the IRIS (weighted), € per year. */
  median_income: z.number().nullable(),
  /** Estimate: median × residents, € per year (not a measured total). */
  income_estimate: z.number().nullable(),
  iris_count: z.number(),
  area_km2: z.number(),
  geometry: z.unknown().nullable(),
});
export type PotentialBand = z.infer<typeof potentialBandSchema>;

export const sourceSchema = z.object({ label: z.string(), vintage: z.string().nullable() });
export type MarketSource = z.infer<typeof sourceSchema>;

export const potentialSchema = z.object({
  coordinates: z.tuple([z.number(), z.number()]).nullable(),
  mode: z.enum(ROAD_MODES),
  bands: z.array(potentialBandSchema),
  method: z.string(),
  sources: z.array(sourceSchema),
  computation_ms: z.number(),
});
export type Potential = z.infer<typeof potentialSchema>;

/** `POST /api/market/competition`: competitors of NAF families within a radius (km) or a travel time. */
export const competitionRequestSchema = z.object({
  coordinates: coordinatesSchema,
  categories: z
    .array(sectorSchema)
    .min(1, 'au moins une famille')
    .max(HOME_CATEGORY_KEYS.length)
    .default([...HOME_CATEGORY_KEYS]),
  radius: z
    .number({ error: 'rayon attendu (km)' })
    .min(MARKET_LIMITS.radiusKilometres.minimum, 'doit être compris entre 0,1 et 10 km')
    .max(MARKET_LIMITS.radiusKilometres.maximum, 'doit être compris entre 0,1 et 10 km')
    .default(MARKET_LIMITS.radiusKilometres.default),
  mode: modeSchema.default('walking'),
  /** When given, the reach is this travel time by `mode` instead of the radius. */
  minutes: minutesSchema(MARKET_LIMITS.competitionMinutes.minimum, MARKET_LIMITS.competitionMinutes.maximum).optional(),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MARKET_LIMITS.competitionLimit.maximum)
    .default(MARKET_LIMITS.competitionLimit.default),
});
export type CompetitionRequest = z.output<typeof competitionRequestSchema>;

export const competitorSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: sectorSchema,
  naf_code: z.string().nullable(),
  employee_size: z.string().nullable(),
  longitude: z.number(),
  latitude: z.number(),
  straight_metres: z.number(),
  /** Travel time by the mode on the street graph; null when not reached within the search's limit. */
  travel_seconds: z.number().nullable(),
});
export type Competitor = z.infer<typeof competitorSchema>;

export const competitionSchema = z.object({
  coordinates: z.tuple([z.number(), z.number()]),
  mode: z.enum(ROAD_MODES),
  reach: z.object({
    kind: z.enum(['radius', 'time']),
    radius_km: z.number().nullable(),
    minutes: z.number().nullable(),
  }),
  departement_code: z.string(),
  residents: z.number().nullable(),
  families: z.array(
    z.object({
      category: sectorSchema,
      name: z.string(),
      count: z.number(),
      /** Competitors per 1,000 residents of the reach, and of the whole département. */
      density_per_1000: z.number().nullable(),
      departement_count: z.number(),
      departement_density_per_1000: z.number().nullable(),
    }),
  ),
  nearest: competitorSchema.nullable(),
  competitors: z.array(competitorSchema),
  total_count: z.number(),
  method: z.string(),
  sources: z.array(sourceSchema),
  computation_ms: z.number(),
});
export type Competition = z.infer<typeof competitionSchema>;

/** `POST /api/market/analysis`: the Huff model for a candidate site in a sector. */
export const analysisRequestSchema = z
  .object({
    coordinates: coordinatesSchema,
    sector: sectorSchema.default('bakeries'),
    mode: z
      .enum(['walking', 'cycling'], { error: 'le modèle de Huff se calcule à pied (walking) ou à vélo (cycling)' })
      .default('walking'),
    minutes: minutesSchema(MARKET_LIMITS.huffMinutes.minimum, MARKET_LIMITS.huffMinutes.walking).default(
      MARKET_LIMITS.huffMinutes.default,
    ),
    lambda: z
      .number({ error: 'nombre attendu' })
      .gt(0, 'λ doit être strictement positif')
      .max(MARKET_LIMITS.lambda.maximum, 'λ ne peut dépasser 5')
      .default(DEFAULT_HUFF_LAMBDA),
    /** The candidate's attractiveness on the competitors' scale (staff of its size band; 1 by default). */
    attractiveness: z
      .number({ error: 'nombre attendu' })
      .gt(0, 'doit être strictement positive')
      .max(MARKET_LIMITS.attractiveness.maximum)
      .default(1),
    /** Identities of the competitors that are the user's own outlets (cannibalisation). */
    own_outlets: z.array(z.string().trim().min(1).max(64)).max(MARKET_LIMITS.ownOutlets).default([]),
    /** Restricts the study to the IRIS of a zone. */
    zone: zoneReferenceSchema.optional(),
  })
  .superRefine((request, context) => {
    if (request.mode === 'cycling' && request.minutes > MARKET_LIMITS.huffMinutes.cycling) {
      context.addIssue({
        code: 'custom',
        path: ['minutes'],
        message: `à vélo, le modèle de Huff se calcule jusqu’à ${MARKET_LIMITS.huffMinutes.cycling} minutes`,
      });
    }
  });
export type AnalysisRequest = z.output<typeof analysisRequestSchema>;

export const analysisIrisSchema = z.object({
  iris_code: z.string(),
  iris_name: z.string(),
  population: z.number(),
  /** Travel time from the IRIS's point to the site (seconds). */
  seconds_to_site: z.number(),
  share: z.number(),
  residents: z.number(),
  income: z.number().nullable(),
});

export const analysisCompetitorSchema = competitorSchema.extend({
  attractiveness: z.number(),
  own: z.boolean(),
  residents_before: z.number(),
  residents_after: z.number(),
  residents_taken: z.number(),
});
export type AnalysisCompetitor = z.infer<typeof analysisCompetitorSchema>;

export const analysisSchema = z.object({
  coordinates: z.tuple([z.number(), z.number()]),
  sector: sectorSchema,
  sector_name: z.string(),
  mode: z.enum(['walking', 'cycling']),
  minutes: z.number(),
  lambda: z.number(),
  attractiveness: z.number(),
  captured: z.object({
    residents: z.number(),
    households: z.number(),
    /** Estimate: Σ share × median × residents of each IRIS, € per year. */
    income_estimate: z.number(),
    /** Captured residents ÷ residents of the study area. */
    share_of_area: z.number().nullable(),
  }),
  area: z.object({ population: z.number(), iris_count: z.number() }),
  iris: z.array(analysisIrisSchema),
  /** The IRIS of the study area with their share, for the choropleth. */
  iris_features: z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) }),
  competitors: z.array(analysisCompetitorSchema),
  cannibalised_residents: z.number(),
  sensitivity: z.array(z.object({ lambda: z.number(), residents: z.number(), income_estimate: z.number() })),
  method: z.string(),
  sources: z.array(sourceSchema),
  computation_ms: z.number(),
});
export type Analysis = z.infer<typeof analysisSchema>;
