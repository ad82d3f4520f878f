/** The sources of the basemap's tiles (the map's attribution, the export's map page). */
export const BASEMAP_ATTRIBUTION = 'IGN Admin Express · INSEE · Ville de Paris — Zonalyse';

/** The two variants of the basemap. */
export type BasemapTheme = 'light' | 'dark';

/** Identifiers of the basemap source and of the layer under which application layers go. */
export const BASEMAP_SOURCE = 'zonalyse-basemap';
export const FIRST_LABEL_LAYER = 'place-commune';

interface Palette {
  sea: string;
  land: string;
  communeLine: string;
  departementLine: string;
  regionLine: string;
  streetCasing: string;
  street: string;
  text: string;
  textHalo: string;
  regionText: string;
}

const PALETTES: Record<BasemapTheme, Palette> = {
  light: {
    sea: '#b9d3e3',
    land: '#f4f1ea',
    communeLine: '#cfc6bd',
    departementLine: '#a99fb8',
    regionLine: '#8d7fa6',
    streetCasing: '#d9d2c6',
    street: '#ffffff',
    text: '#3b3b45',
    textHalo: 'rgba(255,255,255,0.9)',
    regionText: '#6b5f84',
  },
  dark: {
    sea: '#0f1c2a',
    land: '#1e242c',
    communeLine: '#39424d',
    departementLine: '#5a5470',
    regionLine: '#7a6f96',
    streetCasing: '#1a1f26',
    street: '#3a4452',
    text: '#d7dbe0',
    textHalo: 'rgba(15,20,26,0.9)',
    regionText: '#b3a8d0',
  },
};

const REGULAR = ['Noto Sans Regular'];
const BOLD = ['Noto Sans Bold'];

/** What the style needs to know about the server it is served from. */
export interface BasemapStyleOptions {
  /** `http://host:port` of the request, so that every URL in the style is absolute. */
  origin: string;
  theme: BasemapTheme;
  /** The tile generation, added to the tile URL so browsers refetch after an import. */
  generation: string;
}

/**
 * The MapLibre style (v8) of our basemap: sea as the background, land from the régions, outlines
 * of régions, départements (from zoom 5) and communes (from zoom 9), names by zoom (régions 5–8,
 * départements 7–10, communes from 9 by population, Paris arrondissements from 11), streets from
 * zoom 12 (legible at 14), with glyphs served by us.
 */
