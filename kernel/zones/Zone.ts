import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { ZonePolygon } from './polygonGeometry';
import { zoneDefinitionOf } from './zoneModel';
import type { ZoneReferenceInput } from './zoneReference';

/** The four transport modes of an isochrone zone. */
export type TransportMode = 'driving' | 'walking' | 'cycling' | 'public-transport';

/** An analysis zone (isochrone, administrative or drawn). */
export interface Zone {
  id: string;
  name: string;
  address: string;
  /** [longitude, latitude] */
  coordinates: [number, number];
  transportMode: TransportMode;
  /** Minutes. */
  travelTime: number;
  zoneType: 'time' | 'distance';
  /** Metres. */
  zoneDistance: number;
  departureTime?: string | null;
  geometry: Feature<Geometry> | FeatureCollection<Geometry>;
  color: string;
  properties: Record<string, unknown>;
  createdAt?: string;
  updatedAt?: string;
  /** Set by the zones saga once the server holds the zone: analyses then refer to it by its id. */
  savedOnServer?: boolean;
}

/** Administrative level of a zone picked from the tree, when it is one. */
export type AdministrativeLevel = 'region' | 'department' | 'commune' | 'iris';

/** The zone's administrative level and code (the zone model's tolerant reader), when it is a territory unit. */
export function administrativeOf(zone: Zone): { level: AdministrativeLevel; code: string } | undefined {
  const definition = zoneDefinitionOf(zone);
  return definition.kind === 'territory' ? { level: definition.level, code: definition.code } : undefined;
}

/**
 * How an analysis refers to the zone: a territory unit by level and code, a zone the server holds by
 * its id, else its geometry (a zone only in the store, e.g. not saved yet).
 */
export function zoneReferenceOf(zone: Zone): ZoneReferenceInput | undefined {
  const territory = administrativeOf(zone);
  if (territory) return { kind: 'territory', ...territory };
  if (zone.savedOnServer) return { kind: 'saved', id: zone.id };
  const geometry = zoneGeometry(zone);
  return geometry ? { kind: 'geometry', geometry: geometry as ZonePolygon } : undefined;
}

/** The zone's geometry as one GeoJSON geometry (a FeatureCollection uses its first feature, ). */
export function zoneGeometry(zone: Pick<Zone, 'geometry'>): Geometry | undefined {
  const geometry = zone.geometry;
  if (geometry.type === 'FeatureCollection') return geometry.features[0]?.geometry;
  return geometry.geometry;
}
