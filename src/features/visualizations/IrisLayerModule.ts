import type * as maplibregl from 'maplibre-gl';

type Expression = maplibregl.ExpressionSpecification;
import {
  IRIS_FALLBACK_COLOUR,
  IRIS_HEATMAPS,
  IRIS_HOVER_COLOUR,
  IRIS_LABEL_MIN_ZOOM,
  IRIS_LINE_MIN_ZOOM,
  IRIS_SELECTED_COLOUR,
  isHeatmapMode,
  type IrisLayerMode,
} from './irisLayerModes';
import { stepColourExpression } from './stepColourExpression';
import { apiTileUrl } from '../../map/apiTileUrl';
import { ensureLayer, ensureSource, removeLayersAndSource, type MapLayerModule } from '../../map/MapLayerModule';

export const IRIS_SOURCE_ID = 'zonalyse-iris';
/** Layer `iris_geometry`, promoted id `iris_code`. */
export const IRIS_SOURCE_LAYER = 'iris_geometry';
export const IRIS_FILL_LAYER_ID = 'zonalyse-iris-fill';
export const IRIS_LINE_LAYER_ID = 'zonalyse-iris-line';
export const IRIS_HIGHLIGHT_LAYER_ID = 'zonalyse-iris-highlight';
export const IRIS_LABEL_LAYER_ID = 'zonalyse-iris-label';
const LAYER_IDS = [IRIS_LABEL_LAYER_ID, IRIS_HIGHLIGHT_LAYER_ID, IRIS_LINE_LAYER_ID, IRIS_FILL_LAYER_ID];

/** Basemap layers our layers go under: fills below the streets, lines and labels below the place names. */
const FILL_BEFORE = 'street-casing';
const LABEL_BEFORE = 'place-arrondissement';

const HEATMAP_OPACITY = 0.7;
const selected: Expression = ['boolean', ['feature-state', 'selected'], false];
const hovered: Expression = ['boolean', ['feature-state', 'hover'], false];

function fillColour(mode: IrisLayerMode): Expression {
  const base: Expression | string = isHeatmapMode(mode)
    ? (stepColourExpression(
        IRIS_HEATMAPS[mode].property,
        IRIS_HEATMAPS[mode].stops,
        IRIS_HEATMAPS[mode].colours,
        IRIS_FALLBACK_COLOUR,
      ) as Expression)
    : '#3b82f6';
  return ['case', selected, IRIS_SELECTED_COLOUR, hovered, isHeatmapMode(mode) ? base : IRIS_HOVER_COLOUR, base];
}

function fillOpacity(mode: IrisLayerMode): Expression {
  // Basic mode: a transparent fill that still catches hover and clicks.
  const base = isHeatmapMode(mode) ? HEATMAP_OPACITY : 0;
  return ['case', selected, 0.55, hovered, isHeatmapMode(mode) ? 0.85 : 0.25, base];
}

/**
 * IRIS layer: vector tiles of `/api/iris/static-tiles` (or, when they fail to load, the legacy
 * GeoJSON of `/api/iris/boundaries-geojson`), coloured by mode (basic outlines or
 * the population / revenue / land value heat-maps, missing values light grey), outlines from zoom 10,
 * names from zoom 13; hover and selection through feature-state only. Clicks are handed to `onClick`.
 */
export class IrisLayerModule implements MapLayerModule {
  readonly id = 'iris';
  private mode: IrisLayerMode = 'hidden';
  private selectedCode: string | null = null;
  private hoveredCode: string | null = null;

  /** Vector tiles by default; if they cannot be loaded, the legacy GeoJSON implementation. */
  private implementation: 'vector' | 'geojson' = 'vector';

  constructor(
    private readonly onClick: (code: string, properties: Record<string, unknown>) => void,
    private readonly onFallback: (reason: string) => void = () => undefined,
  ) {}

  /** Which implementation draws the IRIS. */
  get sourceKind(): 'vector' | 'geojson' {
    return this.implementation;
  }

  /** `source-layer` of the vector tiles, nothing for the GeoJSON fallback. */
  private sourceLayer(name: string): { 'source-layer'?: string } {
    return this.implementation === 'vector' ? { 'source-layer': name } : {};
  }

