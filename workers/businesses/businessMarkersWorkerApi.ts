import type { Feature, FeatureCollection, Point } from 'geojson';
import Supercluster, { type ClusterProperties } from 'supercluster';

/** Clusters: supercluster with max zoom 16 and radius 60 (as the public-service markers). */
export const BUSINESS_CLUSTER_OPTIONS = { maxZoom: 16, radius: 60 } as const;

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

/** Properties of a drawn point: a cluster of establishments, or a location (one or more at one place). */
export interface BusinessMarkerProperties {
  count: number;
  cluster: boolean;
  expansionZoom: number | null;
  /** A location: JSON list of its establishments (without coordinates). */
  businesses: string | null;
  /** The section of the first establishment (badge colour of a location). */
  sectionCode: string | null;
}

interface LocationProperties {
  count: number;
  businesses: string;
  sectionCode: string | null;
}

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

/** Groups establishments per location (rounded to 0.0001°); the point is the group's first establishment. */
export function groupLocations(businesses: readonly MapBusiness[]): Feature<Point, LocationProperties>[] {
  const locations = new Map<
    string,
    { longitude: number; latitude: number; items: Omit<MapBusiness, 'longitude' | 'latitude'>[] }
  >();
  const seen = new Set<string>();
  for (const business of businesses) {
    if (seen.has(business.id) || !isInFrance(business.longitude, business.latitude)) continue;
    seen.add(business.id);
    const key = `${Math.round(business.longitude / LOCATION_PRECISION)},${Math.round(business.latitude / LOCATION_PRECISION)}`;
    const { longitude, latitude, ...item } = business;
    const location = locations.get(key) ?? { longitude, latitude, items: [] };
    location.items.push(item);
    locations.set(key, location);
  }
  return [...locations.values()].map((location) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [location.longitude, location.latitude] },
    properties: {
      count: location.items.length,
      businesses: JSON.stringify(location.items),
      sectionCode: location.items[0]?.sectionCode ?? null,
    },
  }));
}

/** The businesses markers off the main thread: locations, one supercluster index, markers of a view. */
export function createBusinessMarkersWorkerApi() {
  let index: Supercluster<LocationProperties, { count: number }> | null = null;
  let bounds: [[number, number], [number, number]] | null = null;
  return {
    /** Replaces the drawn establishments; answers how many are drawn and their bounds (for fit bounds). */
    setBusinesses(businesses: MapBusiness[]): { drawn: number; bounds: [[number, number], [number, number]] | null } {
      const locations = groupLocations(businesses);
      if (locations.length === 0) {
        index = null;
        bounds = null;
        return { drawn: 0, bounds };
      }
      index = new Supercluster<LocationProperties, { count: number }>({
        ...BUSINESS_CLUSTER_OPTIONS,
        map: (properties) => ({ count: properties.count }),
        reduce: (accumulated, properties) => {
          accumulated.count += properties.count;
        },
      });
      index.load(locations);
      let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
      let drawn = 0;
      for (const location of locations) {
        const [longitude, latitude] = location.geometry.coordinates as [number, number];
        west = Math.min(west, longitude);
        east = Math.max(east, longitude);
        south = Math.min(south, latitude);
        north = Math.max(north, latitude);
        drawn += location.properties.count;
      }
      bounds = [
        [west, south],
        [east, north],
      ];
      return { drawn, bounds };
    },
    /** Clusters and locations in the bounding box [west, south, east, north] at the zoom. */
    markers(bbox: [number, number, number, number], zoom: number): FeatureCollection<Point, BusinessMarkerProperties> {
      const current = index;
      if (!current) return { type: 'FeatureCollection', features: [] };
      const features = current
        .getClusters(bbox, Math.floor(zoom))
        .map((feature): Feature<Point, BusinessMarkerProperties> => {
          const properties = feature.properties as Partial<ClusterProperties> & Partial<LocationProperties>;
          const cluster = properties.cluster === true;
          return {
            type: 'Feature',
            geometry: feature.geometry,
            properties: {
              count: properties.count ?? 1,
              cluster,
              expansionZoom: cluster
                ? Math.min(current.getClusterExpansionZoom(properties.cluster_id as number), 20)
                : null,
              businesses: cluster ? null : (properties.businesses ?? null),
              sectionCode: cluster ? null : (properties.sectionCode ?? null),
            },
          };
        });
      return { type: 'FeatureCollection', features };
    },
  };
}

export type BusinessMarkersWorkerApi = ReturnType<typeof createBusinessMarkersWorkerApi>;
