import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { area, bboxPolygon, featureCollection, intersect } from '@turf/turf';
import type { FastifyInstance } from 'fastify';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateDemographics } from '../../kernel/demographics/aggregateDemographics';
import { demographicsFromArrow } from '../../kernel/demographics/demographicsArrow';
import { ARROW_STREAM_TYPE, type DemographicsAnswer } from '../../kernel/demographics/demographicsRecord';
import { readRawCsv } from '../../tests/support/rawCsv';
import { buildTestApp } from '../../tests/support/testApp';
import { proSessionCookie } from '../../tests/support/proSession';
import { openDataDirectory, openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';

/** A rectangle around République that cuts IRIS of the 3e, 10e and 11e arrondissements. */
export const CUTTING_BOX: [number, number, number, number] = [2.3585, 48.8615, 2.3745, 48.8705];

/** Σ over IRIS of value × coverage, from a raw INSEE file. */
function weightedSum(rows: Record<string, string>[], column: string, coverage: Map<string, number>): number {
  return rows.reduce((sum, row) => sum + Number(row[column] || 0) * (coverage.get(row.IRIS ?? '') ?? 0), 0);
}

describe.each(testDatabaseKinds())('demographics analyze endpoints on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  const opendata = openDataDirectory();
  // RP 2016 activité-résidents covers every IRIS of Île-de-France; INSEE's 2017 Paris file 871 of them.
  const raw2016 = readRawCsv(join(opendata, 'insee_iris/base-ic-activite-residents-2016-idf.csv.gz'), ';').rows;
  const raw2017 = readRawCsv(join(opendata, 'insee_iris/data_iris_paris_2017.csv'), ';').rows;
  const rawIris = JSON.parse(readFileSync(join(opendata, 'iris/iris-75-paris.geojson'), 'utf8')) as FeatureCollection<
    Polygon | MultiPolygon
  >;
  let eleventh: unknown;

  // Every figure is checked, so the requests come from a Pro user (locked figures are not sent otherwise).
  let proCookie = '';
  beforeAll(async () => {
    database = await openDemoDatabase(kind);
    app = await buildTestApp(database);
    proCookie = await proSessionCookie(database);
    const { rows } = await database.query<{ geometry: string }>(
      `SELECT ST_AsGeoJSON(geometry) AS geometry FROM communes WHERE code = '75111'`,
    );
    eleventh = JSON.parse(rows[0]?.geometry ?? 'null');
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const analyze = async (body: unknown, path = '/api/v1/userzone-demographics/analyze') => {
    const response = await app.inject({
      method: 'POST',
      url: path,
      headers: { cookie: proCookie },
      payload: body as object,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DemographicsAnswer>();
  };
  const sumOf = (answer: DemographicsAnswer, column: string) =>
    answer.iris_zones.reduce(
      (sum, zone) => sum + (zone.groups['activite-residents']?.values[column] ?? 0) * zone.coverage_ratio,
      0,
    );

  it('adds up the 11e arrondissement, as an administrative zone, to the sum of its IRIS in the raw file', async () => {
    const answer = await analyze(
      {
        zone: {
          geometry: { type: 'Feature', geometry: eleventh, properties: {} },
          properties: { type: 'administrative', level: 'commune', code: '75111' },
        },
      },
      '/api/demographics/zone',
    );
    const rows = raw2016.filter((row) => row.COM === '75111');
    const everyIris = new Map(rows.map((row) => [row.IRIS ?? '', 1]));
    expect(answer.metadata.selection).toBe('administrative');
    expect(answer.iris_zones.every((zone) => zone.commune_code === '75111' && zone.coverage_ratio === 1)).toBe(true);
    const population = weightedSum(rows, 'P16_POP1564', everyIris);
    const active = weightedSum(rows, 'P16_ACT1564', everyIris);
    expect(population).toBeGreaterThan(100_000);
    expect(Math.abs(sumOf(answer, 'P16_POP1564') - population) / population).toBeLessThan(0.001);
    expect(Math.abs(sumOf(answer, 'P16_ACT1564') - active) / active).toBeLessThan(0.001);
    const aggregated = aggregateDemographics(answer);
    // The aggregated figures use RP 2017, which covers every IRIS of the 11e: recomputed from INSEE's file.
    const rows2017 = raw2017.filter((row) => row.COM === '75111');
    expect(rows2017).toHaveLength(rows.length);
    const population2017 = weightedSum(rows2017, 'P17_POP1564', everyIris);
    const active2017 = weightedSum(rows2017, 'P17_ACT1564', everyIris);
    expect(aggregated.employment.vintage_label).toBe('RP 2017');
    expect(aggregated.population.population_15_64).toBeCloseTo(population2017, 6);
    expect(aggregated.employment.active_15_64).toBeCloseTo(active2017, 6);
    expect(aggregated.employment.activity_rate).toBeCloseTo(active2017 / population2017, 9);
    expect(aggregated.analysis_metadata.analysis_type).toBe('administrative');
    expect(aggregated.revenue.median).toBeGreaterThan(15_000);
    // Deciles: only Filosofi 2015 publishes them by IRIS; the median of an arrondissement is the one INSEE
    // publishes for it (commune file, 2016), not an estimate from the IRIS medians of 2017.
    expect(aggregated.revenue.deciles_approximated).toBe(false);
    expect(aggregated.revenue.distribution_vintage_label).toBe('Filosofi 2015');
    expect(aggregated.revenue.vintage_label).toBe('Filosofi 2016 (commune)');
    expect(aggregated.revenue.method).toBe('commune');
    // Salaried workers are published by RP 2016 only; the 2016 sums above are those of the raw file.
    expect(aggregated.employment.salaried_15p).toBeCloseTo(weightedSum(rows, 'P16_SAL15P', everyIris), 6);
    // Every base's newest vintage loaded for the zone.
    expect(answer.metadata.bases.find((base) => base.base === 'activite-residents')?.vintage).toBe(2017);
    expect(answer.metadata.bases.find((base) => base.base === 'filosofi-disp')?.vintage).toBe(2017);
    expect(answer.metadata.bases.find((base) => base.base === 'diplomes-formation')?.vintage).toBe(2015);
    expect(answer.metadata.bases.find((base) => base.base === 'evol-struct-pop')?.vintage).toBe(2016);
    expect(answer.metadata.missing_bases).toEqual(['filosofi-dec']);
    expect(answer.metadata.loaded_vintages['activite-residents']).toEqual([2010, 2015, 2016, 2017]);
    expect(answer.metadata.total_area_km2).toBeCloseTo(3.67, 1);
  });

  it('takes Paris (75056) as a commune by the IRIS of its twenty arrondissements', async () => {
    const answer = await analyze({
      geometry: eleventh,
      administrative: { level: 'commune', code: '75056' },
    });
    expect(answer.metadata.selection).toBe('administrative');
    expect(answer.iris_zones).toHaveLength(rawIris.features.length);
  });

  it('intersects the 11e arrondissement’s (coarser, 2014) contour with the IRIS when given alone', async () => {
    const answer = await analyze({ geometry: eleventh });
    expect(answer.metadata.selection).toBe('geometry');
    const found = new Set(answer.iris_zones.map((zone) => zone.iris_code));
    const ownIris = rawIris.features
      .map((feature) => String(feature.properties?.CODE_IRIS))
      .filter((code) => code.startsWith('75111'));
    expect(ownIris.every((code) => found.has(code))).toBe(true);
    expect(answer.iris_zones.every((zone) => zone.coverage_ratio >= 0.05 && zone.coverage_ratio <= 1)).toBe(true);
    // The IRIS tile Paris: the covered parts add up to the zone, less the slivers under 5 %.
    const { covered_area_km2, total_area_km2 } = answer.metadata;
    expect(Math.abs(covered_area_km2 - total_area_km2) / total_area_km2).toBeLessThan(0.03);
  });

  it('weights IRIS cut by the zone by their coverage ratio, recomputed with turf from the raw contours', async () => {
    const box = bboxPolygon(CUTTING_BOX);
    const coverage = new Map<string, number>();
    for (const feature of rawIris.features) {
      const part = intersect(featureCollection([feature as Feature<Polygon | MultiPolygon>, box]));
      if (!part) continue;
      const ratio = area(part) / area(feature);
      if (ratio >= 0.05) coverage.set(String(feature.properties?.CODE_IRIS), ratio);
    }
    const answer = await analyze({ geometry: box.geometry }, '/api/demographics');
    expect(answer.iris_zones.length).toBeGreaterThan(10);
    expect(answer.iris_zones.some((zone) => zone.coverage_ratio < 0.9)).toBe(true);
    const codes = answer.iris_zones.map((zone) => zone.iris_code).sort();
    // IRIS whose ratio sits on the 5 % edge may differ between the two geodesic computations.
    const borderline = [...coverage].filter(([, ratio]) => Math.abs(ratio - 0.05) < 0.002).map(([code]) => code);
    expect(codes.filter((code) => !borderline.includes(code))).toEqual(
      [...coverage.keys()].filter((code) => !borderline.includes(code)).sort(),
    );
    for (const zone of answer.iris_zones) {
      expect(zone.coverage_ratio).toBeCloseTo(coverage.get(zone.iris_code) ?? 0, 2);
    }
    const expected = weightedSum(raw2016, 'P16_ACT1564', coverage);
    expect(Math.abs(sumOf(answer, 'P16_ACT1564') - expected) / expected).toBeLessThan(0.005);
    const aggregated = aggregateDemographics(answer);
    // One vintage for the whole zone: 2017 when INSEE's 2017 file has every IRIS the box covers, else 2016.
    const in2017 = new Set(raw2017.map((row) => row.IRIS));
    const year = answer.iris_zones.every((zone) => in2017.has(zone.iris_code)) ? 2017 : 2016;
    const rawOfYear = year === 2017 ? raw2017 : raw2016;
    const yy = String(year).slice(2);
    expect(aggregated.employment.vintage_label).toBe(`RP ${year}`);
    const active = weightedSum(rawOfYear, `P${yy}_ACT1564`, coverage);
    expect(Math.abs((aggregated.employment.active_15_64 ?? 0) - active) / active).toBeLessThan(0.005);
    const population = weightedSum(rawOfYear, `P${yy}_POP1564`, coverage);
    expect(Math.abs((aggregated.population.population_15_64 ?? 0) - population) / population).toBeLessThan(0.005);
  });

  it('answers a circle around coordinates and an Arrow stream identical to the JSON', async () => {
    const circle = await analyze({ coordinates: [2.3795, 48.8575], radius: 0.5 }, '/api/demographics/coordinates');
    expect(circle.metadata.total_area_km2).toBeCloseTo(Math.PI * 0.25, 1);
    const box = bboxPolygon(CUTTING_BOX).geometry;
    const json = await analyze({ geometry: box });
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/userzone-demographics/analyze',
      headers: { accept: ARROW_STREAM_TYPE, cookie: proCookie },
      payload: { geometry: box },
    });
    expect(response.headers['content-type']).toContain(ARROW_STREAM_TYPE);
    const decoded = demographicsFromArrow(new Uint8Array(response.rawPayload));
    expect(decoded.iris_zones).toEqual(json.iris_zones);
    expect({ ...decoded.metadata, query_time_ms: 0 }).toEqual({ ...json.metadata, query_time_ms: 0 });
  });

  it('refuses what is not a polygonal geometry with the « Invalid geometry format » message', async () => {
    for (const geometry of [undefined, { type: 'Point', coordinates: [2.3, 48.8] }, 'oops', { type: 'Polygon' }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/userzone-demographics/analyze',
        payload: { geometry },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: 'Invalid geometry format', code: 'VALIDATION_ERROR' });
    }
    const broken = await app.inject({
      method: 'POST',
      url: '/api/demographics',
      payload: { geometry: { type: 'Polygon', coordinates: [[[2.3, 48.8]]] } },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ detail: string }>().detail).toMatch(/^Invalid geometry format/);
    const badRadius = await app.inject({
      method: 'POST',
      url: '/api/demographics/coordinates',
      payload: { coordinates: [2.3, 48.8], radius: -1 },
    });
    expect(badRadius.json<{ detail: string }>().detail).toContain('radius');
  });
});
