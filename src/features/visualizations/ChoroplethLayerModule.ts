import type * as maplibregl from 'maplibre-gl';
import { indicatorById, PALETTES } from './indicators';
import { IRIS_FALLBACK_COLOUR } from './irisLayerModes';
import { missingValueFilter, stepColourExpression } from './stepColourExpression';
import { apiTileUrl } from '../../map/apiTileUrl';
import { ensureLayer, ensureSource, removeLayersAndSource, type MapLayerModule } from '../../map/MapLayerModule';
import type { ChoroplethSettings } from './visualizationsSlice';

export const CHOROPLETH_SOURCE_ID = 'zonalyse-choropleth';
export const CHOROPLETH_FILL_LAYER_ID = 'zonalyse-choropleth-fill';
export const CHOROPLETH_MISSING_LAYER_ID = 'zonalyse-choropleth-missing';
export const CHOROPLETH_LINE_LAYER_ID = 'zonalyse-choropleth-line';
const LAYER_IDS = [CHOROPLETH_LINE_LAYER_ID, CHOROPLETH_MISSING_LAYER_ID, CHOROPLETH_FILL_LAYER_ID];
/** The image of the "donnée non disponible" hatching. */
export const HATCH_IMAGE_ID = 'zonalyse-hatch';

/** Tile path and source layer of each level (server/tiles/areaTileRoutes.ts). */
const LEVEL_TILES = {
  iris: { path: 'tiles/iris', layer: 'iris_geometry' },
  commune: { path: 'tiles/communes', layer: 'commune_geometry' },
  departement: { path: 'tiles/departements', layer: 'departement_geometry' },
  region: { path: 'tiles/regions', layer: 'region_geometry' },
} as const;

const FILL_BEFORE = 'zonalyse-iris-fill';

/** Grey diagonal hatching, 8 × 8 px: dark stripes on light grey, or light stripes on dark grey for the dark map. */
function hatchImage(dark: boolean): { width: number; height: number; data: Uint8Array } {
  const size = 8;
  const stripe = dark ? 185 : 110;
  const ground = dark ? 70 : 211;
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) {
      const offset = (y * size + x) * 4;
      const onStripe = (x + y) % size < 2;
      data.fill(onStripe ? stripe : ground, offset, offset + 3);
      data[offset + 3] = onStripe ? 255 : 150;
    }
  return { width: size, height: size, data };
}

export function choroplethSourceLayer(settings: ChoroplethSettings): string {
  return LEVEL_TILES[settings.level].layer;
}

/**
 * The applied visualisation: areas of the chosen level coloured by the chosen indicator with
 * the chosen palette and opacity; areas without a value hatched grey (never drawn as zero).
 */
export class ChoroplethLayerModule implements MapLayerModule {
  readonly id = 'choropleth';
  private settings: ChoroplethSettings | null = null;

  add(map: maplibregl.Map): void {
    const dark = map.getContainer().getAttribute('data-map-theme') === 'dark';
    if (!map.hasImage(HATCH_IMAGE_ID)) map.addImage(HATCH_IMAGE_ID, hatchImage(dark), { pixelRatio: 1 });
    const settings = this.settings;
    if (!settings) return;
    const tiles = LEVEL_TILES[settings.level];
    ensureSource(map, CHOROPLETH_SOURCE_ID, {
      type: 'vector',
      tiles: [apiTileUrl(tiles.path)],
      minzoom: 5,
      maxzoom: 14,
      promoteId: { [tiles.layer]: 'code' },
    });
    const indicator = indicatorById(settings.indicator);
    const breaks = indicator.breaks[settings.level];
    const opacity = settings.opacity / 100;
    ensureLayer(
      map,
      {
        id: CHOROPLETH_FILL_LAYER_ID,
        type: 'fill',
        source: CHOROPLETH_SOURCE_ID,
        'source-layer': tiles.layer,
        filter: ['!', missingValueFilter(indicator.property)] as maplibregl.FilterSpecification,
        paint: {
          'fill-color': stepColourExpression(
            indicator.property,
            breaks,
            PALETTES[settings.palette],
            IRIS_FALLBACK_COLOUR,
          ) as maplibregl.ExpressionSpecification,
          'fill-opacity': opacity,
        },
      },
      map.getLayer(FILL_BEFORE) ? FILL_BEFORE : 'street-casing',
    );
    ensureLayer(
      map,
      {
        id: CHOROPLETH_MISSING_LAYER_ID,
        type: 'fill',
        source: CHOROPLETH_SOURCE_ID,
        'source-layer': tiles.layer,
        filter: missingValueFilter(indicator.property) as maplibregl.FilterSpecification,
        paint: { 'fill-pattern': HATCH_IMAGE_ID, 'fill-opacity': opacity },
      },
      map.getLayer(FILL_BEFORE) ? FILL_BEFORE : 'street-casing',
    );
    ensureLayer(
      map,
      {
        id: CHOROPLETH_LINE_LAYER_ID,
        type: 'line',
        source: CHOROPLETH_SOURCE_ID,
        'source-layer': tiles.layer,
        paint: { 'line-color': '#475569', 'line-width': 0.6, 'line-opacity': Math.min(1, opacity + 0.1) },
      },
      map.getLayer(FILL_BEFORE) ? FILL_BEFORE : 'street-casing',
    );
  }

  remove(map: maplibregl.Map): void {
    removeLayersAndSource(map, LAYER_IDS, CHOROPLETH_SOURCE_ID);
  }

  /**
   * Shows `settings` (null: hides the visualisation). A new level rebuilds the source and layers; the
   * indicator, palette and opacity of the same level are changed in place (filters and paint).
   */
  update(map: maplibregl.Map, settings: ChoroplethSettings | null): void {
    const previous = this.settings;
    this.settings = settings;
    if (!map.isStyleLoaded() && !map.getLayer(CHOROPLETH_FILL_LAYER_ID) && previous === null && settings === null)
      return;
    if (previous && settings && previous.level === settings.level && map.getLayer(CHOROPLETH_FILL_LAYER_ID)) {
      // Same areas: restyle in place (indicator, palette and opacity change without reloading the tiles).
      const indicator = indicatorById(settings.indicator);
      const opacity = settings.opacity / 100;
      if (previous.indicator !== settings.indicator) {
        map.setFilter(CHOROPLETH_FILL_LAYER_ID, [
          '!',
          missingValueFilter(indicator.property),
        ] as maplibregl.FilterSpecification);
        map.setFilter(
          CHOROPLETH_MISSING_LAYER_ID,
          missingValueFilter(indicator.property) as maplibregl.FilterSpecification,
        );
      }
      if (previous.indicator !== settings.indicator || previous.palette !== settings.palette)
        map.setPaintProperty(
          CHOROPLETH_FILL_LAYER_ID,
          'fill-color',
          stepColourExpression(
            indicator.property,
            indicator.breaks[settings.level],
            PALETTES[settings.palette],
            IRIS_FALLBACK_COLOUR,
          ) as maplibregl.ExpressionSpecification,
        );
      if (previous.opacity !== settings.opacity) {
        map.setPaintProperty(CHOROPLETH_FILL_LAYER_ID, 'fill-opacity', opacity);
        map.setPaintProperty(CHOROPLETH_MISSING_LAYER_ID, 'fill-opacity', opacity);
        map.setPaintProperty(CHOROPLETH_LINE_LAYER_ID, 'line-opacity', Math.min(1, opacity + 0.1));
      }
      return;
    }
    this.remove(map);
    if (settings && map.style) this.add(map);
  }
}
