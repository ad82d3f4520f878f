import { z } from 'zod';
import { TRAVEL_TIME_MINUTES, ZONE_DISTANCE_METRES } from './travelModes';

export const TRANSPORT_MODES = ['driving', 'walking', 'cycling', 'public-transport'] as const;

/** Public transport: a departure window of at most 3 h, and the share of its departures the zone stands for. */
export const DEPARTURE_WINDOW_MAXIMUM_MINUTES = 180;
export const DEPARTURE_PERCENTILES = [50, 90] as const;

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
    /** ISO 8601 with offset; public transport leaves then (default next Monday 08:00, Europe/Paris). */
    departureTime: z
      .string()
      .datetime({ offset: true, message: 'date et heure ISO 8601 attendues, par exemple 2026-11-30T08:00:00+01:00' })
      .nullish(),
    /** Public transport: departures every minute from departureTime over this many minutes (0 = one). */
    departureWindowMinutes: z
      .number()
      .int('nombre entier de minutes attendu')
      .min(0, 'doit être compris entre 0 et 180 minutes')
      .max(DEPARTURE_WINDOW_MAXIMUM_MINUTES, 'la fenêtre de départ ne peut dépasser 3 h (180 minutes)')
      .default(0),
    /** With a window: the zone reached in 50 % (median) or 90 % of the departures. */
    departurePercentile: z
      .union([z.literal(50), z.literal(90)], { message: 'doit valoir 50 ou 90 (% des départs)' })
      .default(50),
    includeReach: z.boolean().default(false),
    reachLimit: z.number().positive().optional(),
  })
  .superRefine((request, context) => {
    if (request.transportMode === 'public-transport' && request.zoneType !== 'time') {
      context.addIssue({
        code: 'custom',
        path: ['zoneType'],
        message: 'une zone en transport en commun se mesure en temps (time)',
      });
    }
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

/** The timetable a public-transport zone was computed on, and its departures. */
export const transitPropertiesSchema = z.object({
  /** Producer of the network (« RATP »). */
  network: z.string(),
  feedId: z.string(),
  /** Day (`YYYY-MM-DD`) asked, and day of the timetable used: the same weekday inside its calendar if need be. */
  requestedDate: z.string(),
  serviceDate: z.string(),
  substituted: z.boolean(),
  /** Calendar period of the network. */
  validFrom: z.string(),
  validUntil: z.string(),
  /** First departure `HH:MM` (Europe/Paris) and window length in minutes (0: one departure). */
  departure: z.string(),
  windowMinutes: z.number(),
  /** Share of the window's departures the zone is reached in (null for one departure). */
  percentile: z.number().nullable(),
  departures: z.number(),
  stopsReached: z.number(),
  /** « horaires RATP du lundi 18 mars 2019 ». */
  note: z.string(),
});
export type TransitProperties = z.infer<typeof transitPropertiesSchema>;

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
    /** Public transport: the timetable that answered. */
    transit: transitPropertiesSchema.optional(),
  }),
  reach: encodedReachSchema.optional(),
  /**
   * Public transport with a departure window and `includeReach`: the reached network of the other
   * percentiles, so that the form switches between 50 % and 90 % in the worker.
   */
  percentileReaches: z
    .array(z.object({ percentile: z.union([z.literal(50), z.literal(90)]), reach: encodedReachSchema }))
    .optional(),
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
