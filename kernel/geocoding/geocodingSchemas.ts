import { z } from 'zod';

/**
 * One geocoding result, in the shape of the maps-service answers the client reads (
 * `features[0].center` and `place_name` or `text`), GeoJSON Point + Carmen-style members.
 */
export const geocodingFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  place_type: z.array(z.enum(['address', 'street', 'municipality', 'postcode'])),
  relevance: z.number(),
  text: z.string(),
  place_name: z.string(),
  /** [longitude, latitude] */
  center: z.tuple([z.number(), z.number()]),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.object({
    source: z.enum(['ban', 'communes']),
    id: z.string().optional(),
    numero: z.number().nullable().optional(),
    nom_voie: z.string().optional(),
    code_postal: z.string().nullable(),
    code_insee: z.string(),
    nom_commune: z.string().nullable(),
    departement_code: z.string().optional(),
  }),
});
export type GeocodingFeature = z.infer<typeof geocodingFeatureSchema>;

export const geocodingResponseSchema = z.object({
  type: z.literal('FeatureCollection'),
  query: z.array(z.string()),
  features: z.array(geocodingFeatureSchema),
});
export type GeocodingResponse = z.infer<typeof geocodingResponseSchema>;
