import type { Feature, FeatureCollection, Geometry } from 'geojson';

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
}

/** Administrative level of a zone picked from the tree, when it is one. */
export type AdministrativeLevel = 'region' | 'department' | 'commune' | 'iris';

/** The zone's administrative level and code, from its properties. */
export function administrativeOf(zone: Zone): { level: AdministrativeLevel; code: string } | undefined {
  const { type, level, code } = zone.properties as { type?: unknown; level?: unknown; code?: unknown };
  if (type !== 'administrative' || typeof code !== 'string') return undefined;
  if (level === 'region' || level === 'department' || level === 'commune' || level === 'iris') return { level, code };
  return undefined;
}

/** The zone's geometry as one GeoJSON geometry (a FeatureCollection uses its first feature, ). */
export function zoneGeometry(zone: Pick<Zone, 'geometry'>): Geometry | undefined {
  const geometry = zone.geometry;
  if (geometry.type === 'FeatureCollection') return geometry.features[0]?.geometry;
  return geometry.geometry;
}
