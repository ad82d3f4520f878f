import type { FeatureCollection, Point } from 'geojson';
import * as maplibregl from 'maplibre-gl';
import { formatNumber } from '../../../kernel/format/formatFrench';
import type { MarkerProperties } from '../../../workers/public-services/serviceClustersWorkerApi';
import { ensureLayer, ensureSource, type MapLayerModule, removeLayersAndSource } from '../../map/MapLayerModule';

export const SERVICE_MARKERS_SOURCE = 'public-services-markers';
export const SERVICE_CLUSTERS_LAYER = 'public-services-clusters';
const CLUSTER_COUNTS = 'public-services-cluster-counts';
export const SERVICE_SITES_LAYER = 'public-services-sites';
const SITE_COUNTS = 'public-services-site-counts';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

const escape = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Popup of a site: the service's name and address, or the list of the services sharing the place. */
export function sitePopupHtml(servicesJson: string): string {
  const services = JSON.parse(servicesJson) as { name: string; address: string }[];
  if (services.length === 1) {
    const [service] = services as [{ name: string; address: string }];
    return `<div class="ps-popup"><strong>${escape(service.name)}</strong><br>${escape(service.address || 'Adresse non renseignée')}</div>`;
  }
  const items = services
    .map((service) => `<li><strong>${escape(service.name)}</strong><br>${escape(service.address)}</li>`)
    .join('');
  return `<div class="ps-popup"><strong>${formatNumber(services.length)} services à cet endroit</strong><ul>${items}</ul></div>`;
}

export interface PublicServicesMarkersModule extends MapLayerModule {
  /** Asks the worker for the markers of the current view and draws them. */
  refresh(): void;
}

/**
 * The public-service markers: clusters computed in the worker (supercluster per category) for the
 * view, drawn as circles of the category's colour with their count (radius 20, 25 from 10 services,
 * 30 from 50); a click on a cluster zooms in, on a site opens its popup. No DOM element per point.
 */
export function createPublicServicesMarkersModule(
  markersFor: (bbox: [number, number, number, number], zoom: number) => Promise<FeatureCollection<Point, MarkerProperties>>,
): PublicServicesMarkersModule {
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
    void markersFor(bbox, map.getZoom()).then((markers) => {
      if (current !== request) return;
      void map.getSource<maplibregl.GeoJSONSource>(SERVICE_MARKERS_SOURCE)?.setData(markers);
      map.getCanvas().dataset.publicServiceMarkers = String(markers.features.length);
    });
  };
  return {
    id: 'public-services-markers',
    refresh,
    add(map) {
      ensureSource(map, SERVICE_MARKERS_SOURCE, { type: 'geojson', data: EMPTY });
      ensureLayer(map, {
        id: SERVICE_CLUSTERS_LAYER,
        type: 'circle',
        source: SERVICE_MARKERS_SOURCE,
        filter: ['get', 'cluster'],
        paint: {
          'circle-radius': ['step', ['get', 'count'], 20, 10, 25, 50, 30],
          'circle-color': ['get', 'color'],
          'circle-opacity': 0.85,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      });
      ensureLayer(map, {
        id: CLUSTER_COUNTS,
        type: 'symbol',
        source: SERVICE_MARKERS_SOURCE,
        filter: ['get', 'cluster'],
        layout: {
          'text-field': ['to-string', ['get', 'count']],
          'text-font': ['Noto Sans Bold'],
          'text-size': 12,
          'text-allow-overlap': true,
        },
        paint: { 'text-color': '#ffffff' },
      });
      ensureLayer(map, {
        id: SERVICE_SITES_LAYER,
        type: 'circle',
        source: SERVICE_MARKERS_SOURCE,
        filter: ['!', ['get', 'cluster']],
        paint: {
          'circle-radius': ['case', ['>', ['get', 'count'], 1], 10, 7],
          'circle-color': ['get', 'color'],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      });
      ensureLayer(map, {
        id: SITE_COUNTS,
        type: 'symbol',
        source: SERVICE_MARKERS_SOURCE,
        filter: ['all', ['!', ['get', 'cluster']], ['>', ['get', 'count'], 1]],
        layout: {
          'text-field': ['to-string', ['get', 'count']],
          'text-font': ['Noto Sans Bold'],
          'text-size': 11,
          'text-allow-overlap': true,
        },
        paint: { 'text-color': '#ffffff' },
      });
      if (boundMap === map) refresh();
    },
    remove(map) {
      removeLayersAndSource(map, [SITE_COUNTS, SERVICE_SITES_LAYER, CLUSTER_COUNTS, SERVICE_CLUSTERS_LAYER], SERVICE_MARKERS_SOURCE);
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
        const services = feature?.properties.services as string | undefined;
        if (!feature || !services || feature.geometry.type !== 'Point') return;
        new maplibregl.Popup({ closeButton: true, maxWidth: '320px' })
          .setLngLat(feature.geometry.coordinates as [number, number])
          .setHTML(sitePopupHtml(services))
          .addTo(map);
      };
      const pointer = () => (map.getCanvas().style.cursor = 'pointer');
      const normal = () => (map.getCanvas().style.cursor = '');
      map.on('click', SERVICE_CLUSTERS_LAYER, onCluster);
      map.on('click', SERVICE_SITES_LAYER, onSite);
      map.on('moveend', refresh);
      for (const layer of [SERVICE_CLUSTERS_LAYER, SERVICE_SITES_LAYER]) {
        map.on('mouseenter', layer, pointer);
        map.on('mouseleave', layer, normal);
      }
      return () => {
        boundMap = undefined;
        map.off('click', SERVICE_CLUSTERS_LAYER, onCluster);
        map.off('click', SERVICE_SITES_LAYER, onSite);
        map.off('moveend', refresh);
        for (const layer of [SERVICE_CLUSTERS_LAYER, SERVICE_SITES_LAYER]) {
          map.off('mouseenter', layer, pointer);
          map.off('mouseleave', layer, normal);
        }
      };
    },
  };
}
