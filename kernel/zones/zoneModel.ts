import { z } from 'zod';
import { TERRITORY_CODE_MESSAGES, isTerritoryCode, territoryLevelSchema } from '../territory/territoryCodes';

const longitudeLatitude = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

/** An isochrone: a point, a transport mode and a travel time (or a distance). */
export const isochroneZoneSchema = z.object({
  kind: z.literal('isochrone'),
  /** [longitude, latitude] of the starting point. */
  center: longitudeLatitude,
  address: z.string(),
  transportMode: z.enum(['driving', 'walking', 'cycling', 'public-transport']),
  /** Minutes. */
  travelTime: z.number().int().min(0),
  zoneType: z.enum(['time', 'distance']),
  /** Metres. */
  zoneDistance: z.number().min(0),
  departureTime: z.string().nullable(),
});

/** A territory unit picked from the tree: région, département, commune or IRIS, by its code. */
export const territoryZoneSchema = z
  .object({ kind: z.literal('territory'), level: territoryLevelSchema, code: z.string(), name: z.string() })
  .superRefine((zone, context) => {
    if (!isTerritoryCode(zone.level, zone.code)) {
      context.addIssue({ code: 'custom', path: ['code'], message: TERRITORY_CODE_MESSAGES[zone.level] });
    }
  });

/** A polygon drawn on the map, vertex by vertex. */
export const drawnZoneSchema = z.object({
  kind: z.literal('drawn'),
  /** The clicked vertices, [longitude, latitude]. */
  vertices: z.array(longitudeLatitude),
});

/** What a zone is, with the typed fields of its kind (its geometry, name and colour are beside it). */
export const zoneDefinitionSchema = z.discriminatedUnion('kind', [
  isochroneZoneSchema,
  territoryZoneSchema,
  drawnZoneSchema,
]);
export type ZoneDefinition = z.infer<typeof zoneDefinitionSchema>;
export type IsochroneZone = z.infer<typeof isochroneZoneSchema>;
export type TerritoryZone = z.infer<typeof territoryZoneSchema>;
export type DrawnZone = z.infer<typeof drawnZoneSchema>;

/** The columns of a zone as saved (today's rows and the client's `Zone` carry them flat). */
export interface FlatZoneFields {
  name: string;
  address: string;
  coordinates: [number, number];
  transportMode: string;
  travelTime: number;
  zoneType: string;
  zoneDistance: number;
  departureTime?: string | null;
  properties: Record<string, unknown> | null | undefined;
}

/**
 * The definition of a zone saved flat — the one tolerant reader of stored rows and client zones:
 * `properties.type` 'administrative' with a valid level and code is a territory, 'drawn' a drawn
 * polygon (its `points` are [latitude, longitude]), anything else an isochrone.
 */
export function zoneDefinitionOf(zone: FlatZoneFields): ZoneDefinition {
  const properties = zone.properties ?? {};
  if (properties.type === 'administrative') {
    const territory = territoryZoneSchema.safeParse({
      kind: 'territory',
      level: properties.level,
      code: properties.code,
      name: typeof properties.name === 'string' ? properties.name : zone.name,
    });
    if (territory.success) return territory.data;
  }
  if (properties.type === 'drawn') {
    const points = Array.isArray(properties.points) ? (properties.points as unknown[]) : [];
    const vertices = points.flatMap((point) =>
      Array.isArray(point) && typeof point[0] === 'number' && typeof point[1] === 'number'
        ? [[point[1], point[0]] as [number, number]]
        : [],
    );
    return { kind: 'drawn', vertices };
  }
  const isochrone = isochroneZoneSchema.safeParse({
    kind: 'isochrone',
    center: zone.coordinates,
    address: zone.address,
    transportMode: zone.transportMode,
    travelTime: zone.travelTime,
    zoneType: zone.zoneType,
    zoneDistance: zone.zoneDistance,
    departureTime: zone.departureTime ?? null,
  });
  if (isochrone.success) return isochrone.data;
  return { kind: 'drawn', vertices: [] };
}
