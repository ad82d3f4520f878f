import { describe, expect, it } from 'vitest';
import { ageingIndex, averageAge, medianAge } from './ageStatistics';
import { CENSUS_SIX_AGE_BANDS } from './inseeColumns';
import { aggregateDemographics, coverageQuality } from './aggregateDemographics';
import type { DemographicsAnswer, IrisDemographicRecord } from './demographicsRecord';
import { approximateDeciles } from './revenueDeciles';

function record(code: string, coverage: number, groups: IrisDemographicRecord['groups']): IrisDemographicRecord {
  return {
    iris_code: code,
    iris_name: `IRIS ${code}`,
    iris_type: 'H',
    commune_code: code.slice(0, 5),
    commune_name: 'Paris 11e Arrondissement',
    area_km2: 0.2,
    coverage_ratio: coverage,
    groups,
  };
}

function answer(zones: IrisDemographicRecord[], jobSeekers: DemographicsAnswer['metadata']['job_seekers'] = []) {
  return {
    iris_zones: zones,
    metadata: {
      source: 'INSEE',
      total_area_km2: 0.5,
      covered_area_km2: 0.4,
      iris_count: zones.length,
      population: { total: null, vintage: null, iris_without_population: 0 },
      bases: [],
      missing_bases: ['logement'],
      loaded_vintages: {},
      job_seekers: jobSeekers,
      selection: 'geometry',
      query_time_ms: 1,
    },
  } satisfies DemographicsAnswer;
}

const activity = (population: number, active: number, employed: number, unemployed: number) => ({
  vintage: 2017,
  values: {
    P17_POP1564: population,
    P17_ACT1564: active,
    P17_ACTOCC1564: employed,
    P17_CHOM1564: unemployed,
    P17_POP1524: population / 5,
    P17_ACT1524: active / 10,
    C17_ACT1564_CS3: active / 2,
    C17_ACT1564_CS5: null,
  },
});

describe('aggregateDemographics', () => {
  const zones = [
    record('751114101', 1, {
      'activite-residents': activity(2000, 1500, 1350, 150),
      'filosofi-disp': { vintage: 2017, values: { DISP_MED17: 30000, DISP_Q117: 20000, DISP_Q317: 40000 } },
    }),
    record('751114102', 0.5, {
      'activite-residents': activity(1000, 800, 700, 100),
      'filosofi-disp': { vintage: 2017, values: { DISP_MED17: 24000, DISP_Q117: 16000, DISP_Q317: 32000 } },
    }),
    record('751114103', 0.04, { 'activite-residents': activity(9999, 9999, 9999, 0) }),
    record('751114104', 0.8, {}),
  ];
  const result = aggregateDemographics(answer(zones), () => 0);

  it('sums counts weighted by coverage and leaves out IRIS under 5 % or without figures', () => {
    expect(result.analysis_metadata.iris_zones_count).toBe(2);
    expect(result.employment.population_15_64).toBe(2000 + 500);
    expect(result.employment.active_15_64).toBe(1500 + 400);
    expect(result.employment.unemployed_15_64).toBe(150 + 50);
    expect(result.population.population_15_64).toBe(2500);
    expect(result.employment.socio_professional.find((group) => group.label.startsWith('Cadres'))?.value).toBe(950);
    // A column INSEE leaves empty everywhere stays unknown rather than 0.
    expect(result.employment.socio_professional.find((group) => group.label === 'Employés')?.value).toBeNull();
  });

  it('computes rates from the summed counts (INSEE definitions)', () => {
    expect(result.employment.activity_rate).toBeCloseTo(1900 / 2500, 10);
    expect(result.employment.employment_rate).toBeCloseTo((1350 + 350) / 2500, 10);
    expect(result.unemployment.unemployment_rate).toBeCloseTo(200 / 1900, 10);
    expect(result.employment.activity_rates_by_age[0]?.activity_rate).toBeCloseTo(190 / 500, 10);
  });

  it('weights IRIS medians by coverage × households (population 15–64 without household counts)', () => {
    const weightA = 2000 * 1;
    const weightB = 1000 * 0.5;
    expect(result.revenue.weighting).toBe('population_15_64');
    expect(result.revenue.median).toBeCloseTo((30000 * weightA + 24000 * weightB) / (weightA + weightB), 6);
    expect(result.revenue.deciles_approximated).toBe(true);
    expect(result.revenue.deciles[0]).toBeCloseTo(0.8 * (result.revenue.q1 ?? 0), 6);
    expect(result.revenue.vintage_label).toBe('Filosofi 2017');
  });

  it('describes the sources, missing bases and coverage quality', () => {
    expect(result.employment.vintage_label).toBe('RP 2017');
    expect(result.population.available).toBe(false);
    expect(result.population.base_label).toContain('Population');
    expect(result.analysis_metadata.missing_bases).toEqual([{ base: 'logement', label: 'Logement (recensement)' }]);
    expect(result.analysis_metadata.average_confidence_score).toBe(100);
    expect(result.analysis_metadata.coverage_quality).toBe('partial');
    expect(result.analysis_metadata.total_coverage_area_km2).toBeCloseTo(0.2 + 0.1, 10);
    expect(result.analysis_metadata.data_year).toBe(2017);
  });

  it('apportions a commune’s job seekers by the share of its population 15–64 in the zone', () => {
    const withSeekers = aggregateDemographics(
      answer(zones, [
        { commune_code: '75111', period: '2024-T1', population_1564: 5000, counts: { A: 1000, B: null } },
      ]),
    );
    expect(withSeekers.unemployment.job_seekers.available).toBe(true);
    expect(withSeekers.unemployment.job_seekers.categories).toEqual([{ label: 'Catégorie A', value: 1000 * 0.5 }]);
    expect(result.unemployment.job_seekers.available).toBe(false);
  });
});

