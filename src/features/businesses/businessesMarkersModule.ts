import type { FeatureCollection, Point } from 'geojson';
import * as maplibregl from 'maplibre-gl';
import { NAF_SECTIONS } from '../../../kernel/businesses/nafSections';
import { formatNumber, formatShortDate } from '../../../kernel/format/formatFrench';
import type { BusinessMarkerProperties, LocatedBusiness } from '../../../workers/businesses/businessMarkersWorkerApi';
import { ensureLayer, ensureSource, type MapLayerModule, removeLayersAndSource } from '../../map/MapLayerModule';

export const BUSINESS_MARKERS_SOURCE = 'businesses-markers';
export const BUSINESS_CLUSTERS_LAYER = 'businesses-clusters';
const CLUSTER_COUNTS = 'businesses-cluster-counts';
export const BUSINESS_LOCATIONS_LAYER = 'businesses-locations';
const LOCATION_COUNTS = 'businesses-location-counts';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const CLUSTER_COLOR = '#7c3aed';

const escape = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

type PopupBusiness = LocatedBusiness;

/** The section colour of a location (clusters are violet). */
const sectionColorExpression: maplibregl.ExpressionSpecification = [
  'match',
  ['coalesce', ['get', 'sectionCode'], ''],
  ...NAF_SECTIONS.flatMap((section) => [section.code, section.color]),
  '#475569',
] as unknown as maplibregl.ExpressionSpecification;

function sectionBadge(code: string | null): string {
  const section = NAF_SECTIONS.find((entry) => entry.code === code);
  if (!section) return '';
  return `<span class="biz-section" style="color:${section.color};background:${section.background};border-color:${section.color}">${section.code} · ${escape(section.name)}</span>`;
}

const nameButton = (business: PopupBusiness) =>
  `<button type="button" class="biz-popup__name" data-business-id="${escape(business.id)}">${escape(business.name)}</button>`;

/**
 * Popup of a location: one establishment (name, address, postal code and city, 'Créé le', 'Employés',
 * NAF code and label, section badge, source), or the list '{n} entreprises à cette adresse'. Names are
 * buttons that open the panel on the establishment's card.
 */
export function locationPopupHtml(businessesJson: string): string {
  const businesses = JSON.parse(businessesJson) as PopupBusiness[];
  if (businesses.length === 1) {
    const [business] = businesses as [PopupBusiness];
    return `<div class="biz-popup">${nameButton(business)}
      <div>${escape(business.address || 'Adresse non renseignée')}</div>
      <div>${escape(business.city)}</div>
      <div>Créé le : ${business.dateCreation ? escape(formatShortDate(business.dateCreation)) : 'non renseigné'}</div>
      <div>Employés : ${escape(business.employeeRange)}</div>
      <div>${business.nafCode ? `<code>${escape(business.nafCode)}</code> ${escape(business.nafLabel ?? '')}` : 'Activité non renseignée'}</div>
      <div>${sectionBadge(business.sectionCode)}</div>
      <div class="biz-popup__source">${
        business.demo
          ? '<span class="biz-demo">établissement de démonstration</span>'
          : `Source : ${escape(business.sourceLabel)}${business.sourceVintage ? ` · ${escape(business.sourceVintage)}` : ''}`
      }</div></div>`;
  }
  const items = businesses
    .map(
      (business) =>
        `<li>${nameButton(business)}${business.demo ? ' <span class="biz-demo">démonstration</span>' : ''}<br>${
          business.nafCode ? `<code>${escape(business.nafCode)}</code> ` : ''
        }${escape(business.nafLabel ?? '')}</li>`,
    )
    .join('');
  const first = businesses[0];
  return `<div class="biz-popup"><strong>${formatNumber(businesses.length)} entreprises à cette adresse</strong>
    <div>${escape([first?.address, first?.city].filter(Boolean).join(', '))}</div><ul>${items}</ul></div>`;
}

export interface BusinessesMarkersModule extends MapLayerModule {
  /** Asks the worker for the markers of the current view and draws them. */
  refresh(): void;
}

/**
 * The businesses markers: locations and clusters computed in the worker for the view, drawn as circles
 * (a location in its section's colour with a count badge when several establishments share it); a
 * cluster click zooms in, a location click opens its popup; a name in a popup calls `onLocate`.
 */
