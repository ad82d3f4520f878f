import { z } from 'zod';
import { polygonGeometrySchema } from './polygonGeometry';

const featureSchema = z.object({
  type: z.literal('Feature'),
  geometry: polygonGeometrySchema,
  properties: z.record(z.string(), z.unknown()).nullable().optional(),
});

/** A zone geometry is a GeoJSON Feature or a FeatureCollection (its first feature counts). */
export const zoneGeometrySchema = z.union([
  featureSchema,
  z.object({ type: z.literal('FeatureCollection'), features: z.array(featureSchema).min(1) }),
]);

/** The body of POST /api/user-zones. */
export const zoneInputSchema = z.object({
  id: z.string().trim().min(1).max(200),
  name: z.string().trim().min(1).max(300),
  address: z.string().max(500).default(''),
  coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
  transportMode: z.enum(['driving', 'walking', 'cycling', 'public-transport']).default('driving'),
  travelTime: z
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(15),
  zoneType: z.enum(['time', 'distance']).default('time'),
  zoneDistance: z.number().int().min(0).max(1_000_000).default(0),
  departureTime: z.string().datetime({ offset: true }).nullable().optional(),
  geometry: zoneGeometrySchema,
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'couleur #RRGGBB attendue')
    .optional(),
  properties: z.record(z.string(), z.unknown()).default({}),
});
export type ZoneInput = z.infer<typeof zoneInputSchema>;

/** A zone as the server answers it. */
export const storedZoneSchema = zoneInputSchema.extend({
  color: z.string(),
  departureTime: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
