import type { Feature, FeatureCollection, Point } from 'geojson';
import Supercluster, { type ClusterProperties } from 'supercluster';

/** Clusters of the product: supercluster with max zoom 16 and radius 60. */
export const CLUSTER_OPTIONS = { maxZoom: 16, radius: 60 } as const;

/** A point to draw: its identity and position (the other fields are what its popup shows). */
export interface MarkerItem {
  id: string;
  longitude: number;
  latitude: number;
}

/** Properties of a drawn marker: a cluster (count of items) or a site (one place, one or more items). */
export interface ClusteredMarkerProperties {
  /** The group (category, layer) the marker belongs to. */
  group: string;
  /** Circle colour: the group's for a cluster, the site colour of the group for a site. */
  color: string;
  /** Items under the marker. */
  count: number;
  cluster: boolean;
  /** The zoom at which a cluster splits (capped at 20); null for a site. */
  expansionZoom: number | null;
  /** A site: JSON list of its items as their popup shows them; null for a cluster. */
  items: string | null;
}

/** How a kind of markers forms its sites and what a site carries. */
export interface ClusteredMarkersOptions<Item extends MarkerItem, PopupItem> {
  /** Items closer than this (degrees, rounded on a grid) are one site. */
  precision: number;
  /** Whether an item is drawn at all (e.g. inside France). */
  keep?: (item: Item) => boolean;
  /** What a site's popup lists of an item. */
  popupItem: (item: Item) => PopupItem;
  /** The colour of a site from its first item (default: the group's colour). */
  siteColor?: (first: Item, groupColor: string) => string;
}

interface SiteProperties<Item> {
  count: number;
  /** The site's items, turned into popup JSON only when the site is in a view's answer. */
  items: Item[];
  /** The popup JSON, once written. */
  json?: string;
  color: string;
}

interface GroupIndex<Item> {
  color: string;
  index: Supercluster<SiteProperties<Item>, { count: number }>;
}

type Bounds = [[number, number], [number, number]];

/** The worker side of a kind of markers, as Comlink exposes it. */
export interface ClusteredMarkersApi<Item extends MarkerItem> {
  /** Adds items to the group's load `load` (a new load number starts the group's list afresh). */
  appendItems(group: string, load: number, items: Item[]): void;
  /** Builds the group's index from the items of `load`; null when another load replaced it. */
  commit(group: string, load: number, color: string): { drawn: number; bounds: Bounds | null } | null;
  /** Replaces a group's items at once (an empty list removes the group). */
  setGroup(group: string, color: string, items: Item[]): { drawn: number; bounds: Bounds | null };
  /** Keeps only the listed groups. */
  retainGroups(kept: string[]): void;
  /** Clusters and sites of every group in the bounding box [west, south, east, north] at the zoom. */
  markers(bbox: [number, number, number, number], zoom: number): FeatureCollection<Point, ClusteredMarkerProperties>;
}

/** Groups items into sites (same grid cell of `precision` degrees, each item once); the point is the first item's. */
export function groupSites<Item extends MarkerItem, PopupItem>(
  items: readonly Item[],
  groupColor: string,
  options: ClusteredMarkersOptions<Item, PopupItem>,
): Feature<Point, SiteProperties<Item>>[] {
  const sites = new Map<string, Item[]>();
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.id) || (options.keep && !options.keep(item))) continue;
    seen.add(item.id);
    const key = `${Math.round(item.longitude / options.precision)},${Math.round(item.latitude / options.precision)}`;
    const site = sites.get(key);
    if (site) site.push(item);
    else sites.set(key, [item]);
  }
  const features: Feature<Point, SiteProperties<Item>>[] = [];
  for (const siteItems of sites.values()) {
    const first = siteItems[0] as Item;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [first.longitude, first.latitude] },
      properties: {
        count: siteItems.length,
        items: siteItems,
        color: options.siteColor ? options.siteColor(first, groupColor) : groupColor,
      },
    });
  }
  return features;
}

/**
 * Clustered markers off the main thread, shared by every kind of markers (public services per category,
 * businesses): items arrive in chunks (`appendItems`, so that the main thread never clones a whole list
 * at once), a group's supercluster index is built on `commit`, and `markers` answers only the clusters
 * and sites of a view — what MapLibre draws; a site's popup list is written only when it is in a view.
 */
export function createClusteredMarkers<Item extends MarkerItem, PopupItem>(
  options: ClusteredMarkersOptions<Item, PopupItem>,
): ClusteredMarkersApi<Item> {
  const groups = new Map<string, GroupIndex<Item>>();
  const pending = new Map<string, { load: number; items: Item[] }>();
  const popupJson = (site: Partial<SiteProperties<Item>>): string | null => {
    if (!site.items) return null;
    site.json ??= JSON.stringify(site.items.map(options.popupItem));
    return site.json;
  };

  const appendItems: ClusteredMarkersApi<Item>['appendItems'] = (group, load, items) => {
    const current = pending.get(group);
    if (current?.load === load) {
      for (const item of items) current.items.push(item);
    } else pending.set(group, { load, items: [...items] });
  };

  const commit: ClusteredMarkersApi<Item>['commit'] = (group, load, color) => {
    const current = pending.get(group);
    if (current && current.load !== load) return null;
    pending.delete(group);
    const sites = groupSites(current?.items ?? [], color, options);
    if (sites.length === 0) {
      groups.delete(group);
      return { drawn: 0, bounds: null };
    }
    const index = new Supercluster<SiteProperties<Item>, { count: number }>({
      ...CLUSTER_OPTIONS,
      map: (properties) => ({ count: properties.count }),
      reduce: (accumulated, properties) => {
        accumulated.count += properties.count;
      },
    });
    index.load(sites);
    groups.set(group, { color, index });
    let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
    let drawn = 0;
    for (const site of sites) {
      const [longitude, latitude] = site.geometry.coordinates as [number, number];
      west = Math.min(west, longitude);
      east = Math.max(east, longitude);
      south = Math.min(south, latitude);
      north = Math.max(north, latitude);
      drawn += site.properties.count;
    }
    return {
      drawn,
      bounds: [
        [west, south],
        [east, north],
      ],
    };
  };

  return {
    appendItems,
    commit,
    setGroup(group: string, color: string, items: Item[]): { drawn: number; bounds: Bounds | null } {
      const load = -1;
      pending.delete(group);
      appendItems(group, load, items);
      return commit(group, load, color) as { drawn: number; bounds: Bounds | null };
    },
    retainGroups(kept: string[]): void {
      for (const group of [...groups.keys()]) if (!kept.includes(group)) groups.delete(group);
      for (const group of [...pending.keys()]) if (!kept.includes(group)) pending.delete(group);
    },
    markers(bbox: [number, number, number, number], zoom: number): FeatureCollection<Point, ClusteredMarkerProperties> {
      const features: Feature<Point, ClusteredMarkerProperties>[] = [];
      const level = Math.floor(zoom);
      for (const [group, { color, index }] of groups) {
        for (const feature of index.getClusters(bbox, level)) {
          const properties = feature.properties as Partial<ClusterProperties> & Partial<SiteProperties<Item>>;
          const cluster = properties.cluster === true;
          features.push({
            type: 'Feature',
            geometry: feature.geometry,
            properties: {
              group,
              color: cluster ? color : (properties.color ?? color),
              count: properties.count ?? 1,
              cluster,
              expansionZoom: cluster
                ? Math.min(index.getClusterExpansionZoom(properties.cluster_id as number), 20)
                : null,
              items: cluster ? null : popupJson(properties),
            },
          });
        }
      }
      return { type: 'FeatureCollection', features };
    },
  };
}