export function createBusinessesMarkersModule(
  markersFor: (
    bbox: [number, number, number, number],
    zoom: number,
  ) => Promise<FeatureCollection<Point, BusinessMarkerProperties>>,
  onLocate: (business: PopupBusiness) => void,
): BusinessesMarkersModule {
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
      void map.getSource<maplibregl.GeoJSONSource>(BUSINESS_MARKERS_SOURCE)?.setData(markers);
      map.getCanvas().dataset.businessMarkers = String(markers.features.length);
    });
  };
  return {
    id: 'businesses-markers',
    refresh,
    add(map) {
      ensureSource(map, BUSINESS_MARKERS_SOURCE, { type: 'geojson', data: EMPTY });
      ensureLayer(map, {
        id: BUSINESS_CLUSTERS_LAYER,
        type: 'circle',
        source: BUSINESS_MARKERS_SOURCE,
        filter: ['get', 'cluster'],
        paint: {
          'circle-radius': ['step', ['get', 'count'], 16, 10, 20, 100, 25, 1000, 30],
          'circle-color': CLUSTER_COLOR,
          'circle-opacity': 0.85,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      });
      ensureLayer(map, {
        id: CLUSTER_COUNTS,
        type: 'symbol',
        source: BUSINESS_MARKERS_SOURCE,
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
        id: BUSINESS_LOCATIONS_LAYER,
        type: 'circle',
        source: BUSINESS_MARKERS_SOURCE,
        filter: ['!', ['get', 'cluster']],
        paint: {
          'circle-radius': ['case', ['>', ['get', 'count'], 1], 10, 7],
          'circle-color': sectionColorExpression,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      });
      ensureLayer(map, {
        id: LOCATION_COUNTS,
        type: 'symbol',
        source: BUSINESS_MARKERS_SOURCE,
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
      removeLayersAndSource(
        map,
        [LOCATION_COUNTS, BUSINESS_LOCATIONS_LAYER, CLUSTER_COUNTS, BUSINESS_CLUSTERS_LAYER],
        BUSINESS_MARKERS_SOURCE,
      );
    },
    bind(map) {
      boundMap = map;
      const onCluster = (event: maplibregl.MapLayerMouseEvent) => {
        const feature = event.features?.[0];
        if (feature?.geometry.type !== 'Point') return;
        const zoom = Number(feature.properties.expansionZoom) || map.getZoom() + 2;
        map.easeTo({ center: feature.geometry.coordinates as [number, number], zoom });
      };
      const onLocation = (event: maplibregl.MapLayerMouseEvent) => {
        const feature = event.features?.[0];
        const json = feature?.properties.businesses as string | undefined;
        if (!feature || !json || feature.geometry.type !== 'Point') return;
        const businesses = JSON.parse(json) as PopupBusiness[];
        const popup = new maplibregl.Popup({ closeButton: true, maxWidth: '340px', className: 'biz-popup-frame' })
          .setLngLat(feature.geometry.coordinates as [number, number])
          .setHTML(locationPopupHtml(json))
          .addTo(map);
        popup.getElement().addEventListener('click', (click) => {
          const target = (click.target as HTMLElement).closest<HTMLElement>('[data-business-id]');
          const business = businesses.find((item) => item.id === target?.dataset.businessId);
          if (business) onLocate(business);
        });
      };
      const pointer = () => (map.getCanvas().style.cursor = 'pointer');
      const normal = () => (map.getCanvas().style.cursor = '');
      map.on('click', BUSINESS_CLUSTERS_LAYER, onCluster);
      map.on('click', BUSINESS_LOCATIONS_LAYER, onLocation);
      map.on('moveend', refresh);
      for (const layer of [BUSINESS_CLUSTERS_LAYER, BUSINESS_LOCATIONS_LAYER]) {
        map.on('mouseenter', layer, pointer);
        map.on('mouseleave', layer, normal);
      }
      return () => {
        boundMap = undefined;
        map.off('click', BUSINESS_CLUSTERS_LAYER, onCluster);
        map.off('click', BUSINESS_LOCATIONS_LAYER, onLocation);
        map.off('moveend', refresh);
        for (const layer of [BUSINESS_CLUSTERS_LAYER, BUSINESS_LOCATIONS_LAYER]) {
          map.off('mouseenter', layer, pointer);
          map.off('mouseleave', layer, normal);
        }
      };
    },
  };
}
