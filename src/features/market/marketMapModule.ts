import type { FeatureCollection, Geometry } from 'geojson';
import type * as maplibregl from 'maplibre-gl';
import { ensureLayer, ensureSource, removeLayersAndSource, type MapLayerModule } from '../../map/MapLayerModule';

export const MARKET_SOURCES = {
  iris: 'market-iris',
  competitors: 'market-competitors',
  site: 'market-site',
} as const;

const LAYERS = {
  irisFill: 'market-iris-fill',
  irisLine: 'market-iris-line',
  competitors: 'market-competitors-circle',
  site: 'market-site-circle',
} as const;

/** Share of the site in an IRIS, 0 → 1, from pale to deep violet. */
export const SHARE_STOPS: readonly [number, string][] = [
  [0, '#f3e8ff'],
  [0.1, '#d8b4fe'],
  [0.25, '#a855f7'],
  [0.5, '#7e22ce'],
  [1, '#3b0764'],
];

const EMPTY: FeatureCollection<Geometry> = { type: 'FeatureCollection', features: [] };

/**
 * The Géomarketing layers: the Huff market share of the site by IRIS (choropleth), the competitors
 * (red, the user's own in blue, sized by the residents the site takes from them) and the site.
 */
export const marketMapModule: MapLayerModule = {
  id: 'market',
  add(map: maplibregl.Map) {
    for (const source of Object.values(MARKET_SOURCES)) ensureSource(map, source, { type: 'geojson', data: EMPTY });
    ensureLayer(map, {
      id: LAYERS.irisFill,
      type: 'fill',
      source: MARKET_SOURCES.iris,
      paint: {
        'fill-color': ['interpolate', ['linear'], ['get', 'share'], ...SHARE_STOPS.flat()],
        'fill-opacity': 0.6,
      },
    } as maplibregl.AddLayerObject);
    ensureLayer(map, {
      id: LAYERS.irisLine,
      type: 'line',
      source: MARKET_SOURCES.iris,
      paint: { 'line-color': '#581c87', 'line-width': 0.6, 'line-opacity': 0.7 },
    });
    ensureLayer(map, {
      id: LAYERS.competitors,
      type: 'circle',
      source: MARKET_SOURCES.competitors,
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['get', 'taken'], 0, 4, 500, 9],
        'circle-color': ['case', ['get', 'own'], '#2563eb', '#dc2626'],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1.5,
      },
    } as maplibregl.AddLayerObject);
    ensureLayer(map, {
      id: LAYERS.site,
      type: 'circle',
      source: MARKET_SOURCES.site,
      paint: {
        'circle-radius': 9,
        'circle-color': '#111827',
        'circle-stroke-color': '#facc15',
        'circle-stroke-width': 3,
      },
    });
  },
  remove(map: maplibregl.Map) {
    removeLayersAndSource(map, [LAYERS.irisFill, LAYERS.irisLine], MARKET_SOURCES.iris);
    removeLayersAndSource(map, [LAYERS.competitors], MARKET_SOURCES.competitors);
    removeLayersAndSource(map, [LAYERS.site], MARKET_SOURCES.site);
  },
};
