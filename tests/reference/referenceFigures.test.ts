import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateDemographics } from '../../kernel/demographics/aggregateDemographics';
import type { DemographicsAnswer } from '../../kernel/demographics/demographicsRecord';
import type { ZoneStatistics } from '../../kernel/real-estate/realEstateSchemas';
import type { BoundaryFeature } from '../../kernel/territory/territorySchemas';
import type { Database } from '../../server/db/Database';
import { buildTestApp } from '../support/testApp';
import { proSessionCookie } from '../support/proSession';
import { openDemoDatabase, testDatabaseKinds } from '../support/testDatabase';
import { REFERENCE_FIGURES, type ReferenceFigure } from './referenceFigures';

/** Each published figure of docs/reference-figures.md against ours, within its stated tolerance. */
describe.each(testDatabaseKinds())('reference figures on %s', (kind) => {
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

  const json = async <T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> => {
    const response = await app.inject({ method, url, headers: { cookie: proCookie }, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  async function ours(reference: ReferenceFigure): Promise<number | null> {
    const { level, code } = reference.zone;
    switch (reference.ours) {
      case 'apartment-median-without-dependencies':
      case 'apartment-median-with-dependencies': {
        const statistics = await json<ZoneStatistics>('POST', '/api/v1/real-estate/zone-statistics', {
          zone: { kind: 'territory', level, code },
          filters: { date_from: reference.period?.from, date_to: reference.period?.to },
          include_sample_transactions: false,
          include_temporal: false,
          include_market_snapshot: false,
        });
        const figures = statistics.apartment_price_per_m2;
        return reference.ours === 'apartment-median-without-dependencies'
          ? figures.without_dependencies.median
          : figures.with_dependencies.median;
      }
      case 'legal-population': {
        const boundary = await json<BoundaryFeature>('GET', `/api/admin-zones/${level}/${code}/geometry`);
        return typeof boundary.properties.population === 'number' ? boundary.properties.population : null;
      }
      case 'census-population':
      case 'commune-median-income': {
        const boundary = await json<BoundaryFeature>('GET', `/api/admin-zones/${level}/${code}/geometry`);
        const answer = await json<DemographicsAnswer>('POST', '/api/v1/userzone-demographics/analyze', {
          geometry: boundary.geometry,
          administrative: { level, code },
        });
        const aggregated = aggregateDemographics(answer);
        return reference.ours === 'census-population' ? aggregated.population.total : aggregated.revenue.median;
      }
    }
  }

  it.each(REFERENCE_FIGURES.map((reference) => [reference.id, reference] as const))(
    '%s: ours within the stated tolerance of the published figure',
    async (_id, reference) => {
      const value = await ours(reference);
      expect(value, reference.label).not.toBeNull();
      const gap = ((value ?? 0) - reference.published) / reference.published;
      console.log(`[référence] ${reference.id}: publié ${reference.published}, Zonalyse ${value}, écart ${(gap * 100).toFixed(2)} %`);
      expect(Math.abs(gap), `${reference.label} — ${reference.gap}`).toBeLessThanOrEqual(reference.tolerance + 0.0005);
    },
  );
});
