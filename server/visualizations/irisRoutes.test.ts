import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  heatmapMetricsSchema,
  irisDetailSchema,
  irisInfoSchema,
  irisMetricRowsSchema,
  realEstateRowsSchema,
  viewportSchema,
} from '../../kernel/visualizations/irisSchemas';
import { decodeVectorTile } from '../../tests/support/decodeVectorTile';
import { FIXTURE_IRIS, loadIndicatorFixture } from '../../tests/support/indicatorFixture';
import { buildTestApp } from '../../tests/support/testApp';
import { openEmptyDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';
import { tileAt } from '../tiles/TileAddress';

describe.each(testDatabaseKinds())('IRIS endpoints and indicator tiles on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
    await loadIndicatorFixture(database);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const get = async (url: string) => {
    const response = await app.inject(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<unknown>();
  };

  it('gives the details of an IRIS in one canonical shape', async () => {
    const detail = irisDetailSchema.parse(await get(`/api/iris/details/${FIXTURE_IRIS.A}`));
    expect(detail).toMatchObject({
      iris_code: FIXTURE_IRIS.A,
      iris_name: 'Les Halles A',
      iris_type: 'H',
      iris_type_label: 'Zone d’habitat',
      administrative: { commune_code: '75101', commune_name: 'Paris 1er Arrondissement', departement_code: '75' },
      population: 2000,
      population_scope: '2+',
      median_income: 32000,
      employment_rate: 0.7,
      land_value_per_sqm: 11000,
      land_value_sales: 2,
      business_count: 3,
      demo_business_count: 1,
    });
    expect(detail.area_km2).toBeGreaterThan(0.5);
    expect(detail.bbox[0]).toBeCloseTo(2.33, 6);
    const empty = irisDetailSchema.parse(await get(`/api/iris/details/${FIXTURE_IRIS.D}`));
    expect(empty.population).toBeNull();
    expect(empty.median_income).toBeNull();
    expect((await app.inject('/api/iris/details/751019999')).statusCode).toBe(404);
    const bad = await app.inject('/api/iris/details/75-oops');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toContain('« irisCode »');
  });

  it('lists metric rows per endpoint, with bbox, code and type filters under any spelling', async () => {
    const population = irisMetricRowsSchema.parse(await get('/api/iris/data/population?limit=10000'));
    expect(population.data.map((row) => row.iris_code)).toEqual([FIXTURE_IRIS.A, FIXTURE_IRIS.B, FIXTURE_IRIS.C]);
    expect(population.data[0]).toEqual({
      iris_code: FIXTURE_IRIS.A,
      population: 2000,
      median_revenue: 32000,
      land_value_per_sqm: 11000,
    });
    const revenue = irisMetricRowsSchema.parse(await get('/api/iris/data/revenue?bbox=2.339,48.85,2.345,48.87'));
    expect(revenue.data.map((row) => row.iris_code)).toEqual([FIXTURE_IRIS.A, FIXTURE_IRIS.B]);
    const landValue = irisMetricRowsSchema.parse(await get(`/api/iris/data/land-value?code_iris=${FIXTURE_IRIS.C}`));
    expect(landValue.data).toEqual([
      { iris_code: FIXTURE_IRIS.C, population: 12.5, median_revenue: null, land_value_per_sqm: 9000 },
    ]);
    const activity = irisMetricRowsSchema.parse(await get('/api/iris/data/population?typ_iris=A'));
    expect(activity.data.map((row) => row.iris_code)).toEqual([FIXTURE_IRIS.B]);
    for (const bad of ['/api/iris/data/population?bbox=1,2,3', '/api/iris/data/population?limit=20000']) {
      expect((await app.inject(bad)).statusCode).toBe(400);
    }
  });

  it('answers heat-map metrics by IRIS code, aliases accepted, missing values left out', async () => {
    const revenue = heatmapMetricsSchema.parse(await get('/api/iris/heatmap/metrics-only?metric=median_revenue'));
    expect(revenue).toEqual({
      metric: 'revenue',
      unit: '€/an par UC',
      metrics: { [FIXTURE_IRIS.A]: 32000, [FIXTURE_IRIS.B]: 20000 },
      count: 2,
    });
    const land = heatmapMetricsSchema.parse(await get('/api/iris/heatmap/metrics-only?metric=land_value'));
    expect(Object.keys(land.metrics).sort()).toEqual([FIXTURE_IRIS.A, FIXTURE_IRIS.C]);
    expect((await app.inject('/api/iris/heatmap/metrics-only?metric=happiness')).statusCode).toBe(400);
  });

  it('draws the IRIS of a viewport with geometry, filtered by transactions for land value', async () => {
    const all = viewportSchema.parse(await get('/api/iris/viewport?bounds=2.3,48.8,2.4,48.9&dataType=population'));
    expect(all.zones.map((zone) => zone.iris_code)).toEqual([
      FIXTURE_IRIS.A,
      FIXTURE_IRIS.B,
      FIXTURE_IRIS.C,
      FIXTURE_IRIS.D,
    ]);
    expect(all.zones[0]?.value).toBe(2000);
    expect(all.zones[0]?.geometry.type).toBe('MultiPolygon');
    const land = viewportSchema.parse(
      await get('/api/iris/viewport?bounds=2.3,48.8,2.4,48.9&dataType=land_value&minTransactions=2'),
    );
    expect(land.zones.map((zone) => zone.iris_code)).toEqual([FIXTURE_IRIS.A]);
    const geojson = (await get('/api/iris/boundaries-geojson')) as {
      type: string;
      features: { properties: Record<string, unknown> }[];
    };
    expect(geojson.type).toBe('FeatureCollection');
    expect(geojson.features).toHaveLength(5);
    expect(geojson.features[0]?.properties).toMatchObject({
      iris_code: FIXTURE_IRIS.A,
      population: 2000,
      price_avg: 660000,
    });
  });

  it('lists IRIS real-estate figures above a transaction threshold (defaults 5 and 3)', async () => {
    const residential = realEstateRowsSchema.parse(await get('/api/iris/data/real-estate/residential'));
    expect(residential).toMatchObject({ min_transactions: 5, count: 0 });
    const relaxed = realEstateRowsSchema.parse(await get('/api/iris/data/real-estate/residential?min_transactions=1'));
    expect(relaxed.data).toEqual([
      { iris_code: FIXTURE_IRIS.A, nom_iris: 'Les Halles A', transactions: 3, price_avg: 660000, price_per_sqm: 11000 },
      {
        iris_code: FIXTURE_IRIS.C,
        nom_iris: 'Palais-Royal C',
        transactions: 1,
        price_avg: 900000,
        price_per_sqm: 9000,
      },
    ]);
    const commercial = realEstateRowsSchema.parse(await get('/api/iris/data/real-estate/commercial?minTransactions=1'));
    expect(commercial.data.map((row) => [row.iris_code, row.price_per_sqm])).toEqual([[FIXTURE_IRIS.B, 9000]]);
  });

  it('describes the IRIS data and its tiles', async () => {
    const info = irisInfoSchema.parse(await get('/api/iris/info'));
    expect(info).toMatchObject({
      iris_count: 5,
      with_population: 3,
      with_income: 2,
      with_employment: 2,
      with_land_value: 2,
      with_businesses: 4,
      vintages: { population: 2017, income: 2017, employment: 2017, housing: null },
    });
    expect(info.tiles.static).toMatch(/\/api\/iris\/static-tiles\/\{z\}\/\{x\}\/\{y\}\.mvt$/);
  });

  it('bakes the indicators into the IRIS and commune tiles, leaving unknown values out', async () => {
    const tile = tileAt(2.338, 48.86, 14);
    for (const path of ['/api/iris/static-tiles', '/api/iris/tiles', '/api/tiles/iris']) {
      const response = await app.inject(`${path}/${tile.z}/${tile.x}/${tile.y}.mvt`);
      expect(response.statusCode).toBe(200);
      const layers = decodeVectorTile(response.rawPayload);
      const features = layers.iris_geometry?.features ?? [];
      const irisA = features.find((feature) => feature.properties.iris_code === FIXTURE_IRIS.A);
      expect(irisA?.properties).toMatchObject({
        iris_code: FIXTURE_IRIS.A,
        nom_iris: 'Les Halles A',
        typ_iris: 'H',
        insee_code: '75101',
        population: 2000,
        median_income: 32000,
        employment_rate: 0.7,
        land_value_per_sqm: 11000,
        business_count: 3,
        businesses_demo: true,
      });
      const irisC = features.find((feature) => feature.properties.iris_code === FIXTURE_IRIS.C);
      expect(irisC?.properties.median_income).toBeUndefined();
      expect(irisC?.properties.land_value_per_sqm).toBe(9000);
      expect(layers.iris_label?.features.length).toBeGreaterThan(0);
    }
    const communes = decodeVectorTile(
      (await app.inject(`/api/tiles/communes/${tile.z}/${tile.x}/${tile.y}.mvt`)).rawPayload,
    );
    const codes = (communes.commune_geometry?.features ?? []).map((feature) => feature.properties.code);
    expect(codes).toContain('75101');
    expect(codes).not.toContain('75056');
    const regions = decodeVectorTile(
      (await app.inject(`/api/tiles/regions/${tile.z}/${tile.x}/${tile.y}.mvt`)).rawPayload,
    );
    expect(regions.region_geometry?.features[0]?.properties).toMatchObject({ code: '11', population: 2220000 });
    expect((await app.inject(`/api/iris/static-tiles/4/8/5.mvt`)).statusCode).toBe(400);
  });
});
