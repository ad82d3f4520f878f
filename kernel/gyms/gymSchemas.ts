import { z } from 'zod';
import { businessSchema } from '../businesses/businessSchemas';
import { GYM_CHAIN_KEYS } from './gymChains';

/** Fitness establishments: NAF 93.13Z « Activités des centres de culture physique ». */
export const GYM_NAF_CODES = ['93.13Z'] as const;
export const GYM_LIMITS = {
  maxDistanceKm: { default: 10, maximum: 50 },
  limit: { default: 100, maximum: 500 },
} as const;

/**
 * `POST /api/gyms/search`: gyms near a point (within maxDistance km, default 10) or everywhere, by chain.
 * Open data carries no rating, price or amenity: `minRating` is accepted only at its default 0.
 */
export const gymSearchRequestSchema = z.object({
  coordinates: z
    .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)], { error: '[longitude, latitude] attendu' })
    .optional(),
  chains: z
    .array(z.enum(GYM_CHAIN_KEYS, { error: `chaîne inconnue : ${GYM_CHAIN_KEYS.join(', ')}` }))
    .max(GYM_CHAIN_KEYS.length)
    .default([]),
  /** Only gyms of no recognised chain. */
  independent_only: z.boolean().default(false),
  maxDistance: z
    .number({ error: 'distance attendue (km)' })
    .positive('doit être positive')
    .max(GYM_LIMITS.maxDistanceKm.maximum, 'ne peut dépasser 50 km')
    .default(GYM_LIMITS.maxDistanceKm.default),
  minRating: z
    .literal(0, { error: 'aucune note publique dans les données ouvertes : seule la valeur 0 est acceptée' })
    .default(0),
  name: z.string().trim().max(100).optional(),
  limit: z.number().int().min(1).max(GYM_LIMITS.limit.maximum).default(GYM_LIMITS.limit.default),
  offset: z.number().int().min(0).max(100_000).default(0),
});
export type GymSearchRequest = z.output<typeof gymSearchRequestSchema>;

export const gymSchema = businessSchema.extend({
  name: z.string(),
  chain: z.string().nullable(),
  chain_name: z.string().nullable(),
  /** Kilometres from the search point (null without one). */
  distance_km: z.number().nullable(),
});
export type Gym = z.infer<typeof gymSchema>;

export const gymSearchSchema = z.object({
  gyms: z.array(gymSchema),
  returned_count: z.number(),
  total_count: z.number(),
  search_time_ms: z.number(),
});
export type GymSearch = z.infer<typeof gymSearchSchema>;

export const gymChainsSchema = z.object({
  chains: z.array(z.object({ key: z.string(), name: z.string(), count: z.number() })),
  independent_count: z.number(),
  method: z.string(),
});
export type GymChains = z.infer<typeof gymChainsSchema>;

export const gymBrandsSchema = z.object({
  brands: z.array(z.object({ name: z.string(), chain: z.string().nullable(), count: z.number() })),
});

export const gymIdParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });
