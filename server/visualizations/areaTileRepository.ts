import type { TileLayer } from '../tiles/TileLayer';
import type { Tileset } from '../tiles/Tileset';
import { geometryColumnForZoom } from './mapAreaGeometry';

/** The four levels of areas with indicator tiles. */
export const AREA_LEVELS = ['iris', 'commune', 'departement', 'region'] as const;
export type AreaLevel = (typeof AREA_LEVELS)[number];

/** The indicators baked into every area tile (the same names at every level). */
export const INDICATOR_PROPERTIES = [
  'population',
  'population_density',
  'median_income',
  'employment_rate',
  'land_value_per_sqm',
  'land_value_sales',
  'house_share',
  'flat_share',
  'business_count',
] as const;

const INDICATOR_COLUMNS = `round(population::numeric, 1)::float8 AS population,
  round(population_density::numeric, 1)::float8 AS population_density,
  round(median_income::numeric)::float8 AS median_income,
  round(employment_rate::numeric, 4)::float8 AS employment_rate,
  round(land_value_per_sqm::numeric)::float8 AS land_value_per_sqm,
  land_value_sales,
  round(house_share::numeric, 4)::float8 AS house_share,
  round(flat_share::numeric, 4)::float8 AS flat_share,
  business_count,
  CASE WHEN demo_business_count > 0 THEN true END AS businesses_demo,
  round(area_km2::numeric, 3)::float8 AS area_km2`;

const COMMON_PROPERTIES = ['code', 'name', ...INDICATOR_PROPERTIES, 'businesses_demo', 'area_km2'] as const;

/** Per level: source layer names, extra identity columns and the row filter. */
const LEVELS: Record<
  AreaLevel,
  { layer: string; label: string; identity: string; properties: string[]; filter: string }
> = {
  iris: {
    layer: 'iris_geometry',
    label: 'iris_label',
    identity: `code AS iris_code, name AS nom_iris, kind AS typ_iris, commune_name AS nom_com, commune_code AS insee_code,
      departement_code AS dep`,
    properties: ['iris_code', 'nom_iris', 'typ_iris', 'nom_com', 'insee_code', 'dep'],
    filter: `level = 'iris'`,
  },
  commune: {
    layer: 'commune_geometry',
    label: 'commune_label',
    identity: 'departement_code AS dep, kind',
    properties: ['dep', 'kind'],
    // Paris, Lyon and Marseille are drawn as their arrondissements municipaux.
    filter: `level = 'commune' AND NOT has_arrondissements`,
  },
  departement: {
    layer: 'departement_geometry',
    label: 'departement_label',
    identity: 'region_code AS region',
    properties: ['region'],
    filter: `level = 'departement'`,
  },
  region: {
    layer: 'region_geometry',
    label: 'region_label',
    identity: `code AS region`,
    properties: ['region'],
    filter: `level = 'region'`,
  },
};

/** Zoom from which the label points of a level are in its tiles. */
const LABEL_MIN_ZOOM: Record<AreaLevel, number> = { iris: 12, commune: 8, departement: 5, region: 5 };

/**
 * The indicator tileset of a level: polygons with identity and indicators (layer
 * `iris_geometry`, `commune_geometry`, `departement_geometry` or `region_geometry`, promoted id
 * `iris_code` or `code`) and one label point per area (`…_label`) from a readable zoom.
 */
export function areaTileset(level: AreaLevel): Tileset {
  const definition = LEVELS[level];
  const properties = [...COMMON_PROPERTIES, ...definition.properties];
  return {
    name: `areas-${level}`,
    minZoom: 5,
    maxZoom: 14,
    layers(zoom) {
      const layers: TileLayer[] = [
        {
          name: definition.layer,
          geometryType: 'polygon',
          sql: `SELECT code, name, ${definition.identity}, ${INDICATOR_COLUMNS}, ${geometryColumnForZoom(zoom)} AS geom
                FROM map_areas WHERE ${definition.filter} AND geometry && !bbox!`,
          properties,
        },
      ];
      if (zoom >= LABEL_MIN_ZOOM[level]) {
        layers.push({
          name: definition.label,
          geometryType: 'point',
          sql: `SELECT code, name, round(population::numeric)::float8 AS population, label_point AS geom
                FROM map_areas WHERE ${definition.filter} AND label_point && !bbox!`,
          properties: ['code', 'name', 'population'],
        });
      }
      return layers;
    },
  };
}
