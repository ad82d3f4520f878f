import { NAF_SECTIONS } from '../../kernel/businesses/nafSections';
import { type ClusteredMarkersApi, createClusteredMarkers } from '../markers/clusteredMarkers';

/** Establishments closer than this (degrees, ≈ 10 m) are one location with a count badge. */
export const LOCATION_PRECISION = 0.0001;

/** One establishment to draw, with what its popup shows. */
export interface MapBusiness {
  id: string;
  name: string;
  address: string;
  /** « 75011 Paris ». */
  city: string;
  dateCreation: string | null;
  employeeRange: string;
  nafCode: string | null;
  nafLabel: string | null;
  sectionCode: string | null;
  sourceLabel: string;
  sourceVintage: string | null;
  demo: boolean;
  longitude: number;
  latitude: number;
}

/** An establishment as a popup lists it (no coordinates). */
export type LocatedBusiness = Omit<MapBusiness, 'longitude' | 'latitude'>;

/** Metropolitan France (with Corsica) and the overseas départements, in [west, south, east, north]. */
const FRANCE_BOXES: readonly [number, number, number, number][] = [
  [-5.8, 41.2, 9.8, 51.2],
  [-61.9, 15.8, -60.9, 16.6], // Guadeloupe
  [-61.3, 14.3, -60.7, 14.9], // Martinique
  [-54.7, 2.0, -51.5, 5.9], // Guyane
  [55.1, -21.5, 55.9, -20.8], // La Réunion
  [44.9, -13.1, 45.4, -12.5], // Mayotte
];

/** Whether a point lies in France (coordinates outside are dropped from the map). */
export function isInFrance(longitude: number, latitude: number): boolean {
  if (!Number.isFinite(longitude) || !Number.isFinite(latitude)) return false;
  return FRANCE_BOXES.some(
    ([west, south, east, north]) => longitude >= west && longitude <= east && latitude >= south && latitude <= north,
  );
}

/** The colour of a location: its first establishment's NAF section (slate when unknown). */
export function sectionColor(sectionCode: string | null): string {
  return NAF_SECTIONS.find((section) => section.code === sectionCode)?.color ?? '#475569';
}

/**
 * The businesses markers off the main thread: one group per shown layer set, establishments within
 * 0.0001° as one location (count badge, popup list without coordinates) in its section's colour,
 * clusters in violet; coordinates outside France are dropped.
 */
export function createBusinessMarkersWorkerApi() {
  return createClusteredMarkers<MapBusiness, LocatedBusiness>({
    precision: LOCATION_PRECISION,
    keep: (business) => isInFrance(business.longitude, business.latitude),
    popupItem: ({ longitude: _longitude, latitude: _latitude, ...item }) => item,
    siteColor: (first) => sectionColor(first.sectionCode),
  });
}

export type BusinessMarkersWorkerApi = ClusteredMarkersApi<MapBusiness>;