export function buildBasemapStyle({ origin, theme, generation }: BasemapStyleOptions) {
  const colour = PALETTES[theme];
  const labelPaint = { 'text-color': colour.text, 'text-halo-color': colour.textHalo, 'text-halo-width': 1.4 };
  return {
    version: 8 as const,
    name: `Zonalyse ${theme === 'light' ? 'clair' : 'sombre'}`,
    metadata: { 'zonalyse:theme': theme, 'zonalyse:generation': generation },
    glyphs: `${origin}/api/basemap/fonts/{fontstack}/{range}.pbf`,
    sources: {
      [BASEMAP_SOURCE]: {
        type: 'vector' as const,
        tiles: [`${origin}/api/basemap/{z}/{x}/{y}.mvt?v=${generation}`],
        minzoom: 0,
        maxzoom: 14,
        attribution: BASEMAP_ATTRIBUTION,
      },
    },
    layers: [
      { id: 'sea', type: 'background' as const, paint: { 'background-color': colour.sea } },
      {
        id: 'land',
        type: 'fill' as const,
        source: BASEMAP_SOURCE,
        'source-layer': 'land',
        paint: { 'fill-color': colour.land, 'fill-antialias': false },
      },
      {
        id: 'commune-outline',
        type: 'line' as const,
        source: BASEMAP_SOURCE,
        'source-layer': 'communes',
        minzoom: 9,
        paint: {
          'line-color': colour.communeLine,
          'line-width': ['interpolate', ['linear'], ['zoom'], 9, 0.4, 12, 1, 15, 1.6],
        },
      },
      {
        id: 'street-casing',
        type: 'line' as const,
        source: BASEMAP_SOURCE,
        'source-layer': 'streets',
        minzoom: 12,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': colour.streetCasing,
          'line-width': ['interpolate', ['exponential', 1.6], ['zoom'], 12, 1.6, 14, 4.5, 17, 16],
        },
      },
      {
        id: 'street',
        type: 'line' as const,
        source: BASEMAP_SOURCE,
        'source-layer': 'streets',
        minzoom: 12,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': colour.street,
          'line-width': ['interpolate', ['exponential', 1.6], ['zoom'], 12, 0.9, 14, 3, 17, 13],
        },
      },
      {
        id: 'departement-outline',
        type: 'line' as const,
        source: BASEMAP_SOURCE,
        'source-layer': 'departements',
        minzoom: 5,
        layout: { 'line-join': 'round' },
        paint: {
          'line-color': colour.departementLine,
          'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.6, 9, 1.4, 14, 2.2],
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'region-outline',
        type: 'line' as const,
        source: BASEMAP_SOURCE,
        'source-layer': 'land',
        layout: { 'line-join': 'round' },
        paint: {
          'line-color': colour.regionLine,
          'line-width': ['interpolate', ['linear'], ['zoom'], 5, 1, 9, 2, 14, 3],
        },
      },
      {
        id: 'street-label',
        type: 'symbol' as const,
        source: BASEMAP_SOURCE,
        'source-layer': 'streets',
        minzoom: 15,
        filter: ['has', 'name'],
        layout: {
          'symbol-placement': 'line' as const,
          'text-field': ['get', 'name'],
          'text-font': REGULAR,
          'text-size': 11,
        },
        paint: labelPaint,
      },
      {
        id: FIRST_LABEL_LAYER,
        type: 'symbol' as const,
        source: BASEMAP_SOURCE,
        'source-layer': 'places',
        minzoom: 9,
        filter: ['all', ['==', ['get', 'level'], 'commune'], ['==', ['get', 'kind'], 'commune']],
        layout: {
          'text-field': ['get', 'name'],
          'text-font': REGULAR,
          'text-size': ['interpolate', ['linear'], ['get', 'population'], 0, 11, 20000, 12, 200000, 14, 1000000, 16],
          'symbol-sort-key': ['-', 0, ['get', 'population']],
          'text-max-width': 8,
        },
        paint: labelPaint,
      },
      {
        id: 'place-arrondissement',
        type: 'symbol' as const,
        source: BASEMAP_SOURCE,
        'source-layer': 'places',
        minzoom: 11,
        filter: ['==', ['get', 'kind'], 'arrondissement-municipal'],
        layout: { 'text-field': ['get', 'name'], 'text-font': REGULAR, 'text-size': 12, 'text-max-width': 7 },
        paint: labelPaint,
      },
      {
        id: 'place-departement',
        type: 'symbol' as const,
        source: BASEMAP_SOURCE,
        'source-layer': 'places',
        minzoom: 7,
        maxzoom: 10,
        filter: ['==', ['get', 'level'], 'departement'],
        layout: {
          'text-field': ['get', 'name'],
          'text-font': BOLD,
          'text-size': 12,
          'text-max-width': 8,
          'text-transform': 'uppercase' as const,
          'text-letter-spacing': 0.05,
        },
        paint: { ...labelPaint, 'text-color': colour.regionText },
      },
      {
        id: 'place-region',
        type: 'symbol' as const,
        source: BASEMAP_SOURCE,
        'source-layer': 'places',
        minzoom: 5,
        maxzoom: 8,
        filter: ['==', ['get', 'level'], 'region'],
        layout: {
          'text-field': ['get', 'name'],
          'text-font': BOLD,
          'text-size': ['interpolate', ['linear'], ['zoom'], 5, 11, 8, 15],
          'text-max-width': 8,
          'text-transform': 'uppercase' as const,
          'text-letter-spacing': 0.1,
        },
        paint: { ...labelPaint, 'text-color': colour.regionText },
      },
    ],
  };
}
