import type { FeatureCollection, Point } from 'geojson';
import * as maplibregl from 'maplibre-gl';
import { formatEuros, formatNumber, formatShortDate } from '../../../kernel/format/formatFrench';
import type { RealEstateCluster } from '../../../kernel/real-estate/realEstateSchemas';
import { typeLocalLabel } from '../../../kernel/real-estate/realEstateTypes';
import { ensureLayer, ensureSource, type MapLayerModule, removeLayersAndSource } from '../../map/MapLayerModule';

export const CLUSTERS_SOURCE = 'real-estate-clusters';
const CIRCLES = 'real-estate-clusters-circle';
const COUNTS = 'real-estate-clusters-count';
const SINGLES = 'real-estate-clusters-single';
const HOUSE = 're-house-icon';

/** Colour scale of the average price (0, 200k, 300k, 400k, 500k, 750k, 1M €), pale to dark. */
export const PRICE_STOPS = [0, 200_000, 300_000, 400_000, 500_000, 750_000, 1_000_000] as const;
export const PRICE_COLORS = ['#fde0dd', '#fcc5c0', '#fa9fb5', '#f768a1', '#dd3497', '#ae017e', '#7a0177'] as const;

export function clustersToGeojson(clusters: readonly RealEstateCluster[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: clusters.map((cluster) => ({
      type: 'Feature',
      properties: {
        count: cluster.count,
        avg_price: cluster.avg_price ?? 0,
        single: cluster.count === 1,
        transaction: cluster.transaction ? JSON.stringify(cluster.transaction) : null,
      },
      geometry: { type: 'Point', coordinates: [cluster.longitude, cluster.latitude] },
    })),
  };
}

/** A 28 px purple house drawn on a canvas (no sprite needed). */
function houseImage(): ImageData | undefined {
  const canvas = document.createElement('canvas');
  canvas.width = 28;
  canvas.height = 28;
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  context.fillStyle = '#7c3aed';
  context.strokeStyle = '#ffffff';
  context.lineWidth = 2;
  context.beginPath();
  context.moveTo(14, 3);
  context.lineTo(26, 13);
  context.lineTo(22, 13);
  context.lineTo(22, 25);
  context.lineTo(6, 25);
  context.lineTo(6, 13);
  context.lineTo(2, 13);
  context.closePath();
  context.fill();
  context.stroke();
  context.fillStyle = '#ffffff';
  context.fillRect(12, 17, 4, 8);
  return context.getImageData(0, 0, 28, 28);
}

function popupHtml(text: string): string {
  const transaction = JSON.parse(text) as NonNullable<RealEstateCluster['transaction']>;
  const escape = (value: string) => value.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
  return `<div class="re-popup"><strong>${escape(typeLocalLabel(transaction.type_local))}</strong><br>
    ${escape(formatEuros(transaction.valeur_fonciere))}${transaction.surface_reelle_bati ? ` · ${formatNumber(transaction.surface_reelle_bati)} m²` : ''}<br>
    ${escape(transaction.address || 'Adresse non renseignée')}<br>${escape(formatShortDate(transaction.date_mutation))}</div>`;
}

/** Clusters: circle size by count, colour by average price; single sales as purple houses. */
export const realEstateClustersModule: MapLayerModule = {
  id: 'real-estate-clusters',
  add(map) {
    ensureSource(map, CLUSTERS_SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    if (!map.hasImage(HOUSE)) {
      const image = houseImage();
      if (image) map.addImage(HOUSE, image, { pixelRatio: 1 });
    }
    ensureLayer(map, {
      id: CIRCLES,
      type: 'circle',
      source: CLUSTERS_SOURCE,
      filter: ['!', ['get', 'single']],
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['get', 'count'], 1, 8, 10, 15, 50, 25, 100, 35, 500, 50],
        'circle-color': [
          'step',
          ['get', 'avg_price'],
          PRICE_COLORS[0],
          ...PRICE_STOPS.slice(1).flatMap((stop, index) => [stop, PRICE_COLORS[index + 1] as string]),
        ],
        'circle-opacity': 0.85,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1.5,
      },
    });
    ensureLayer(map, {
      id: COUNTS,
      type: 'symbol',
      source: CLUSTERS_SOURCE,
      filter: ['!', ['get', 'single']],
      layout: { 'text-field': ['to-string', ['get', 'count']], 'text-font': ['Noto Sans Bold'], 'text-size': 12, 'text-allow-overlap': true },
      paint: { 'text-color': '#1f1235', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
    });
    ensureLayer(map, {
      id: SINGLES,
      type: 'symbol',
      source: CLUSTERS_SOURCE,
      filter: ['get', 'single'],
      layout: { 'icon-image': HOUSE, 'icon-allow-overlap': true },
    });
  },
  remove(map) {
    removeLayersAndSource(map, [SINGLES, COUNTS, CIRCLES], CLUSTERS_SOURCE);
  },
  bind(map) {
    const onSingle = (event: maplibregl.MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      const transaction = feature?.properties?.transaction as string | undefined;
      if (!feature || !transaction || feature.geometry.type !== 'Point') return;
      new maplibregl.Popup({ closeButton: true })
        .setLngLat(feature.geometry.coordinates as [number, number])
        .setHTML(popupHtml(transaction))
        .addTo(map);
    };
    const onCluster = (event: maplibregl.MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (feature?.geometry.type !== 'Point') return;
      map.easeTo({ center: feature.geometry.coordinates as [number, number], zoom: Math.min(map.getZoom() + 2, 18) });
    };
    const pointer = () => (map.getCanvas().style.cursor = 'pointer');
    const normal = () => (map.getCanvas().style.cursor = '');
    map.on('click', SINGLES, onSingle);
    map.on('click', CIRCLES, onCluster);
    for (const layer of [SINGLES, CIRCLES]) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, normal);
    }
    return () => {
      map.off('click', SINGLES, onSingle);
      map.off('click', CIRCLES, onCluster);
      for (const layer of [SINGLES, CIRCLES]) {
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, normal);
      }
    };
  },
};
