import type { FeatureCollection, Point } from 'geojson';
import type * as maplibregl from 'maplibre-gl';
import { ensureLayer, ensureSource, type MapLayerModule, removeLayersAndSource } from '../../map/MapLayerModule';

export const TRANSACTION_MARKERS_SOURCE = 'real-estate-transaction-markers';
const LAYER = 'real-estate-transaction-markers-circle';

export const EMPTY_COLLECTION: FeatureCollection<Point> = { type: 'FeatureCollection', features: [] };

/** The markers toggled on transaction groups of the list (purple dots with a white ring). */
export const transactionMarkersModule: MapLayerModule = {
  id: 'real-estate-transaction-markers',
  add(map: maplibregl.Map) {
    ensureSource(map, TRANSACTION_MARKERS_SOURCE, { type: 'geojson', data: EMPTY_COLLECTION });
    ensureLayer(map, {
      id: LAYER,
      type: 'circle',
      source: TRANSACTION_MARKERS_SOURCE,
      paint: { 'circle-radius': 8, 'circle-color': '#7c3aed', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
    });
  },
  remove(map: maplibregl.Map) {
    removeLayersAndSource(map, [LAYER], TRANSACTION_MARKERS_SOURCE);
  },
};
