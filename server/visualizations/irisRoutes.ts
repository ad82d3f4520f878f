import { z } from 'zod';
import type { RouteModule } from '../AppContext';
import { listDatasets } from '../datasets/datasetRepository';
import { notFound } from '../http/HttpError';
import { parseInput } from '../http/parseInput';
import { tileServiceFor } from '../tiles/tileServiceFor';
import { HEATMAP_METRIC_ALIASES, type HeatmapMetric } from '../../kernel/visualizations/irisSchemas';
import { irisTypeLabel } from '../../kernel/visualizations/irisProperties';
import { irisCodeSchema } from '../../kernel/territory/territoryCodes';
import {
  selectIris,
  selectIrisFeatures,
  selectIrisMetricRows,
  selectIrisRealEstate,
  selectIrisSummary,
  selectIrisValues,
  type Bbox,
} from './irisRepository';
import { documented } from '../openapi/documented';
import {
  heatmapMetricsSchema,
  irisDetailSchema,
  irisInfoSchema,
  irisMetricRowsSchema,
  realEstateRowsSchema,
  viewportSchema,
} from '../../kernel/visualizations/irisSchemas';

const MAX_ROWS = 10_000;

const bboxSchema = z
  .string()
  .transform((text) => text.split(',').map((part) => Number(part.trim())))
  .refine((parts) => parts.length === 4 && parts.every(Number.isFinite), 'attendu : ouest,sud,est,nord')
  .refine(
    ([west, south, east, north]) =>
      (west as number) < (east as number) &&
      (south as number) < (north as number) &&
      (west as number) >= -180 &&
      (east as number) <= 180 &&
      (south as number) >= -90 &&
      (north as number) <= 90,
    'emprise invalide (ouest < est, sud < nord, en degrés)',
  )
  .transform((parts) => parts as unknown as Bbox);

/** `a,b` or repeated `key[]`/`key` parameters, as a list. */
const listSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean));

/** The highest "at least N sales" threshold (an IRIS never holds a million sales; PostgreSQL integers stop at 2³¹). */
const MAX_TRANSACTIONS_THRESHOLD = 1_000_000;

const limitSchema = z.coerce.number().int().min(1).max(MAX_ROWS).default(MAX_ROWS);

/**
 * Query of the data endpoints; spellings of the IRIS code and type filters are all
 * accepted (`iris_code`/`code_iris`, `irisTypes`/`typ_iris`/`iris_type`/`type`).
 */
const dataQuery = z
  .object({
    bbox: bboxSchema.optional(),
    bounds: bboxSchema.optional(),
    limit: limitSchema,
    iris_code: listSchema.optional(),
    code_iris: listSchema.optional(),
    'iris_code[]': listSchema.optional(),
    irisTypes: listSchema.optional(),
    'irisTypes[]': listSchema.optional(),
    typ_iris: listSchema.optional(),
    iris_type: listSchema.optional(),
    type: listSchema.optional(),
  })
  .transform((query) => ({
    bbox: query.bbox ?? query.bounds,
    limit: query.limit,
    codes: query.iris_code ?? query.code_iris ?? query['iris_code[]'],
    types: (query.irisTypes ?? query['irisTypes[]'] ?? query.typ_iris ?? query.iris_type ?? query.type)?.map((type) =>
      type.toUpperCase().slice(0, 1),
    ),
  }));

const metricSchema = z
  .string()
  .transform((value) => HEATMAP_METRIC_ALIASES[value.trim().toLowerCase()])
  .refine((value): value is HeatmapMetric => value !== undefined, {
    message: 'indicateur attendu : population, population_density, revenue ou land_value',
  });

const METRIC_COLUMNS = {
  population: { column: 'population', unit: 'habitants' },
  population_density: { column: 'population_density', unit: 'hab./km²' },
  revenue: { column: 'median_income', unit: '€/an par UC' },
  land_value: { column: 'land_value_per_sqm', unit: '€/m²' },
} as const;

const DATA_ENDPOINTS = {
  population: 'population',
  revenue: 'median_income',
  'land-value': 'land_value_per_sqm',
} as const;

const viewportQuery = z.object({
  bounds: bboxSchema,
  dataType: z
    .string()
    .optional()
    .transform((value) => (value === undefined ? undefined : (HEATMAP_METRIC_ALIASES[value.toLowerCase()] ?? value))),
  minTransactions: z.coerce.number().int().min(0).max(MAX_TRANSACTIONS_THRESHOLD).optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(5000),
});

const realEstateQuery = (defaultMinimum: number) =>
  z.object({
    min_transactions: z.coerce.number().int().min(0).max(MAX_TRANSACTIONS_THRESHOLD).default(defaultMinimum),
    minTransactions: z.coerce.number().int().min(0).max(MAX_TRANSACTIONS_THRESHOLD).optional(),
    limit: limitSchema,
  });

