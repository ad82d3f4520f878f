import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateDemographics } from '../../kernel/demographics/aggregateDemographics';
import type { DemographicsAnswer } from '../../kernel/demographics/demographicsRecord';
import type { BoundaryFeature } from '../../kernel/territory/territorySchemas';
import { readRawCsv } from '../../tests/support/rawCsv';
import { buildTestApp } from '../../tests/support/testApp';
import { proSessionCookie } from '../../tests/support/proSession';
import { openDataDirectory, openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';

describe.each(testDatabaseKinds())('commune outlines and commune income on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let proCookie = '';
  beforeAll(async () => {
    database = await openDemoDatabase(kind);
    app = await buildTestApp(database);
    proCookie = await proSessionCookie(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const analyze = async (body: object) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/userzone-demographics/analyze',
      headers: { cookie: proCookie },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DemographicsAnswer>();
  };
  const boundary = async (level: string, code: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/admin-zones/${level}/${code}/geometry` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BoundaryFeature>();
  };

  it('outlines the 11e with the union of its IRIS: by geometry it counts the population 15–64 of by code', async () => {
    const outline = await boundary('commune', '75111');
    expect(outline.properties).toMatchObject({ outline_source: 'iris', outline_vintage: '2016' });
    // Officially about 3.67 km²; the Admin Express outline it replaces had 3.30.
    expect(outline.properties.area_km2).toBeGreaterThan(3.6);
    expect(outline.properties.area_km2).toBeLessThan(3.7);
    const byCode = aggregateDemographics(
      await analyze({ geometry: outline.geometry, administrative: { level: 'commune', code: '75111' } }),
    );
    const byGeometryAnswer = await analyze({ geometry: outline.geometry });
    expect(byGeometryAnswer.metadata.selection).toBe('geometry');
    const byGeometry = aggregateDemographics(byGeometryAnswer);
    const expected = byCode.population.population_15_64 ?? 0;
    expect(expected).toBeGreaterThan(100_000);
    expect(Math.abs((byGeometry.population.population_15_64 ?? 0) - expected) / expected).toBeLessThan(0.005);
  });

  it('outlines Paris (commune and département) with the union of its IRIS too', async () => {
    const [paris, departement] = await Promise.all([boundary('commune', '75056'), boundary('department', '75')]);
    expect(paris.properties).toMatchObject({ outline_source: 'iris', population_vintage: 2023 });
    expect(departement.properties).toMatchObject({ outline_source: 'iris', outline_vintage: '2016' });
    expect(paris.properties.area_km2).toBeCloseTo(departement.properties.area_km2 as number, 3);
  });

  it('gives an arrondissement the median of the commune Filosofi file, and a drawn zone a labelled estimate', async () => {
    const raw = readRawCsv(join(openDataDirectory(), 'filosofi/filosofi_com_2016_france.csv.gz'), ';').rows;
    const published = raw.find((row) => row.CODGEO === '75107');
    expect(published).toBeDefined();
    const outline = await boundary('commune', '75107');
    const byCode = aggregateDemographics(
      await analyze({ geometry: outline.geometry, administrative: { level: 'commune', code: '75107' } }),
    );
    expect(byCode.revenue.method).toBe('commune');
    expect(byCode.revenue.median).toBeCloseTo(Number(published?.MED16), 6);
    expect(byCode.revenue.poverty_rate).toBeCloseTo(Number(published?.TP6016), 6);
    expect(byCode.revenue.vintage_label).toBe('Filosofi 2016 (commune)');

    const paris = raw.find((row) => row.CODGEO === '75056');
    const departement = aggregateDemographics(
      await analyze({ geometry: outline.geometry, administrative: { level: 'department', code: '75' } }),
    );
    expect(departement.revenue.method).toBe('commune');
    expect(departement.revenue.median).toBeCloseTo(Number(paris?.MED16), 6);

    const drawn = aggregateDemographics(await analyze({ geometry: outline.geometry }));
    expect(drawn.revenue.method).toBe('iris-estimate');
    expect(drawn.revenue.method_label).toMatch(/^Estimation : moyenne des médianes des IRIS/);
  });
});
