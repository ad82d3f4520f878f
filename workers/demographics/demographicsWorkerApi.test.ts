import { describe, expect, it } from 'vitest';
import { demographicsFromArrow, demographicsToArrow } from '../../kernel/demographics/demographicsArrow';
import type { DemographicsAnswer } from '../../kernel/demographics/demographicsRecord';
import { demographicsWorkerApi } from './demographicsWorkerApi';

describe('demographics worker API', () => {
  it('aggregates an Arrow answer as the core function does on JSON', () => {
    const answer: DemographicsAnswer = {
      iris_zones: [
        {
          iris_code: '751114101',
          iris_name: 'Folie-Méricourt 1',
          iris_type: 'H',
          commune_code: '75111',
          commune_name: 'Paris 11e Arrondissement',
          area_km2: 0.1,
          coverage_ratio: 0.5,
          groups: { 'activite-residents': { vintage: 2016, values: { P16_POP1564: 2000, P16_ACT1564: 1600 } } },
        },
      ],
      metadata: {
        source: 'INSEE',
        total_area_km2: 0.05,
        covered_area_km2: 0.05,
        iris_count: 1,
        population: { total: null, vintage: null, iris_without_population: 0 },
        bases: [],
        missing_bases: [],
        loaded_vintages: {},
        job_seekers: [],
        selection: 'geometry',
        query_time_ms: 1,
      },
    };
    const bytes = demographicsToArrow(answer);
    const result = demographicsWorkerApi.aggregateArrow(bytes.slice().buffer);
    expect(result.employment.population_15_64).toBe(1000);
    expect(result.employment.activity_rate).toBeCloseTo(0.8, 10);
    expect(result.employment.vintage_label).toBe('RP 2016');
  });
});

describe('Arrow answer with several vintages per base', () => {
  it('gives each IRIS back the columns of its own vintages only', () => {
    const identity = {
      iris_name: 'IRIS',
      iris_type: 'H',
      commune_code: '75111',
      commune_name: 'Paris 11e Arrondissement',
      area_km2: 0.1,
      coverage_ratio: 1,
    };
    const answer: DemographicsAnswer = {
      iris_zones: [
        {
          ...identity,
          iris_code: '751114101',
          groups: {
            'activite-residents': {
              vintage: 2017,
              vintages: [2017, 2016],
              values: { P17_POP1564: 10, P17_ACT1564: 8, P16_POP1564: 9, P16_ACT1564: 7, P16_SAL15P: null },
            },
          },
        },
        {
          ...identity,
          iris_code: '751114102',
          groups: { 'activite-residents': { vintage: 2016, vintages: [2016], values: { P16_POP1564: 5, P16_ACT1564: 4, P16_SAL15P: 1 } } },
        },
      ],
      metadata: {
        source: 'INSEE',
        total_area_km2: 0.2,
        covered_area_km2: 0.2,
        iris_count: 2,
        population: { total: null, vintage: null, iris_without_population: 0 },
        bases: [],
        missing_bases: [],
        loaded_vintages: {},
        job_seekers: [],
        selection: 'geometry',
        query_time_ms: 1,
      },
    };
    const decoded = demographicsFromArrow(demographicsToArrow(answer));
    expect(decoded.iris_zones).toEqual(answer.iris_zones);
    // The second IRIS has no 2017 row: the zone's activity figures are those of 2016.
    const result = demographicsWorkerApi.aggregateArrow(demographicsToArrow(answer).slice().buffer);
    expect(result.employment.vintage_label).toBe('RP 2016');
    expect(result.employment.population_15_64).toBe(14);
  });
});