const round = (value: number | null, digits = 0) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The IRIS endpoints, read from the map areas computed at import (never aggregated per
 * request). Every query is validated; name variants are accepted on input and answers
 * use one canonical shape.
 */
export const irisRoutes: RouteModule = (app, context) => {
  const { database } = context;
  const tiles = tileServiceFor(context);
  const ready = () => tiles.generation();

  const detailParams = z.object({
    irisCode: irisCodeSchema,
  });
  const getIrisDetailsDocumentation = documented({
    tag: 'visualizations',
    summary: 'Fiche d’un IRIS : commune, population, revenu médian, emploi, valeur foncière, ventes, établissements',
    params: detailParams,
    response: irisDetailSchema,
  });
  app.get('/iris/details/:irisCode', getIrisDetailsDocumentation, async (request) => {
    const { irisCode } = parseInput(detailParams, request.params, 'params');
    await ready();
    const iris = await selectIris(database, irisCode);
    if (!iris) throw notFound(`IRIS ${irisCode} introuvable`);
    return {
      iris_code: iris.code,
      iris_name: iris.name,
      iris_type: iris.kind,
      iris_type_label: irisTypeLabel(iris.kind),
      administrative: {
        commune_code: iris.commune_code,
        commune_name: iris.commune_name,
        departement_code: iris.departement_code,
        region_code: iris.region_code,
      },
      area_km2: iris.area_km2,
      population: round(iris.population, 1),
      population_scope: iris.population_scope,
      population_vintage: iris.population_vintage,
      population_density: round(iris.population_density, 1),
      median_income: round(iris.median_income),
      income_vintage: iris.income_vintage,
      employment_rate: round(iris.employment_rate, 4),
      employment_vintage: iris.employment_vintage,
      land_value_per_sqm: round(iris.land_value_per_sqm),
      land_value_sales: iris.land_value_sales,
      residential_sales: iris.residential_sales,
      residential_price_avg: round(iris.residential_price_avg),
      commercial_sales: iris.commercial_sales,
      commercial_price_avg: round(iris.commercial_price_avg),
      house_share: round(iris.house_share, 4),
      flat_share: round(iris.flat_share, 4),
      business_count: iris.business_count,
      demo_business_count: iris.demo_business_count,
      centroid: [iris.longitude, iris.latitude],
      bbox: [iris.west, iris.south, iris.east, iris.north],
    };
  });

  for (const [path, column] of Object.entries(DATA_ENDPOINTS)) {
    const getIrisDataPathDocumentation = documented({
      tag: 'visualizations',
      summary: `Indicateur ${path} des IRIS d’une emprise`,
      query: dataQuery,
      response: irisMetricRowsSchema,
    });
    app.get(`/iris/data/${path}`, getIrisDataPathDocumentation, async (request) => {
      const query = parseInput(dataQuery, request.query, 'query');
      await ready();
      const data = await selectIrisMetricRows(database, column, query);
      return { data, count: data.length };
    });
  }

  const heatmapQuery = z.object({ metric: metricSchema });
  const getIrisHeatmapMetricsOnlyDocumentation = documented({
    tag: 'visualizations',
    summary: 'Valeur d’un indicateur par code IRIS (IRIS sans valeur omis)',
    query: heatmapQuery,
    response: heatmapMetricsSchema,
  });
  app.get('/iris/heatmap/metrics-only', getIrisHeatmapMetricsOnlyDocumentation, async (request) => {
    const { metric } = parseInput(heatmapQuery, request.query, 'query');
    await ready();
    const { column, unit } = METRIC_COLUMNS[metric];
    const rows = await selectIrisValues(database, column, MAX_ROWS);
    return {
      metric,
      unit,
      metrics: Object.fromEntries(rows.map((row) => [row.code, row.value])),
      count: rows.length,
    };
  });

  const getIrisViewportDocumentation = documented({
    tag: 'visualizations',
    summary: 'IRIS d’une emprise avec leur géométrie et la valeur demandée',
    query: viewportQuery,
    response: viewportSchema,
  });
  app.get('/iris/viewport', getIrisViewportDocumentation, async (request) => {
    const query = parseInput(viewportQuery, request.query, 'query');
    await ready();
    const rows = await selectIrisFeatures(database, {
      bbox: query.bounds,
      limit: query.limit + 1,
      minTransactions: query.dataType === 'land_value' ? (query.minTransactions ?? 3) : query.minTransactions,
    });
    const valueOf = (row: (typeof rows)[number]) =>
      query.dataType === 'population'
        ? row.population
        : query.dataType === 'population_density'
          ? row.population_density
          : query.dataType === 'revenue'
            ? row.median_income
            : query.dataType === 'land_value'
              ? row.land_value_per_sqm
              : null;
    return {
      zones: rows.slice(0, query.limit).map((row) => ({
        iris_code: row.code,
        nom_iris: row.name,
        typ_iris: row.kind,
        nom_com: row.commune_name,
        insee_code: row.commune_code,
        population: row.population,
        population_density: row.population_density,
        median_income: row.median_income,
        land_value_per_sqm: row.land_value_per_sqm,
        transactions: row.residential_sales,
        value: valueOf(row),
        geometry: JSON.parse(row.geometry) as { type: string; coordinates: unknown[] },
      })),
      count: Math.min(rows.length, query.limit),
      truncated: rows.length > query.limit,
      dataType: query.dataType ?? 'basic',
    };
  });

  const getIrisBoundariesGeojsonDocumentation = documented({
    tag: 'visualizations',
    summary: 'Contours des IRIS d’une emprise en FeatureCollection (repli des tuiles)',
    query: dataQuery,
    response: z.object({
      type: z.literal('FeatureCollection'),
      features: z.array(
        z.object({
          type: z.literal('Feature'),
          id: z.string(),
          geometry: z.unknown(),
          properties: z.record(z.string(), z.unknown()),
        }),
      ),
    }),
  });
  app.get('/iris/boundaries-geojson', getIrisBoundariesGeojsonDocumentation, async (request) => {
    const query = parseInput(dataQuery, request.query, 'query');
    await ready();
    const rows = await selectIrisFeatures(database, query);
    return {
      type: 'FeatureCollection',
      features: rows.map((row) => ({
        type: 'Feature',
        id: row.code,
        geometry: JSON.parse(row.geometry) as unknown,
        properties: {
          iris_code: row.code,
          nom_iris: row.name,
          typ_iris: row.kind,
          nom_com: row.commune_name,
          insee_code: row.commune_code,
          population: row.population,
          price_avg: row.price_avg,
          surface: row.area_km2,
          density: row.population_density,
          median_income: row.median_income,
          land_value_per_sqm: row.land_value_per_sqm,
        },
      })),
    };
  });

  for (const [kind, defaultMinimum] of [
    ['residential', 5],
    ['commercial', 3],
  ] as const) {
    const getIrisDataRealEstateKindDocumentation = documented({
      tag: 'visualizations',
      summary: `Ventes ${kind === 'residential' ? 'résidentielles' : 'commerciales'} par IRIS (seuil de ventes)`,
      query: realEstateQuery(defaultMinimum),
      response: realEstateRowsSchema,
    });
    app.get(`/iris/data/real-estate/${kind}`, getIrisDataRealEstateKindDocumentation, async (request) => {
      const query = parseInput(realEstateQuery(defaultMinimum), request.query, 'query');
      const minimum = query.minTransactions ?? query.min_transactions;
      await ready();
      const data = await selectIrisRealEstate(database, kind, minimum, query.limit);
      return { data, min_transactions: minimum, count: data.length };
    });
  }

  const getIrisInfoDocumentation = documented({
    tag: 'visualizations',
    summary: 'Couverture des indicateurs IRIS, millésimes, emprise et adresses des tuiles',
    response: irisInfoSchema,
  });
  app.get('/iris/info', getIrisInfoDocumentation, async (request) => {
    await ready();
    const summary = await selectIrisSummary(database);
    const datasets = await listDatasets(database);
    const origin = `${request.protocol}://${request.host}`;
    return {
      iris_count: summary.iris_count,
      with_population: summary.with_population,
      with_income: summary.with_income,
      with_employment: summary.with_employment,
      with_land_value: summary.with_land_value,
      with_businesses: summary.with_businesses,
      vintages: {
        population: summary.population_vintage,
        income: summary.income_vintage,
        employment: summary.employment_vintage,
        housing: summary.housing_vintage,
      },
      population_scope: summary.population_scope,
      bounds:
        summary.west === null || summary.south === null || summary.east === null || summary.north === null
          ? null
          : [summary.west, summary.south, summary.east, summary.north],
      datasets: datasets.map((dataset) => ({
        source: dataset.source,
        label: dataset.label,
        vintage: dataset.vintage,
        demo: dataset.demo,
      })),
      tiles: {
        static: `${origin}/api/iris/static-tiles/{z}/{x}/{y}.mvt`,
        dynamic: `${origin}/api/iris/tiles/{z}/{x}/{y}.mvt`,
        layer: 'iris_geometry',
        promote_id: 'iris_code',
        minzoom: 5,
        maxzoom: 14,
      },
    };
  });
};
