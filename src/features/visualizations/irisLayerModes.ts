/** The display modes of the IRIS layer. */
export const IRIS_LAYER_MODES = ['hidden', 'basic', 'population', 'revenue', 'land_value'] as const;
export type IrisLayerMode = (typeof IRIS_LAYER_MODES)[number];

/** The heat-map modes (every mode that colours the IRIS by a value). */
export type IrisHeatmapMode = Exclude<IrisLayerMode, 'hidden' | 'basic'>;

export interface IrisHeatmapDefinition {
  mode: IrisHeatmapMode;
  /** Tile property holding the value (`iris_geometry` layer). */
  property: string;
  label: string;
  unit: string;
  /** Map-layer ramp: lower bounds of the six classes. */
  stops: readonly [number, number, number, number, number, number];
  /** Six colours, light to dark. */
  colours: readonly [string, string, string, string, string, string];
}

/**
 * "Map-layer ramps" (6 stops): population 0, 100, 500, 1000, 2000, 5000; revenue 0, 15000,
 * 25000, 35000, 50000, 75000; land_value 0, 1000, 5000, 10000, 20000, 50000 — land value is the DVF
 * median price per m² baked into the tiles.
 */
export const IRIS_HEATMAPS: Record<IrisHeatmapMode, IrisHeatmapDefinition> = {
  population: {
    mode: 'population',
    property: 'population',
    label: 'Population',
    unit: 'habitants',
    stops: [0, 100, 500, 1000, 2000, 5000],
    colours: ['#fff5eb', '#fdd0a2', '#fdae6b', '#fd8d3c', '#e6550d', '#a63603'],
  },
  revenue: {
    mode: 'revenue',
    property: 'median_income',
    label: 'Revenu médian',
    unit: '€/an par UC',
    stops: [0, 15000, 25000, 35000, 50000, 75000],
    colours: ['#f7fcf5', '#c7e9c0', '#a1d99b', '#74c476', '#31a354', '#006d2c'],
  },
  land_value: {
    mode: 'land_value',
    property: 'land_value_per_sqm',
    label: 'Valeur foncière au m²',
    unit: '€/m²',
    stops: [0, 1000, 5000, 10000, 20000, 50000],
    colours: ['#fcfbfd', '#dadaeb', '#bcbddc', '#9e9ac8', '#756bb1', '#54278f'],
  },
};

/** Labels of the modes in the IRIS panel. */
export const IRIS_LAYER_MODE_LABELS: Record<IrisLayerMode, string> = {
  hidden: 'Masqué',
  basic: 'Contours',
  population: 'Population',
  revenue: 'Revenu médian',
  land_value: 'Valeur foncière au m²',
};

/** The toggle goes from hidden to basic, and from any visible mode to hidden. */
export function toggledIrisLayerMode(mode: IrisLayerMode): IrisLayerMode {
  return mode === 'hidden' ? 'basic' : 'hidden';
}

export function isHeatmapMode(mode: IrisLayerMode): mode is IrisHeatmapMode {
  return mode !== 'hidden' && mode !== 'basic';
}

/** Fallback colour light grey, selected colour red; labels from zoom 13, lines from zoom 10. */
export const IRIS_FALLBACK_COLOUR = '#d3d3d3';
export const IRIS_SELECTED_COLOUR = '#e11d1d';
export const IRIS_HOVER_COLOUR = '#f59e0b';
export const IRIS_LABEL_MIN_ZOOM = 13;
export const IRIS_LINE_MIN_ZOOM = 10;
