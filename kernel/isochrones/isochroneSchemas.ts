import { z } from 'zod';
import { TRAVEL_TIME_MINUTES, ZONE_DISTANCE_METRES } from './travelModes';

export const TRANSPORT_MODES = ['driving', 'walking', 'cycling', 'public-transport'] as const;

const longitude = z.number().min(-180).max(180);
const latitude = z.number().min(-90).max(90);

/**
 * `POST /api/isochrone/generate` body: the start, the mode, a
 * time zone (travelTime 5–60 min) or a distance zone (zoneDistance 1–50 km, in metres).
 * `reachLimit` (minutes for time zones, metres for distance zones, ≥ the zone's own value) asks for
 * the reached network up to it, so that the client re-contours slider moves without a server call.
 */
export const isochroneRequestSchema = z
  .object({
    coordinates: z.tuple([longitude, latitude]),
    transportMode: z.enum(TRANSPORT_MODES),
    zoneType: z.enum(['time', 'distance']).default('time'),
    travelTime: z.number().optional(),
    zoneDistance: z.number().optional(),
    departureTime: z.string().nullish(),
    includeReach: z.boolean().default(false),
    reachLimit: z.number().positive().optional(),
  })
  .superRefine((request, context) => {
    if (request.zoneType === 'time') {
      const time = request.travelTime;
      if (time === undefined) {
        context.addIssue({ code: 'custom', path: ['travelTime'], message: 'obligatoire pour une zone en temps' });
      } else if (time < TRAVEL_TIME_MINUTES.minimum || time > TRAVEL_TIME_MINUTES.maximum) {
        context.addIssue({ code: 'custom', path: ['travelTime'], message: 'doit être compris entre 5 et 60 minutes' });
      } else if (
        request.reachLimit !== undefined &&
        (request.reachLimit < time || request.reachLimit > TRAVEL_TIME_MINUTES.maximum)
      ) {
        context.addIssue({
          code: 'custom',
          path: ['reachLimit'],
          message: 'doit être compris entre travelTime et 60 minutes',
        });
      }
    } else {
      const distance = request.zoneDistance;
      if (distance === undefined) {
        context.addIssue({ code: 'custom', path: ['zoneDistance'], message: 'obligatoire pour une zone en distance' });
      } else if (distance < ZONE_DISTANCE_METRES.minimum || distance > ZONE_DISTANCE_METRES.maximum) {
        context.addIssue({
          code: 'custom',
          path: ['zoneDistance'],
          message: 'doit être compris entre 1 000 et 50 000 mètres (1 à 50 km)',
        });
      } else if (
        request.reachLimit !== undefined &&
        (request.reachLimit < distance || request.reachLimit > ZONE_DISTANCE_METRES.maximum)
      ) {
        context.addIssue({
          code: 'custom',
          path: ['reachLimit'],
          message: 'doit être compris entre zoneDistance et 50 000 mètres',
        });
      }
    }
  });

export type IsochroneRequest = z.input<typeof isochroneRequestSchema>;
export type ValidIsochroneRequest = z.output<typeof isochroneRequestSchema>;

export const BATCH_MAXIMUM = 20;

/** `POST /api/isochrone/batch` body. */
export const isochroneBatchSchema = z.object({
  requests: z.array(isochroneRequestSchema).min(1).max(BATCH_MAXIMUM),
});

const geometrySchema = z.object({
  type: z.enum(['Polygon', 'MultiPolygon']),
  coordinates: z.array(z.unknown()),
});

/** The reached network, typed arrays as base64 (little-endian), for the re-contour worker. */
export const encodedReachSchema = z.object({
  origin: z.tuple([z.number(), z.number()]),
  metric: z.enum(['time', 'distance']),
  limit: z.number(),
  offNetworkCostPerMetre: z.number(),
  arcStartCosts: z.string(),
  arcCosts: z.string(),
  vertexOffsets: z.string(),
  vertices: z.string(),
});
export type EncodedReach = z.infer<typeof encodedReachSchema>;

/** One isochrone: a GeoJSON Feature (RFC 7946; `reach` is a foreign member, present on request). */
export const isochroneFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: geometrySchema,
  properties: z.object({
    transportMode: z.enum(TRANSPORT_MODES),
    zoneType: z.enum(['time', 'distance']),
    /** Minutes (time zones) — null for distance zones. */
    travelTime: z.number().nullable(),
    /** Metres (distance zones) — null for time zones. */
    zoneDistance: z.number().nullable(),
    center: z.tuple([z.number(), z.number()]),
    engine: z.enum(['zonalyse', 'valhalla']),
    /** Metres from the start to the network. */
    snapDistance: z.number().nullable(),
    areaKm2: z.number(),
    computationTimeMs: z.number(),
  }),
  reach: encodedReachSchema.optional(),
});
export type IsochroneFeature = z.infer<typeof isochroneFeatureSchema>;

export const isochroneBatchResponseSchema = z.object({
  results: z.array(
    z.union([
      z.object({ status: z.literal('ok'), feature: isochroneFeatureSchema }),
      z.object({ status: z.literal('error'), statusCode: z.number(), code: z.string(), detail: z.string() }),
    ]),
  ),
  computationTimeMs: z.number(),
});
export type IsochroneBatchResponse = z.infer<typeof isochroneBatchResponseSchema>;
