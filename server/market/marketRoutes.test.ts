import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateDemographics } from '../../kernel/demographics/aggregateDemographics';
import type { DemographicsAnswer } from '../../kernel/demographics/demographicsRecord';
import type { Analysis, Competition, Potential } from '../../kernel/market/marketSchemas';
import { proSessionCookie } from '../../tests/support/proSession';
import { buildTestApp } from '../../tests/support/testApp';
import { openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';
import { selectIrisPoints } from './marketRepository';

/** Place Léon-Blum, 11e arrondissement. */
const SITE: [number, number] = [2.3797, 48.8574];
/** Lyon, Place Bellecour: outside the demo territory. */
const LYON: [number, number] = [4.832, 45.7578];

describe.each(testDatabaseKinds())('market endpoints on %s', (kind) => {
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

  const post = async (url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, headers: { cookie: proCookie } });
  const ok = async <T>(url: string, payload: object): Promise<T> => {
    const response = await post(url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  it('gives the 11e arrondissement the residents, households and median income of the demographics panel', async () => {
    const zone = { kind: 'territory', level: 'commune', code: '75111' };
    const [potential, demographics] = await Promise.all([
      ok<Potential>('/api/market/potential', { zone }),
      ok<DemographicsAnswer>('/api/v1/userzone-demographics/analyze', { zone }),
    ]);
    const figures = aggregateDemographics(demographics);
    const [band] = potential.bands;
    expect(band?.residents).toBeCloseTo(figures.population.total ?? -1, 6);
    // Households: the census count when published, else the main residences (one household each): the
    // demo's RP 2016 extract publishes only the houses and flats used as main residences.
    const mainResidences = (figures.housing.main_residence_houses ?? 0) + (figures.housing.main_residence_flats ?? 0);
    expect(band?.households).toBeCloseTo(
      figures.households.households ?? figures.housing.main_residences ?? mainResidences,
      6,
    );
    expect(band?.households).toBeGreaterThan(50_000);
    expect(band?.median_income).toBeCloseTo(figures.revenue.median ?? -1, 6);
    // INSEE counts about 147,000 residents in the 11e (RP 2016).
    expect(band?.residents).toBeGreaterThan(140_000);
    expect(band?.residents).toBeLessThan(155_000);
    expect(band?.income_estimate).toBeCloseTo((band?.median_income ?? 0) * (band?.residents ?? 0), 0);
    expect(potential.sources.length).toBeGreaterThan(0);
  });

  it('starts the residents’ trips of each IRIS at one of its addresses, near their barycentre', async () => {
    const points = await selectIrisPoints(database, ['75']);
    expect(points).toHaveLength(992);
    const withAddresses = points.filter((point) => point.addresses > 0);
    expect(withAddresses.length).toBeGreaterThan(950);
    // Each point is an address of its IRIS: inside it, but for an address the import attached across a
    // border (one in the demo territory).
    const { rows } = await database.query<{ inside: number }>(
      `SELECT count(*)::int AS inside FROM iris i
       JOIN unnest($1::text[], $2::float8[], $3::float8[]) AS p(code, longitude, latitude) ON p.code = i.code
       WHERE ST_Covers(i.geometry, ST_SetSRID(ST_MakePoint(p.longitude, p.latitude), 4326))`,
      [
        withAddresses.map((point) => point.iris_code),
        withAddresses.map((point) => point.longitude),
        withAddresses.map((point) => point.latitude),
      ],
    );
    expect(rows[0]?.inside).toBeGreaterThanOrEqual(withAddresses.length * 0.99);
  });

  it('counts more residents within 15 minutes’ walk than within 10 and 5', async () => {
    const potential = await ok<Potential>('/api/market/potential', { coordinates: SITE, mode: 'walking' });
    expect(potential.bands.map((band) => band.minutes)).toEqual([5, 10, 15]);
    const residents = potential.bands.map((band) => band.residents ?? 0);
    expect(residents[0]).toBeGreaterThan(1_000);
    expect(residents[1]).toBeGreaterThan(residents[0] as number);
    expect(residents[2]).toBeGreaterThan(residents[1] as number);
    // Each band (its IRIS read together with the others') is what the demographics panel finds in its outline.
    for (const band of potential.bands) {
      const demographics = await ok<DemographicsAnswer>('/api/v1/userzone-demographics/analyze', {
        geometry: band.geometry,
      });
      const figures = aggregateDemographics(demographics);
      expect(band.residents).toBeCloseTo(figures.population.total ?? -1, 6);
      expect(band.median_income).toBeCloseTo(figures.revenue.median ?? -1, 6);
      expect(band.iris_count).toBe(figures.analysis_metadata.iris_zones_count);
    }
  });

  it('lists the bakeries within 10 minutes’ walk, nearest first, with their densities', async () => {
    const competition = await ok<Competition>('/api/market/competition', {
      coordinates: SITE,
      categories: ['bakeries', 'pharmacies'],
      mode: 'walking',
      minutes: 10,
    });
    expect(competition.departement_code).toBe('75');
    const times = competition.competitors.map((competitor) => competitor.travel_seconds ?? Infinity);
    expect(times.length).toBeGreaterThan(5);
    expect(times.every((time) => time <= 600)).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(competition.nearest?.id).toBe(competition.competitors[0]?.id);
    const bakeries = competition.families.find((family) => family.category === 'bakeries');
    expect(bakeries?.count).toBe(
      competition.competitors.filter((competitor) => competitor.category === 'bakeries').length,
    );
    expect(bakeries?.density_per_1000).toBeCloseTo(((bakeries?.count ?? 0) / (competition.residents ?? 1)) * 1_000, 9);
    expect(bakeries?.departement_count).toBeGreaterThan(bakeries?.count ?? 0);
    expect(bakeries?.departement_density_per_1000).toBeGreaterThan(0);
  });

  it('keeps a radius search within its straight-line radius', async () => {
    const competition = await ok<Competition>('/api/market/competition', {
      coordinates: SITE,
      categories: ['pharmacies'],
    });
    expect(competition.reach).toEqual({ kind: 'radius', radius_km: 2, minutes: null });
    expect(competition.competitors.every((competitor) => competitor.straight_metres <= 2_000)).toBe(true);
  });

  it('shares the residents of the study area between the site and the bakeries (Huff)', async () => {
    const analysis = await ok<Analysis>('/api/market/analysis', {
      coordinates: SITE,
      sector: 'bakeries',
      mode: 'walking',
      minutes: 10,
    });
    expect(analysis.area.iris_count).toBeGreaterThan(3);
    expect(analysis.iris_features.features).toHaveLength(analysis.area.iris_count);
    const population = analysis.iris.reduce((sum, iris) => sum + iris.population, 0);
    expect(analysis.area.population).toBeCloseTo(population, 6);
    expect(analysis.captured.residents).toBeGreaterThan(0);
    expect(analysis.captured.residents).toBeLessThanOrEqual(population);
    // Each IRIS's probabilities add up to 1: the site and the competitors share every resident.
    const competitorsAfter = analysis.competitors.reduce((sum, competitor) => sum + competitor.residents_after, 0);
    expect(analysis.captured.residents + competitorsAfter).toBeCloseTo(population, 3);
    expect(analysis.iris.every((iris) => iris.share > 0 && iris.share <= 1 && iris.seconds_to_site <= 600)).toBe(true);
    expect(analysis.sensitivity.map((entry) => entry.lambda)).toEqual([1.5, 2, 2.5]);
    expect(analysis.sensitivity.find((entry) => entry.lambda === 2)?.residents).toBeCloseTo(
      analysis.captured.residents,
      9,
    );
  });

  it('counts what the site takes from outlets marked as the user’s own as cannibalisation', async () => {
    const first = await ok<Analysis>('/api/market/analysis', { coordinates: SITE, sector: 'bakeries', minutes: 10 });
    const own = first.competitors.slice(0, 2).map((competitor) => competitor.id);
    const second = await ok<Analysis>('/api/market/analysis', {
      coordinates: SITE,
      sector: 'bakeries',
      minutes: 10,
      own_outlets: own,
    });
    const taken = second.competitors
      .filter((competitor) => own.includes(competitor.id))
      .reduce((sum, competitor) => sum + competitor.residents_taken, 0);
    expect(second.cannibalised_residents).toBeGreaterThan(0);
    expect(second.cannibalised_residents).toBeCloseTo(taken, 6);
  });

  it.each([
    ['/api/market/potential', { coordinates: LYON }, 'coordinates'],
    ['/api/market/competition', { coordinates: LYON }, 'coordinates'],
    ['/api/market/analysis', { coordinates: LYON }, 'coordinates'],
    ['/api/market/competition', { coordinates: SITE, categories: ['licornes'] }, 'categories'],
    ['/api/market/analysis', { coordinates: SITE, sector: 'licornes' }, 'sector'],
    ['/api/market/analysis', { coordinates: SITE, lambda: 0 }, 'lambda'],
    ['/api/market/analysis', { coordinates: SITE, lambda: -1 }, 'lambda'],
    ['/api/market/competition', { coordinates: SITE, radius: 50 }, 'radius'],
    ['/api/market/competition', { coordinates: SITE, minutes: 90 }, 'minutes'],
    ['/api/market/potential', { coordinates: SITE, minutes: [120] }, 'minutes'],
    ['/api/market/analysis', { coordinates: SITE, minutes: 45 }, 'minutes'],
    ['/api/market/analysis', { coordinates: SITE, mode: 'driving' }, 'mode'],
  ])('%s answers 400 in French naming the field for %j', async (url, payload, field) => {
    const response = await post(url, payload);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ detail: string; code: string }>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.detail).toContain(`« ${field}`);
  });
});
