import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type * as maplibregl from 'maplibre-gl';
import { zoneGeometry, type Zone } from '../../../kernel/zones/Zone';
import { DRAWN_POLYGON_COLOR, ZONE_BORDER_WIDTH, ZONE_FILL_OPACITY } from '../../../kernel/zones/zoneColors';
import { ensureLayer, ensureSource, removeLayersAndSource, type MapLayerModule } from '../../map/MapLayerModule';

export const ZONES_SOURCE = 'perimeter-zones';
export const ZONES_FILL_LAYER = 'perimeter-zones-fill';
export const ZONES_LINE_LAYER = 'perimeter-zones-line';
export const DRAWING_SOURCE = 'perimeter-drawing';
export const DRAWING_FILL_LAYER = 'perimeter-drawing-fill';
export const DRAWING_LINE_LAYER = 'perimeter-drawing-line';
export const DRAWING_VERTEX_LAYER = 'perimeter-drawing-vertices';
export const DRAWING_LABEL_LAYER = 'perimeter-drawing-labels';

const EMPTY: FeatureCollection<Geometry> = { type: 'FeatureCollection', features: [] };

/** The visible zones as one feature collection (colour, id and selection in the properties). */
export function zonesFeatureCollection(
  zones: readonly Zone[],
  hiddenIds: readonly string[],
  selectedIds: readonly string[],
): FeatureCollection<Geometry> {
  const features: Feature<Geometry>[] = [];
  for (const zone of zones) {
    if (hiddenIds.includes(zone.id)) continue;
    const geometry = zoneGeometry(zone);
    if (!geometry) continue;
    features.push({
      type: 'Feature',
      geometry,
      properties: { zoneId: zone.id, color: zone.color, name: zone.name, selected: selectedIds.includes(zone.id) },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** Drawing: numbered vertices ('Point n'), the line, and the shape from 3 points. */
export function drawingFeatureCollection(
  points: readonly [number, number][],
  preview: Feature<Geometry> | null = null,
): FeatureCollection<Geometry> {
  const features: Feature<Geometry>[] = points.map((point, index) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: point },
    properties: { label: `Point ${index + 1}` },
  }));
  if (points.length >= 3) {
    features.unshift({
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [[...points, points[0] as [number, number]]] },
      properties: {},
    });
  } else if (points.length === 2) {
    features.unshift({ type: 'Feature', geometry: { type: 'LineString', coordinates: [...points] }, properties: {} });
  }
  if (preview) features.unshift({ type: 'Feature', geometry: preview.geometry, properties: { preview: true } });
  return { type: 'FeatureCollection', features };
}

const POLYGONAL: maplibregl.FilterSpecification = ['in', ['geometry-type'], ['literal', ['Polygon', 'MultiPolygon']]];

/**
 * Each zone filled in its colour at opacity 0.3 with a border of width 3; the polygon being
 * drawn above them. The data is pushed with `MapController.setGeoJson`.
 */
export function zoneLayerModule(initial: {
  zones: () => FeatureCollection<Geometry>;
  drawing: () => FeatureCollection<Geometry>;
}): MapLayerModule {
  return {
    id: 'perimeter-zones',
    add(map: maplibregl.Map) {
      ensureSource(map, ZONES_SOURCE, { type: 'geojson', data: initial.zones() ?? EMPTY });
      ensureLayer(map, {
        id: ZONES_FILL_LAYER,
        type: 'fill',
        source: ZONES_SOURCE,
        paint: { 'fill-color': ['get', 'color'], 'fill-opacity': ZONE_FILL_OPACITY },
      });
      ensureLayer(map, {
        id: ZONES_LINE_LAYER,
        type: 'line',
        source: ZONES_SOURCE,
        layout: { 'line-join': 'round' },
        paint: { 'line-color': ['get', 'color'], 'line-width': ZONE_BORDER_WIDTH },
      });
      ensureSource(map, DRAWING_SOURCE, { type: 'geojson', data: initial.drawing() ?? EMPTY });
      ensureLayer(map, {
        id: DRAWING_FILL_LAYER,
        type: 'fill',
        source: DRAWING_SOURCE,
        filter: POLYGONAL,
        paint: { 'fill-color': DRAWN_POLYGON_COLOR, 'fill-opacity': ZONE_FILL_OPACITY },
      });
      ensureLayer(map, {
        id: DRAWING_LINE_LAYER,
        type: 'line',
        source: DRAWING_SOURCE,
        filter: ['!=', ['geometry-type'], 'Point'],
        paint: { 'line-color': DRAWN_POLYGON_COLOR, 'line-width': 2, 'line-dasharray': [2, 1] },
      });
      ensureLayer(map, {
        id: DRAWING_VERTEX_LAYER,
        type: 'circle',
        source: DRAWING_SOURCE,
        filter: ['==', ['geometry-type'], 'Point'],
        paint: {
          'circle-radius': 6,
          'circle-color': '#ffffff',
          'circle-stroke-color': DRAWN_POLYGON_COLOR,
          'circle-stroke-width': 3,
        },
      });
      ensureLayer(map, {
        id: DRAWING_LABEL_LAYER,
        type: 'symbol',
        source: DRAWING_SOURCE,
        filter: ['==', ['geometry-type'], 'Point'],
        layout: {
          'text-field': ['get', 'label'],
          'text-font': ['Noto Sans Bold'],
          'text-size': 12,
          'text-offset': [0, -1.4],
          'text-allow-overlap': true,
        },
        paint: { 'text-color': '#1e3a8a', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      });
    },
    remove(map: maplibregl.Map) {
      removeLayersAndSource(
        map,
        [DRAWING_LABEL_LAYER, DRAWING_VERTEX_LAYER, DRAWING_LINE_LAYER, DRAWING_FILL_LAYER],
        DRAWING_SOURCE,
      );
      removeLayersAndSource(map, [ZONES_LINE_LAYER, ZONES_FILL_LAYER], ZONES_SOURCE);
    },
  };
}