describe('age statistics from band midpoints', () => {
  // 0-2, 3-5, 6-10, 11-17, 18-24, 25-39, 40-54, 55-64, 65-79, 80+
  const counts = [10, 10, 10, 10, 10, 20, 10, 10, 5, 5];
  it('averages the midpoints', () => {
    const expected =
      (1 * 10 + 4 * 10 + 8 * 10 + 14 * 10 + 21 * 10 + 32 * 20 + 47 * 10 + 59.5 * 10 + 72 * 5 + 85 * 5) / 100;
    expect(averageAge(counts)).toBeCloseTo(expected, 10);
  });
  it('takes the midpoint of the band reaching half the population', () => {
    expect(medianAge(counts)).toBe(21);
    expect(medianAge([10, 10, 10, 10, 9, 21, 10, 10, 5, 5])).toBe(32);
    expect(medianAge([100, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toBe(1);
  });
  it('gives the ageing index (65+)/(0-24) × 100 and nothing without every band', () => {
    expect(ageingIndex(counts)).toBeCloseTo((10 / 50) * 100, 10);
    expect(ageingIndex([...counts.slice(0, 9), null])).toBeNull();
    expect(averageAge([])).toBeNull();
  });
});

describe('deciles and coverage quality', () => {
  it('approximates deciles from quartiles', () => {
    const deciles = approximateDeciles({ q1: 10, median: 20, q3: 30 }).map(
      (value) => Math.round((value ?? 0) * 1e9) / 1e9,
    );
    expect(deciles).toEqual([8, 9, 10, 15, 20, 25, 30, 33, 36]);
    expect(approximateDeciles({ q1: null, median: 20, q3: 30 })[0]).toBeNull();
  });
  it('grades coverage', () => {
    expect(coverageQuality(80, 3)).toBe('complete');
    expect(coverageQuality(80, 2)).toBe('partial');
    expect(coverageQuality(50, 2)).toBe('partial');
    expect(coverageQuality(49.99, 5)).toBe('low');
    expect(coverageQuality(100, 1)).toBe('low');
  });
});

/** An RP 2016 habitat-IRIS row of the three subsets (age bands, CSP 15+, persons by household, housing). */
function census2016(scale: number): IrisDemographicRecord['groups'] {
  return {
    'evol-struct-pop': {
      vintage: 2016,
      values: {
        P16_POP0014: 100 * scale,
        P16_POP1529: 300 * scale,
        P16_POP3044: 250 * scale,
        P16_POP4559: 150 * scale,
        P16_POP6074: 150 * scale,
        P16_POP75P: 50 * scale,
        C16_POP15P_CS3: 200 * scale,
        C16_POP15P_CS7: 150 * scale,
        C16_POP15P_CS8: 550 * scale,
      },
    },
    'couples-familles-menages': {
      vintage: 2016,
      values: {
        C16_PMEN_MENHSEUL: 100 * scale,
        C16_PMEN_MENFSEUL: 150 * scale,
        C16_PMEN_MENCOUPSENF: 200 * scale,
        C16_PMEN_MENCOUPAENF: 300 * scale,
        C16_PMEN_MENFAMMONO: 100 * scale,
        C16_PMEN_MENSFAM: 50 * scale,
      },
    },
    logement: { vintage: 2016, values: { P16_RPMAISON: 10 * scale, P16_RPAPPART: 390 * scale, P16_RP_LOCHLMV: 80 * scale } },
  };
}

describe('RP 2016 six-band population, CSP 15+, persons by household and main residences', () => {
  const zones = [record('751114101', 1, census2016(1)), record('751114102', 0.5, census2016(2))];
  const result = aggregateDemographics(answer(zones), () => 0);

  it('totals the population as the sum of the six age bands, each band the coverage-weighted sum', () => {
    // Each IRIS: 1,000 × scale; the second counts half of its 2,000.
    expect(result.population.total).toBe(2000);
    expect(result.population.age_bands.map((band) => band.value)).toEqual([200, 600, 500, 300, 300, 100]);
    expect(result.population.age_bands[5]?.label).toBe('75 ans ou plus');
    expect(result.population.vintage_label).toBe('RP 2016');
    expect(result.population.density_per_km2).toBe(2000 / 0.5);
    expect(result.population.pyramid).toEqual([]);
  });

  it('derives ages from the six bands’ midpoints and states the method', () => {
    const expected = (7.5 * 200 + 22.5 * 600 + 37.5 * 500 + 52.5 * 300 + 67.5 * 300 + 82.5 * 100) / 2000;
    expect(result.population.average_age).toBeCloseTo(expected, 10);
    // Cumulated: 200, 800, 1,300 ≥ 1,000 → the 30-44 band.
    expect(result.population.median_age).toBe(37.5);
    // 0-24: 200 + 600 × 10/15; 65+: 300 × 10/15 + 100.
    expect(result.population.ageing_index).toBeCloseTo(((200 + 100) / (200 + 400)) * 100, 10);
    expect(result.population.age_method).toContain('75 ans ou plus → 82,5');
    expect(averageAge([1, 0, 0, 0, 0, 1], CENSUS_SIX_AGE_BANDS)).toBe(45);
  });

  it('gives the socio-professional categories of the population aged 15 or more', () => {
    expect(result.population.population_15p).toBe(1800);
    expect(result.population.socio_professional_15p.map((group) => group.value)).toEqual([
      null,
      null,
      400,
      null,
      null,
      null,
      300,
      1100,
    ]);
  });

  it('gives the household composition as shares of persons, one-person households = persons alone', () => {
    expect(result.households.persons).toBe(1800);
    expect(result.households.persons_by_type.map((type) => [type.label, type.persons])).toEqual([
      ['Personnes vivant seules', 500],
      ['En couple sans enfant', 400],
      ['En couple avec enfant(s)', 600],
      ['En famille monoparentale', 200],
      ['Autres ménages sans famille', 100],
    ]);
    expect(result.households.persons_by_type[0]?.share).toBeCloseTo(500 / 1800, 10);
    expect(result.households.single_person).toBe(500);
    expect(result.households.households).toBeNull();
    expect(result.households.vintage_label).toBe('RP 2016');
  });

  it('shares main residences among houses and flats when INSEE’s total is not published', () => {
    expect(result.housing.main_residence_houses).toBe(20);
    expect(result.housing.main_residence_flats).toBe(780);
    expect(result.housing.social_tenants).toBe(160);
    expect(result.housing.share_base).toBe('houses_and_flats');
    expect(result.housing.house_share).toBeCloseTo(20 / 800, 10);
    expect(result.housing.social_tenant_share).toBeCloseTo(160 / 800, 10);
    expect(result.housing.dwellings).toBeNull();
  });
});

describe('the newest vintage covering the zone, figure by figure', () => {
  const both = (population: number) => ({
    vintage: 2017,
    vintages: [2017, 2016],
    values: {
      P17_POP1564: population,
      P17_ACT1564: population * 0.8,
      P17_ACTOCC1564: population * 0.7,
      P16_POP1564: population * 2,
      P16_ACT1564: population * 1.2,
      P16_ACTOCC1564: population,
      C16_ACTOCC15P: population,
      C16_ACTOCC15P_TCOM: population / 2,
      C17_ACTOCC15P: null,
    },
  });
  const only2016 = {
    vintage: 2016,
    vintages: [2016],
    values: { P16_POP1564: 500, P16_ACT1564: 400, P16_ACTOCC1564: 300, C16_ACTOCC15P: 300, C16_ACTOCC15P_TCOM: 100 },
  };

  it('uses 2017 where every IRIS of the zone has a 2017 row, 2016 for a figure 2017 does not publish', () => {
    const result = aggregateDemographics(
      answer([record('751114101', 1, { 'activite-residents': both(1000) })]),
      () => 0,
    );
    expect(result.employment.vintage_label).toBe('RP 2017');
    expect(result.employment.activity_rate).toBeCloseTo(0.8, 10);
    expect(result.employment.commuting_vintage_label).toBe('RP 2016');
    expect(result.employment.commuting).toEqual([{ label: 'Transports en commun', value: 500 }]);
  });

  it('falls back to 2016 for the whole zone when one IRIS has no 2017 row (never two vintages in a ratio)', () => {
    const result = aggregateDemographics(
      answer([
        record('751114101', 1, { 'activite-residents': both(1000) }),
        record('920120101', 1, { 'activite-residents': only2016 }),
      ]),
      () => 0,
    );
    expect(result.employment.vintage_label).toBe('RP 2016');
    expect(result.employment.population_15_64).toBe(2000 + 500);
    expect(result.employment.activity_rate).toBeCloseTo((1200 + 400) / 2500, 10);
  });
});
