import Supercluster, { type ClusterProperties } from 'supercluster';
import type { Feature, FeatureCollection, Point } from 'geojson';

/** Spec clusters: supercluster with max zoom 16 and radius 60. */
export const CLUSTER_OPTIONS = { maxZoom: 16, radius: 60 } as const;

/** One service to draw, as the main thread sends it. */
export interface ClusterService {
  id: string;
  name: string;
  address: string;
  longitude: number;
  latitude: number;
}

/** Properties of a drawn point: a cluster (count of services) or a site (one place, one or more services). */
export interface MarkerProperties {
  category: string;
  color: string;
  /** Services under the marker. */
  count: number;
  cluster: boolean;
  clusterId: number | null;
  expansionZoom: number | null;
  /** A site: JSON list of {name, address}. */
  services: string | null;
}

interface SiteProperties {
  count: number;
  services: string;
}

interface CategoryIndex {
  color: string;
  index: Supercluster<SiteProperties, { count: number }>;
}

/** Services at the same place (to 1e-6°) form one site: several at one place show '{n} services à cet endroit'. */
export function groupSites(services: readonly ClusterService[]): Feature<Point, SiteProperties>[] {
  const sites = new Map<string, { longitude: number; latitude: number; services: { name: string; address: string }[] }>();
  for (const service of services) {
    const key = `${service.longitude.toFixed(6)},${service.latitude.toFixed(6)}`;
    const site = sites.get(key) ?? { longitude: service.longitude, latitude: service.latitude, services: [] };
    site.services.push({ name: service.name, address: service.address });
    sites.set(key, site);
  }
  return [...sites.values()].map((site) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [site.longitude, site.latitude] },
    properties: { count: site.services.length, services: JSON.stringify(site.services) },
  }));
}

/** Builds one index per category, off the main thread, and answers the markers of a view. */
export function createServiceClustersWorkerApi() {
  const categories = new Map<string, CategoryIndex>();
  return {
    /** Replaces the category's services (an empty list removes the category). */
    setCategory(category: string, color: string, services: ClusterService[]): number {
      if (services.length === 0) {
        categories.delete(category);
        return 0;
      }
      const index = new Supercluster<SiteProperties, { count: number }>({
        ...CLUSTER_OPTIONS,
        map: (properties) => ({ count: properties.count }),
        reduce: (accumulated, properties) => {
          accumulated.count += properties.count;
        },
      });
      index.load(groupSites(services));
      categories.set(category, { color, index });
      return services.length;
    },
    /** Keeps only the listed categories. */
    retainCategories(kept: string[]): void {
      for (const category of [...categories.keys()]) if (!kept.includes(category)) categories.delete(category);
    },
    /** Clusters and sites of every category in the bounding box [west, south, east, north] at the zoom. */
    markers(bbox: [number, number, number, number], zoom: number): FeatureCollection<Point, MarkerProperties> {
      const features: Feature<Point, MarkerProperties>[] = [];
      const level = Math.floor(zoom);
      for (const [category, { color, index }] of categories) {
        for (const feature of index.getClusters(bbox, level)) {
          const properties = feature.properties as Partial<ClusterProperties> & Partial<SiteProperties>;
          const cluster = properties.cluster === true;
          const clusterId = cluster ? (properties.cluster_id as number) : null;
          features.push({
            type: 'Feature',
            geometry: feature.geometry,
            properties: {
              category,
              color,
              count: properties.count ?? 1,
              cluster,
              clusterId,
              expansionZoom: clusterId === null ? null : Math.min(index.getClusterExpansionZoom(clusterId), 20),
              services: cluster ? null : (properties.services ?? null),
            },
          });
        }
      }
      return { type: 'FeatureCollection', features };
    },
  };
}

export type ServiceClustersWorkerApi = ReturnType<typeof createServiceClustersWorkerApi>;
