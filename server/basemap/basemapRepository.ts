import { geometryColumnForZoom } from '../visualizations/mapAreaGeometry';
import type { TileLayer } from '../tiles/TileLayer';
import type { Tileset } from '../tiles/Tileset';

/** Tile zoom = map zoom − 1 (vector tiles are drawn 512 px wide). */
const areaLayer = (name: string, level: string, zoom: number, extraFilter = ''): TileLayer => ({
  name,
  geometryType: 'polygon',
  sql: `SELECT code, name, ${geometryColumnForZoom(zoom)} AS geom FROM map_areas
        WHERE level = '${level}' ${extraFilter} AND geometry && !bbox!`,
  properties: ['code', 'name'],
});

/** Which place labels a tile zoom holds: régions early, then départements, communes by size, arrondissements. */
function placeFilter(zoom: number): string {
  const parts: string[] = [];
  if (zoom <= 7) parts.push(`level = 'region'`);
  if (zoom >= 5 && zoom <= 9) parts.push(`level = 'departement'`);
  if (zoom >= 8) {
    const minimumPopulation = zoom === 8 ? 15000 : zoom === 9 ? 2000 : 0;
    const communes = `level = 'commune' AND kind = 'commune' AND coalesce(population, 0) >= ${minimumPopulation}`;
    parts.push(zoom >= 11 ? `(${communes} AND NOT has_arrondissements)` : `(${communes})`);
  }
  if (zoom >= 10) parts.push(`(level = 'commune' AND kind = 'arrondissement-municipal')`);
  return parts.length > 0 ? parts.join(' OR ') : 'false';
}

/**
 * The self-hosted basemap from the imported data: land (régions), département and commune
 * outlines, place labels by zoom, and streets from the road network.
 */
export const BASEMAP_TILESET: Tileset = {
  name: 'basemap',
  minZoom: 0,
  maxZoom: 14,
  layers(zoom) {
    const layers: TileLayer[] = [areaLayer('land', 'region', zoom)];
    if (zoom >= 4) layers.push(areaLayer('departements', 'departement', zoom));
    if (zoom >= 8) layers.push(areaLayer('communes', 'commune', zoom, 'AND NOT has_arrondissements'));
    layers.push({
      name: 'places',
      geometryType: 'point',
      sql: `SELECT code, name, level, kind, round(coalesce(population, 0)::numeric)::float8 AS population, label_point AS geom
            FROM map_areas WHERE (${placeFilter(zoom)}) AND label_point && !bbox!`,
      properties: ['code', 'name', 'level', 'kind', 'population'],
    });
    if (zoom >= 11) {
      layers.push({
        name: 'streets',
        geometryType: 'line',
        sql: `SELECT id, name, highway, geometry AS geom FROM map_streets WHERE geometry && !bbox!`,
        properties: ['name', 'highway'],
        hasId: true,
      });
    }
    return layers;
  },
};
