import type { FeatureCollection, Point } from 'geojson';
import * as maplibregl from 'maplibre-gl';
import type { ClusteredMarkerProperties } from '../../workers/markers/clusteredMarkers';
import { ensureLayer, ensureSource, type MapLayerModule, removeLayersAndSource } from './MapLayerModule';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/** The popup of a site: its HTML, and what a click inside it does. */
export interface SitePopup {
  html: string;
  maxWidth: string;
  className?: string;
  onClick?: (target: HTMLElement) => void;
}

/** What differs between two kinds of clustered markers. */
export interface ClusteredMarkersOptions {
  /** Module id and prefix of its source and layers (`{id}-markers`, `{id}-clusters`, `{id}-sites`…). */
  id: string;
  /** Radius of a cluster circle from its `count`. */
  clusterRadius: maplibregl.ExpressionSpecification;
  /** `data-…` attribute of the map canvas that says how many markers are drawn (camelCase). */
  datasetKey: string;
  /** The view's clusters and sites, from the worker. */
  markersFor: (
    bbox: [number, number, number, number],
    zoom: number,
  ) => Promise<FeatureCollection<Point, ClusteredMarkerProperties>>;
  /** The popup of a site from its items (JSON list). */
  popup: (itemsJson: string) => SitePopup;
}

export interface ClusteredMarkersModule extends MapLayerModule {
  /** Asks the worker for the markers of the current view and draws them. */
  refresh(): void;
  clustersLayer: string;
  sitesLayer: string;
}

/**
 * Clustered markers computed in a worker: on every `moveend` the worker answers only the clusters and
 * sites of the view, drawn as circles of the feature's `color` with their count in one GeoJSON source
 * (no DOM element per point); a click on a cluster zooms to its expansion zoom, on a site opens its popup.
 * Shared by the public services and the businesses.
 */
export function createClusteredMarkersModule(options: ClusteredMarkersOptions): ClusteredMarkersModule {
  const source = `${options.id}-markers`;
  const clustersLayer = `${options.id}-clusters`;
  const clusterCounts = `${options.id}-cluster-counts`;
  const sitesLayer = `${options.id}-sites`;
  const siteCounts = `${options.id}-site-counts`;
  let boundMap: maplibregl.Map | undefined;
  let request = 0;
  const refresh = () => {
    const map = boundMap;
    if (!map) return;
    const bounds = map.getBounds();
    const bbox: [number, number, number, number] = [
      Math.max(-180, bounds.getWest()),
      Math.max(-85, bounds.getSouth()),
      Math.min(180, bounds.getEast()),
      Math.min(85, bounds.getNorth()),
    ];
    request += 1;
    const current = request;
    void options.markersFor(bbox, map.getZoom()).then((markers) => {
      if (current !== request || boundMap !== map) return;
      void map.getSource<maplibregl.GeoJSONSource>(source)?.setData(markers);
      map.getCanvas().dataset[options.datasetKey] = String(markers.features.length);
    });
  };
  const countLayer = (id: string, filter: maplibregl.FilterSpecification, size: number): maplibregl.AddLayerObject => ({
    id,
    type: 'symbol',
    source,
    filter,
    layout: {
      'text-field': ['to-string', ['get', 'count']],
      'text-font': ['Noto Sans Bold'],
      'text-size': size,
      'text-allow-overlap': true,
    },
    paint: { 'text-color': '#ffffff' },
  });
  return {
    id: options.id,
    refresh,
    clustersLayer,
    sitesLayer,
    add(map) {
      ensureSource(map, source, { type: 'geojson', data: EMPTY });
      ensureLayer(map, {
        id: clustersLayer,
        type: 'circle',
        source,
        filter: ['get', 'cluster'],
        paint: {
          'circle-radius': options.clusterRadius,
          'circle-color': ['get', 'color'],
          'circle-opacity': 0.85,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      });
      ensureLayer(map, countLayer(clusterCounts, ['get', 'cluster'], 12));
      ensureLayer(map, {
        id: sitesLayer,
        type: 'circle',
        source,
        filter: ['!', ['get', 'cluster']],
        paint: {
          'circle-radius': ['case', ['>', ['get', 'count'], 1], 10, 7],
          'circle-color': ['get', 'color'],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      });
      ensureLayer(map, countLayer(siteCounts, ['all', ['!', ['get', 'cluster']], ['>', ['get', 'count'], 1]], 11));
      if (boundMap === map) refresh();
    },
    remove(map) {
      removeLayersAndSource(map, [siteCounts, sitesLayer, clusterCounts, clustersLayer], source);
    },
    bind(map) {
      boundMap = map;
      const onCluster = (event: maplibregl.MapLayerMouseEvent) => {
        const feature = event.features?.[0];
        if (feature?.geometry.type !== 'Point') return;
        const zoom = Number(feature.properties.expansionZoom) || map.getZoom() + 2;
        map.easeTo({ center: feature.geometry.coordinates as [number, number], zoom });
      };
      const onSite = (event: maplibregl.MapLayerMouseEvent) => {
        const feature = event.features?.[0];
        const items = feature?.properties.items as string | undefined;
        if (!feature || !items || feature.geometry.type !== 'Point') return;
        const popup = options.popup(items);
        const shown = new maplibregl.Popup({
          closeButton: true,
          maxWidth: popup.maxWidth,
          ...(popup.className ? { className: popup.className } : {}),
        })
          .setLngLat(feature.geometry.coordinates as [number, number])
          .setHTML(popup.html)
          .addTo(map);
        const { onClick } = popup;
        if (onClick) shown.getElement().addEventListener('click', (click) => onClick(click.target as HTMLElement));
      };
      const pointer = () => (map.getCanvas().style.cursor = 'pointer');
      const normal = () => (map.getCanvas().style.cursor = '');
      map.on('click', clustersLayer, onCluster);
      map.on('click', sitesLayer, onSite);
      map.on('moveend', refresh);
      for (const layer of [clustersLayer, sitesLayer]) {
        map.on('mouseenter', layer, pointer);
        map.on('mouseleave', layer, normal);
      }
      return () => {
        boundMap = undefined;
        map.off('click', clustersLayer, onCluster);
        map.off('click', sitesLayer, onSite);
        map.off('moveend', refresh);
        for (const layer of [clustersLayer, sitesLayer]) {
          map.off('mouseenter', layer, pointer);
          map.off('mouseleave', layer, normal);
        }
      };
    },
  };
}
