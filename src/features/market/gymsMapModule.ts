import type { FeatureCollection, Geometry } from 'geojson';
import type * as maplibregl from 'maplibre-gl';
import { ensureLayer, ensureSource, removeLayersAndSource, type MapLayerModule } from '../../map/MapLayerModule';

export const GYMS_SOURCE = 'market-gyms';
const GYMS_LAYER = 'market-gyms-circle';

/** A gym of a recognised chain, an independent gym. */
export const GYM_COLOURS = { chain: '#0f766e', independent: '#84cc16' } as const;

const EMPTY: FeatureCollection<Geometry> = { type: 'FeatureCollection', features: [] };

/** The gyms found by the Géomarketing panel's search: teal for a chain, green for an independent gym. */
export const gymsMapModule: MapLayerModule = {
  id: 'market-gyms',
  add(map: maplibregl.Map) {
    ensureSource(map, GYMS_SOURCE, { type: 'geojson', data: EMPTY });
    ensureLayer(map, {
      id: GYMS_LAYER,
      type: 'circle',
      source: GYMS_SOURCE,
      paint: {
        'circle-radius': 6,
        'circle-color': ['case', ['get', 'chain'], GYM_COLOURS.chain, GYM_COLOURS.independent],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1.5,
      },
    } as maplibregl.AddLayerObject);
  },
  remove(map: maplibregl.Map) {
    removeLayersAndSource(map, [GYMS_LAYER], GYMS_SOURCE);
  },
};