  add(map: maplibregl.Map): void {
    // The theme of the basemap just loaded (MapView marks its container): labels and lines follow it.
    const dark = map.getContainer().getAttribute('data-map-theme') === 'dark';
    ensureSource(
      map,
      IRIS_SOURCE_ID,
      this.implementation === 'vector'
        ? {
            type: 'vector',
            tiles: [apiTileUrl('iris/static-tiles')],
            minzoom: 5,
            maxzoom: 14,
            promoteId: { [IRIS_SOURCE_LAYER]: 'iris_code' },
          }
        : { type: 'geojson', data: `${window.location.origin}/api/iris/boundaries-geojson`, promoteId: 'iris_code' },
    );
    ensureLayer(
      map,
      {
        id: IRIS_FILL_LAYER_ID,
        type: 'fill',
        source: IRIS_SOURCE_ID,
        ...this.sourceLayer(IRIS_SOURCE_LAYER),
        paint: {},
      },
      FILL_BEFORE,
    );
    ensureLayer(
      map,
      {
        id: IRIS_LINE_LAYER_ID,
        type: 'line',
        source: IRIS_SOURCE_ID,
        ...this.sourceLayer(IRIS_SOURCE_LAYER),
        minzoom: IRIS_LINE_MIN_ZOOM,
        paint: {
          'line-color': dark ? '#6b8ff0' : '#1d4ed8',
          'line-width': ['interpolate', ['linear'], ['zoom'], 10, 0.4, 14, 1.2],
        },
      },
      LABEL_BEFORE,
    );
    ensureLayer(
      map,
      {
        id: IRIS_HIGHLIGHT_LAYER_ID,
        type: 'line',
        source: IRIS_SOURCE_ID,
        ...this.sourceLayer(IRIS_SOURCE_LAYER),
        paint: {
          'line-color': ['case', selected, IRIS_SELECTED_COLOUR, IRIS_HOVER_COLOUR],
          'line-width': ['case', selected, 3, hovered, 2, 0],
        },
      },
      LABEL_BEFORE,
    );
    ensureLayer(
      map,
      {
        id: IRIS_LABEL_LAYER_ID,
        type: 'symbol',
        source: IRIS_SOURCE_ID,
        ...this.sourceLayer('iris_label'),
        minzoom: IRIS_LABEL_MIN_ZOOM,
        layout: {
          'text-field': this.implementation === 'vector' ? ['get', 'name'] : ['get', 'nom_iris'],
          'text-font': ['Noto Sans Regular'],
          'text-size': 11,
          'text-max-width': 8,
        },
        paint: dark
          ? { 'text-color': '#c7d7fe', 'text-halo-color': '#0b1220', 'text-halo-width': 1.2 }
          : { 'text-color': '#1e3a8a', 'text-halo-color': '#ffffff', 'text-halo-width': 1.2 },
      },
      LABEL_BEFORE,
    );
    this.paint(map);
    if (this.selectedCode) this.setState(map, this.selectedCode, { selected: true });
  }

  remove(map: maplibregl.Map): void {
    removeLayersAndSource(map, LAYER_IDS, IRIS_SOURCE_ID);
  }

  bind(map: maplibregl.Map): () => void {
    const move = (event: maplibregl.MapLayerMouseEvent) => {
      const code = event.features?.[0]?.id;
      if (typeof code !== 'string' || code === this.hoveredCode) return;
      if (this.hoveredCode) this.setState(map, this.hoveredCode, { hover: false });
      this.hoveredCode = code;
      this.setState(map, code, { hover: true });
      map.getCanvas().style.cursor = 'pointer';
    };
    const leave = () => {
      if (this.hoveredCode) this.setState(map, this.hoveredCode, { hover: false });
      this.hoveredCode = null;
      map.getCanvas().style.cursor = '';
    };
    const click = (event: maplibregl.MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (feature && typeof feature.id === 'string') this.onClick(feature.id, { ...feature.properties });
    };
    const failed = (event: maplibregl.ErrorEvent & { sourceId?: string }) => {
      if (event.sourceId !== IRIS_SOURCE_ID || this.implementation === 'geojson') return;
      this.implementation = 'geojson';
      this.remove(map);
      this.add(map);
      this.onFallback(event.error?.message ?? 'erreur inconnue');
    };
    map.on('error', failed);
    map.on('mousemove', IRIS_FILL_LAYER_ID, move);
    map.on('mouseleave', IRIS_FILL_LAYER_ID, leave);
    map.on('click', IRIS_FILL_LAYER_ID, click);
    return () => {
      map.off('error', failed);
      map.off('mousemove', IRIS_FILL_LAYER_ID, move);
      map.off('mouseleave', IRIS_FILL_LAYER_ID, leave);
      map.off('click', IRIS_FILL_LAYER_ID, click);
    };
  }

  /** Applies the display mode and the selected IRIS (null: none). */
  update(map: maplibregl.Map, mode: IrisLayerMode, selectedCode: string | null): void {
    const modeChanged = mode !== this.mode;
    this.mode = mode;
    if (selectedCode !== this.selectedCode) {
      if (this.selectedCode) this.setState(map, this.selectedCode, { selected: false });
      this.selectedCode = selectedCode;
      if (selectedCode) this.setState(map, selectedCode, { selected: true });
    }
    if (modeChanged) this.paint(map);
  }

  private paint(map: maplibregl.Map): void {
    if (!map.getLayer(IRIS_FILL_LAYER_ID)) return;
    const visibility = this.mode === 'hidden' ? 'none' : 'visible';
    for (const id of LAYER_IDS) map.setLayoutProperty(id, 'visibility', visibility);
    map.setPaintProperty(IRIS_FILL_LAYER_ID, 'fill-color', fillColour(this.mode));
    map.setPaintProperty(IRIS_FILL_LAYER_ID, 'fill-opacity', fillOpacity(this.mode));
  }

  private setState(map: maplibregl.Map, code: string, state: Record<string, boolean>): void {
    if (!map.getSource(IRIS_SOURCE_ID)) return;
    map.setFeatureState(
      {
        source: IRIS_SOURCE_ID,
        ...(this.implementation === 'vector' ? { sourceLayer: IRIS_SOURCE_LAYER } : {}),
        id: code,
      },
      state,
    );
  }
}
