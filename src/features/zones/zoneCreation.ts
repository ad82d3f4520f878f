import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { DRAWN_POLYGON_COLOR, TRANSPORT_MODE_COLORS, DEFAULT_ZONE_COLOR } from '../../../kernel/zones/zoneColors';
import type { TransportMode, Zone } from '../../../kernel/zones/Zone';
import { parisDepartureTime } from '../../../kernel/isochrones/transit/parisDeparture';

/** Spec §3: the zone creation parameters (the only ones kept locally). */
export interface ZoneCreationParameters {
  transportMode: TransportMode;
  /** Minutes. */
  travelTime: number;
  zoneType: 'time' | 'distance';
  /** Metres. */
  zoneDistance: number;
  departureTime: string;
}

/** Spec §5 slider bounds: time 5–60 min step 5; distance 1–50 km step 1 (stored in metres). */
export const TIME_RANGE = { min: 5, max: 60, step: 5 } as const;
export const DISTANCE_RANGE_KM = { min: 1, max: 50, step: 1 } as const;

/** Spec §2: mode labels (each drawn with its SVG icon, `TransportModeIcon`: no emoji font is assumed). */
export const TRANSPORT_MODES: readonly { mode: TransportMode; label: string }[] = [
  { mode: 'driving', label: 'Voiture' },
  { mode: 'walking', label: 'À pied' },
  { mode: 'cycling', label: 'Vélo' },
  { mode: 'public-transport', label: 'Transport' },
];

export const transportModeLabel = (mode: TransportMode) =>
  TRANSPORT_MODES.find((entry) => entry.mode === mode) ?? { mode, label: mode };

/** Spec §9: next Monday (today if Monday) at 08:00 Europe/Paris (offset +02:00 in summer, +01:00 in winter). */
export function nextMondayDeparture(now: Date = new Date()): string {
  const day = now.getDay();
  const daysAhead = (8 - day) % 7;
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() + daysAhead);
  const pad = (value: number) => String(value).padStart(2, '0');
  return parisDepartureTime(`${monday.getFullYear()}-${pad(monday.getMonth() + 1)}-${pad(monday.getDate())}`, '08:00');
}

/** Spec §9: the default zone — driving, 15 min, time, 1000 m, next Monday 08:00. */
export function defaultZoneParameters(now: Date = new Date()): ZoneCreationParameters {
  return {
    transportMode: 'driving',
    travelTime: 15,
    zoneType: 'time',
    zoneDistance: 1000,
    departureTime: nextMondayDeparture(now),
  };
}

/** Spec §5: a distance zone sends travel time = distance (km) / 50, rounded. */
export function travelTimeSent(parameters: Pick<ZoneCreationParameters, 'zoneType' | 'travelTime' | 'zoneDistance'>) {
  return parameters.zoneType === 'distance' ? Math.round(parameters.zoneDistance / 1000 / 50) : parameters.travelTime;
}

/** Spec §2: the zone's default name 'Zone N' (N = one more than the zones already there, skipping used names). */
export function nextZoneName(existing: readonly Pick<Zone, 'name'>[]): string {
  const names = new Set(existing.map((zone) => zone.name));
  let number = existing.length + 1;
  while (names.has(`Zone ${number}`)) number += 1;
  return `Zone ${number}`;
}

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `zone-${Date.now()}-${Math.random().toString(16).slice(2)}`;

/** An isochrone zone around an address, in the mode's colour (spec §3/§9). */
/** The feature without the reached network (a foreign member only the re-contour worker needs). */
export const withoutReach = (feature: Feature<Polygon | MultiPolygon>): Feature<Polygon | MultiPolygon> => ({
  type: 'Feature',
  geometry: feature.geometry,
  properties: feature.properties ?? {},
});

export function isochroneZone(input: {
  existing: readonly Zone[];
  address: string;
  coordinates: [number, number];
  parameters: ZoneCreationParameters;
  feature: Feature<Polygon | MultiPolygon>;
  now?: Date;
}): Zone {
  const { parameters } = input;
  const now = (input.now ?? new Date()).toISOString();
  return {
    id: newId(),
    name: nextZoneName(input.existing),
    address: input.address,
    coordinates: input.coordinates,
    transportMode: parameters.transportMode,
    travelTime: travelTimeSent(parameters),
    zoneType: parameters.zoneType,
    zoneDistance: parameters.zoneDistance,
    departureTime: parameters.transportMode === 'public-transport' ? parameters.departureTime : null,
    geometry: {
      type: 'Feature',
      geometry: input.feature.geometry,
      properties: { ...(input.feature.properties ?? {}) },
    },
    color: TRANSPORT_MODE_COLORS[parameters.transportMode] ?? DEFAULT_ZONE_COLOR,
    properties: { type: 'isochrone', ...(input.feature.properties ?? {}) },
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Area of a ring of [lng, lat] points in km² (shoelace on degrees, spec §9's 111 000 m per degree of
 * latitude, longitude degrees shortened by the cosine of the mean latitude).
 */
export function ringAreaKm2(points: readonly [number, number][]): number {
  if (points.length < 3) return 0;
  const meanLatitude = points.reduce((sum, [, lat]) => sum + lat, 0) / points.length;
  const metresPerDegreeLongitude = 111_000 * Math.cos((meanLatitude * Math.PI) / 180);
  let twiceArea = 0;
  for (let index = 0; index < points.length; index += 1) {
    const [x1, y1] = points[index] as [number, number];
    const [x2, y2] = points[(index + 1) % points.length] as [number, number];
    twiceArea += x1 * y2 - x2 * y1;
  }
  return ((Math.abs(twiceArea) / 2) * metresPerDegreeLongitude * 111_000) / 1_000_000;
}

/** Spec §3/§4: a drawn polygon (≥ 3 points, [lng, lat]) as a zone; throws below 3 points. */
export function drawnZone(
  existing: readonly Zone[],
  points: readonly [number, number][],
  now: Date = new Date(),
): Zone {
  if (points.length < 3) throw new Error('Un polygone demande au moins 3 points');
  const ring = [...points, points[0] as [number, number]];
  const coordinates: [number, number] = [
    points.reduce((sum, [lng]) => sum + lng, 0) / points.length,
    points.reduce((sum, [, lat]) => sum + lat, 0) / points.length,
  ];
  const area = ringAreaKm2(points);
  const stamp = now.toISOString();
  return {
    id: newId(),
    name: nextZoneName(existing),
    address: 'Polygone dessiné',
    coordinates,
    transportMode: 'driving',
    travelTime: 0,
    zoneType: 'time',
    zoneDistance: 0,
    departureTime: null,
    geometry: { type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties: { area_km2: area } },
    color: DRAWN_POLYGON_COLOR,
    // Spec §3: a drawn polygon keeps its points as (lat, lng) pairs and its area.
    properties: { type: 'drawn', points: points.map(([lng, lat]) => [lat, lng]), area_km2: area },
    createdAt: stamp,
    updatedAt: stamp,
  };
}
