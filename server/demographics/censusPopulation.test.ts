import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { area, bboxPolygon, featureCollection, intersect } from '@turf/turf';
import type { FastifyInstance } from 'fastify';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateDemographics } from '../../kernel/demographics/aggregateDemographics';
import type { DemographicsAnswer } from '../../kernel/demographics/demographicsRecord';
import { readRawCsv } from '../../tests/support/rawCsv';
import { buildTestApp } from '../../tests/support/testApp';
import { proSessionCookie } from '../../tests/support/proSession';
import { openDataDirectory, openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';

const BANDS = ['P16_POP0014', 'P16_POP1529', 'P16_POP3044', 'P16_POP4559', 'P16_POP6074', 'P16_POP75P'];
/** Centres of the six bands, the open 75+ band taken as 75-89. */
const MIDPOINTS = [7.5, 22.5, 37.5, 52.5, 67.5, 82.5];

type RawRow = Record<string, string>;

/** A rectangle around République that cuts IRIS of the 3e, 10e and 11e arrondissements. */
const CUTTING_BOX: [number, number, number, number] = [2.3585, 48.8615, 2.3745, 48.8705];

const number = (text: string | undefined) => Number(text ?? 'NaN');
const populationOf = (row: RawRow) => BANDS.reduce((sum, band) => sum + number(row[band]), 0);
const sum = (rows: RawRow[], value: (row: RawRow) => number, weight: (row: RawRow) => number = () => 1) =>
  rows.reduce((total, row) => total + value(row) * weight(row), 0);

describe.each(testDatabaseKinds())('census population, households and housing (RP 2016) on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  const opendata = openDataDirectory();
  const raw = (name: string) => readRawCsv(join(opendata, 'insee_iris', name), ',').rows;
  const rawPopulation = raw('rp2016-iris-H-population-age-csp-paris.csv');
  const rawHouseholds = raw('rp2016-iris-H-menages-pmen-paris.csv');
  const rawHousing = raw('rp2016-iris-H-logement-subset-paris.csv');
  const rawIris = JSON.parse(readFileSync(join(opendata, 'iris/iris-75-paris.geojson'), 'utf8')) as FeatureCollection<
    Polygon | MultiPolygon
  >;

  // Every figure is checked, so the requests come from a Pro user (locked figures are not sent otherwise).
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

  it('gives the 11e arrondissement INSEE’s population, 147,017, each age band the sum of its IRIS', async () => {
    const answer = await analyze({
      geometry: bboxPolygon([2.36, 48.85, 2.39, 48.87]).geometry,
      administrative: { level: 'commune', code: '75111' },
    });
    const rows = rawPopulation.filter((row) => row.IRIS?.startsWith('75111'));
    expect(rows.length).toBeGreaterThan(50);
    const aggregated = aggregateDemographics(answer);
    const { population } = aggregated;
    expect(Math.abs((population.total ?? 0) - 147_017)).toBeLessThanOrEqual(1);
    expect(population.total).toBeCloseTo(sum(rows, populationOf), 6);
    expect(population.age_bands.map((band) => band.label)).toEqual([
      '0-14 ans',
      '15-29 ans',
      '30-44 ans',
      '45-59 ans',
      '60-74 ans',
      '75 ans ou plus',
    ]);
    BANDS.forEach((band, index) => {
      expect(population.age_bands[index]?.value).toBeCloseTo(
        sum(rows, (row) => number(row[band])),
        6,
      );
    });
    expect(population.vintage_label).toBe('RP 2016');
    // What other analyses (competition index) read, without aggregating the IRIS themselves.
    expect(answer.metadata.population.vintage).toBe(2016);
    expect(answer.metadata.population.total).toBeCloseTo(population.total ?? 0, 6);
    expect(answer.metadata.population.iris_without_population).toBe(0);

    const total = sum(rows, populationOf);
    const average =
      BANDS.reduce((value, band, index) => value + (MIDPOINTS[index] ?? 0) * sum(rows, (row) => number(row[band])), 0) /
      total;
    expect(population.average_age).toBeCloseTo(average, 6);
    const cumulative = BANDS.map((_, index) =>
      BANDS.slice(0, index + 1).reduce((value, band) => value + sum(rows, (row) => number(row[band])), 0),
    );
    expect(population.median_age).toBe(MIDPOINTS[cumulative.findIndex((value) => value >= total / 2)]);
    expect(population.density_per_km2).toBeCloseTo(total / answer.metadata.total_area_km2, 6);
    const executives = sum(rows, (row) => number(row.C16_POP15P_CS3));
    expect(population.socio_professional_15p[2]?.value).toBeCloseTo(executives, 6);

    // Households: persons by type of household, shares of persons.
    const households = rawHouseholds.filter((row) => row.IRIS?.startsWith('75111'));
    const personColumns = ['MENHSEUL', 'MENFSEUL', 'MENCOUPSENF', 'MENCOUPAENF', 'MENFAMMONO', 'MENSFAM'];
    const persons = sum(households, (row) =>
      personColumns.reduce((value, column) => value + number(row[`C16_PMEN_${column}`]), 0),
    );
    const alone = sum(households, (row) => number(row.C16_PMEN_MENHSEUL) + number(row.C16_PMEN_MENFSEUL));
    expect(aggregated.households.persons).toBeCloseTo(persons, 6);
    expect(aggregated.households.persons_by_type[0]?.share).toBeCloseTo(alone / persons, 9);
    expect(aggregated.households.vintage_label).toBe('RP 2016');

    // Main residences of the 11e (INSEE): 81,902 flats, 462 houses, 10,231 HLM renters.
    expect(Math.round(aggregated.housing.main_residence_flats ?? 0)).toBe(81_902);
    expect(Math.round(aggregated.housing.main_residence_houses ?? 0)).toBe(462);
    expect(Math.round(aggregated.housing.social_tenants ?? 0)).toBe(10_231);
    const housing = rawHousing.filter((row) => row.IRIS?.startsWith('75111'));
    const flats = sum(housing, (row) => number(row.P16_RPAPPART));
    const houses = sum(housing, (row) => number(row.P16_RPMAISON));
    expect(aggregated.housing.flat_share).toBeCloseTo(flats / (flats + houses), 9);

    // Activity: every IRIS of the 11e is in INSEE's 2017 Paris file, so RP 2017 is used there.
    expect(aggregated.employment.vintage_label).toBe('RP 2017');
    expect(aggregated.employment.commuting_vintage_label).toBe('RP 2017');
  });

  it('sums a polygon cutting IRIS as the coverage-weighted sum of the raw IRIS, A/D IRIS counted as gaps', async () => {
    const box = bboxPolygon(CUTTING_BOX);
    const coverage = new Map<string, number>();
    const types = new Map<string, string>();
    for (const feature of rawIris.features) {
      const part = intersect(featureCollection([feature as Feature<Polygon | MultiPolygon>, box]));
      if (!part) continue;
      const ratio = area(part) / area(feature);
      const code = String(feature.properties?.CODE_IRIS);
      if (ratio >= 0.05) coverage.set(code, ratio);
      types.set(code, String(feature.properties?.TYP_IRIS));
    }
    const answer = await analyze({ geometry: box.geometry });
    expect(answer.iris_zones.some((zone) => zone.coverage_ratio < 0.9)).toBe(true);
    const weight = (row: RawRow) => coverage.get(row.IRIS ?? '') ?? 0;
    const expected = sum(rawPopulation, populationOf, weight);
    const aggregated = aggregateDemographics(answer);
    expect(expected).toBeGreaterThan(10_000);
    expect(Math.abs((aggregated.population.total ?? 0) - expected) / expected).toBeLessThan(0.005);
    BANDS.forEach((band, index) => {
      const bandExpected = sum(rawPopulation, (row) => number(row[band]), weight);
      expect(Math.abs((aggregated.population.age_bands[index]?.value ?? 0) - bandExpected) / bandExpected).toBeLessThan(
        0.005,
      );
    });
    const withoutCensus = [...coverage.keys()].filter((code) => types.get(code) !== 'H');
    expect(aggregated.analysis_metadata.iris_without_population.count).toBe(withoutCensus.length);
  });

  it('shows in the IRIS detail the raw file’s population of a habitat IRIS (RP 2016, whole population)', async () => {
    const row = rawPopulation.find((entry) => entry.IRIS === '751114101') ?? rawPopulation[0];
    const response = await app.inject({ method: 'GET', url: `/api/iris/details/${row?.IRIS ?? ''}` });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<{ population: number; population_scope: string; population_vintage: number }>();
    // Map areas keep one decimal.
    expect(detail.population).toBeCloseTo(populationOf(row ?? {}), 1);
    expect(detail).toMatchObject({ population_scope: 'total', population_vintage: 2016 });
  });
});
